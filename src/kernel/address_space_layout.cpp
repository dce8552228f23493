#include "kernel/address_space_layout.h"

#include <fmt/format.h>

#include "base/bits.h"
#include "base/error.h"

namespace kernel {
namespace {

// The 39-bit map region starts at 128 MiB; the kernel map region is 64 GiB (public Horizon
// documentation of the 39-bit address space).
constexpr u64 kMapRegionStart = 0x800'0000;
constexpr u64 kKernelMapRegionSize = u64{64} << 30;
// Where the code goes: Horizon puts it at a random place of the map region; nxhost at a fixed
// one 256 MiB into it, so that the region below the code is free for what a program maps near
// its code (a JIT's code memory within branch range, such as melonDS's) besides the 64 MiB of
// LSE trampolines that end at the code.
constexpr u64 kCodeBase = 0x1800'0000;

}  // namespace

AddressSpaceLayout MakeApplicationLayout(u64 code_size, const MemorySettings& settings) {
    AddressSpaceLayout layout;
    layout.address_bits = 39;
    const u64 top = u64{1} << layout.address_bits;
    layout.address_space = {0, top};
    layout.alias_code = {kMapRegionStart, top - kMapRegionStart};
    layout.code = {kCodeBase, base::AlignUp(std::max<u64>(code_size, 1), kRegionAlignment)};

    const u64 kernel_map_size = kKernelMapRegionSize;
    const u64 stack_size = base::AlignUp(settings.stack_region_size, kRegionAlignment);
    const u64 alias_size = base::AlignUp(settings.alias_region_size, kRegionAlignment);
    const u64 heap_size = base::AlignUp(settings.heap_region_size, kRegionAlignment);

    // Horizon places the regions in the larger of the spans before and after the code; with
    // the code at the start of the map region that is the span after it. With every random
    // offset 0 its shifting rule stacks them as kernel map, stack, alias, heap.
    const u64 start = layout.code.End();
    const u64 available = layout.alias_code.End() - start;
    const u64 needed = kernel_map_size + stack_size + alias_size + heap_size;
    if (needed > available || stack_size == 0 || heap_size == 0 || alias_size == 0) {
        base::Fail(
            "memory layout: regions of {:#x} (stack), {:#x} (alias) and {:#x} (heap) bytes do "
            "not fit the {}-bit address space (each must be non-zero; {:#x} bytes are free "
            "after the code and kernel map)",
            stack_size, alias_size, heap_size, layout.address_bits,
            available > kernel_map_size ? available - kernel_map_size : 0);
    }
    layout.kernel_map = {start, kernel_map_size};
    layout.stack = {layout.kernel_map.End(), stack_size};
    layout.alias = {layout.stack.End(), alias_size};
    layout.heap = {layout.alias.End(), heap_size};
    return layout;
}

bool AddressSpaceLayout::CanContain(u64 address, u64 size, MemoryState state) const {
    const auto within = [&](const Region& region) {
        return size != 0 && region.Contains(address, size);
    };
    const bool in_heap = heap.Overlaps(address, size);
    const bool in_alias = alias.Overlaps(address, size);
    switch (state) {
        case MemoryState::Free:
        case MemoryState::Kernel:
            return within(address_space);
        case MemoryState::Normal:
            return within(heap) && !in_alias;
        case MemoryState::Ipc:
        case MemoryState::NonSecureIpc:
        case MemoryState::NonDeviceIpc:
            return within(alias) && !in_heap;
        case MemoryState::Stack:
            return within(stack) && !in_heap && !in_alias;
        case MemoryState::Static:
        case MemoryState::ThreadLocal:
            return within(kernel_map) && !in_heap && !in_alias;
        case MemoryState::Code:
        case MemoryState::CodeData:
        case MemoryState::Io:
        case MemoryState::Shared:
        case MemoryState::AliasCode:
        case MemoryState::AliasCodeData:
        case MemoryState::Transferred:
        case MemoryState::SharedTransferred:
        case MemoryState::SharedCode:
        case MemoryState::GeneratedCode:
        case MemoryState::CodeOut:
        case MemoryState::Coverage:
            return within(alias_code) && !in_heap && !in_alias;
        case MemoryState::Alias:  // not made by any call nxhost provides
        case MemoryState::Inaccessible:
            return false;
    }
    return false;
}

std::string AddressSpaceLayout::Describe() const {
    const auto line = [](const char* name, const Region& region) {
        return fmt::format("  {:<14} {:#014x} - {:#014x}  ({:#x} bytes)\n", name, region.base,
                           region.End(), region.size);
    };
    return fmt::format("address space ({}-bit):\n", address_bits) +
           line("address space", address_space) + line("aslr (map)", alias_code) +
           line("code", code) + line("kernel map", kernel_map) + line("stack", stack) +
           line("alias", alias) + line("heap", heap);
}

}  // namespace kernel
