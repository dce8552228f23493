#include "kernel/address_space_layout.h"

#include <fmt/format.h>

#include "base/bits.h"

namespace kernel {

AddressSpaceLayout MakeApplicationLayout(u64 code_size) {
    // Sizes of the 39-bit layout (public Horizon documentation): code from 0x8000000, a 64 GiB
    // alias region, a heap region and a 2 GiB stack region, each 2 MiB aligned.
    constexpr u64 kRegionAlignment = 0x200000;
    AddressSpaceLayout layout;
    layout.address_bits = 39;
    layout.address_space = {0x8000000, (u64{1} << 39) - 0x8000000};
    layout.code = {0x8000000, base::AlignUp(code_size, kRegionAlignment)};
    layout.alias = {0x10'0000'0000, 0x10'0000'0000};
    layout.heap = {layout.alias.End(), 0x2'0000'0000};
    layout.stack = {base::AlignUp(layout.heap.End(), kRegionAlignment), 0x8000'0000};
    return layout;
}

std::string AddressSpaceLayout::Describe() const {
    const auto line = [](const char* name, const Region& region) {
        return fmt::format("  {:<14} {:#014x} - {:#014x}  ({:#x} bytes)\n", name, region.base,
                           region.End(), region.size);
    };
    return fmt::format("address space ({}-bit):\n", address_bits) +
           line("address space", address_space) + line("code", code) + line("alias", alias) +
           line("heap", heap) + line("stack", stack);
}

}  // namespace kernel
