#include "gpu/engines/dma_copy.h"

#include <algorithm>
#include <cstring>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/class_ids.h"
#include "gpu/gpu_timer.h"
#include "gpu/semaphore_reduction.h"

namespace gpu::engines {
namespace {

constexpr u32 kSemaphoreA = 0x240 / 4;
constexpr u32 kSemaphorePayload = 0x248 / 4;
constexpr u32 kLaunchDma = 0x300 / 4;
constexpr u32 kOffsetInUpper = 0x400 / 4;
constexpr u32 kOffsetOutUpper = 0x408 / 4;
constexpr u32 kPitchIn = 0x410 / 4;
constexpr u32 kPitchOut = 0x414 / 4;
constexpr u32 kLineLengthIn = 0x418 / 4;
constexpr u32 kLineCount = 0x41C / 4;
constexpr u32 kRemapConstA = 0x700 / 4;
constexpr u32 kRemapConstB = 0x704 / 4;
constexpr u32 kRemapComponents = 0x708 / 4;
// SET_DST_BLOCK_SIZE 0x70C and SET_SRC_BLOCK_SIZE 0x728 each start six registers: block size,
// width, height, depth, layer, origin.
constexpr u32 kDstGeometry = 0x70C / 4;
constexpr u32 kSrcGeometry = 0x728 / 4;

constexpr u32 kRemapNoWrite = 6;

}  // namespace

DmaCopy::DmaCopy(EngineContext& context, u32 class_number)
    : context_(context),
      class_number_(class_number),
      // Turing and later classes widen the upper address words to 17 bits (clc5b5.h).
      upper_bits_(class_number == static_cast<u32>(ClassId::MaxwellDmaCopyA) ? 8 : 17) {}

void DmaCopy::CallMethod(u32 method, u32 argument, bool) {
    registers_.Set(method, argument);
    if (method == kLaunchDma) {
        context_.host_gpu->Synchronize();  // the copy sees the surfaces the host GPU wrote
        Launch(argument);
    }
}

DmaCopy::Side DmaCopy::MakeSide(bool source, bool pitch_layout, u32 element_bytes) const {
    const u32 geometry = source ? kSrcGeometry : kDstGeometry;
    Side side;
    side.address = registers_.Address(source ? kOffsetInUpper : kOffsetOutUpper, upper_bits_);
    side.pitch_layout = pitch_layout;
    side.pitch = registers_.Get(source ? kPitchIn : kPitchOut);
    const u32 block = registers_.Get(geometry);
    // Width, origin X and the line length count elements: bytes without remapping.
    side.surface = BlockLinearSurface{
        registers_.Get(geometry + 1) * element_bytes, registers_.Get(geometry + 2),
        std::min<u32>(static_cast<u32>(base::Bits(block, 4, 4)), 5), registers_.Get(geometry + 3),
        std::min<u32>(static_cast<u32>(base::Bits(block, 8, 4)), 5)};
    side.layer = registers_.Get(geometry + 4);
    const u32 origin = registers_.Get(geometry + 5);
    side.origin_x_bytes = (origin & 0xFFFF) * element_bytes;
    side.origin_y = origin >> 16;
    return side;
}

void DmaCopy::AccessLine(const Side& side, u32 y, std::span<u8> bytes, bool write) {
    MemoryManager& memory = *context_.memory;
    if (side.pitch_layout) {
        // A pitch side's origin is its offset: SET_*_ORIGIN describe block-linear sides only.
        const u64 at = side.address + u64{y} * side.pitch;
        if (write) {
            memory.Write(at, bytes, "copy engine destination");
        } else {
            memory.Read(at, bytes, "copy engine source");
        }
        return;
    }
    // Block-linear: runs up to each 16-byte boundary stay contiguous.
    u64 x = 0;
    while (x < bytes.size()) {
        const u64 column = side.origin_x_bytes + x;
        const u64 run = std::min<u64>(16 - column % 16, bytes.size() - x);
        const u64 at = side.address +
                       side.surface.Offset(static_cast<u32>(column), side.origin_y + y, side.layer);
        if (write) {
            memory.Write(at, bytes.subspan(x, run), "copy engine destination");
        } else {
            memory.Read(at, bytes.subspan(x, run), "copy engine source");
        }
        x += run;
    }
}

void DmaCopy::ApplyRemap(const Remap& remap, std::span<const u8> source,
                         std::span<u8> destination) {
    const u32 size = remap.component_size;
    const u32 source_bytes = size * remap.source_components;
    const u32 destination_bytes = size * remap.destination_components;
    const u32 constants[2] = {registers_.Get(kRemapConstA), registers_.Get(kRemapConstB)};
    const u64 elements = destination.size() / destination_bytes;
    for (u64 element = 0; element < elements; ++element) {
        const u8* in = source.data() + element * source_bytes;
        u8* out = destination.data() + element * destination_bytes;
        for (u32 component = 0; component < remap.destination_components; ++component) {
            const u32 select = remap.select[component];
            u8* to = out + component * size;
            if (select < 4) {
                // A source component past those the element has reads as zero.
                if (select < remap.source_components) {
                    std::memcpy(to, in + select * size, size);
                } else {
                    std::memset(to, 0, size);
                }
            } else if (select < kRemapNoWrite) {
                std::memcpy(to, &constants[select - 4], size);
            }
        }
    }
}

void DmaCopy::Launch(u32 launch) {
    const u32 transfer_type = static_cast<u32>(base::Bits(launch, 0, 2));
    if (transfer_type != 0) {
        const bool remap_enabled = base::Bit(launch, 10);
        Remap remap;
        if (remap_enabled) {
            const u32 components = registers_.Get(kRemapComponents);
            remap.component_size = static_cast<u32>(base::Bits(components, 16, 2)) + 1;
            remap.source_components = static_cast<u32>(base::Bits(components, 20, 2)) + 1;
            remap.destination_components = static_cast<u32>(base::Bits(components, 24, 2)) + 1;
            for (u32 component = 0; component < 4; ++component) {
                remap.select[component] =
                    static_cast<u32>(base::Bits(components, component * 4, 3));
            }
        }
        const u32 source_element = remap.component_size * remap.source_components;
        const u32 destination_element = remap.component_size * remap.destination_components;
        const bool multi_line = base::Bit(launch, 9);
        const u32 lines = multi_line ? registers_.Get(kLineCount) : 1;
        const u64 length = registers_.Get(kLineLengthIn);
        const u64 bytes = length * std::max(source_element, destination_element) * lines;
        if (bytes > context_.largest_transfer) {
            LOG_WARNING("gpu",
                        "channel {}: class {:#x} LAUNCH_DMA of {} lines of {} elements "
                        "is refused (more than the {} bytes a copy may move)",
                        context_.channel_id, class_number_, lines, length,
                        context_.largest_transfer);
        } else {
            for (u32 geometry : {kSrcGeometry, kDstGeometry}) {
                if (base::Bits(registers_.Get(geometry), 12, 4) == 0 && !named_gob_height_ &&
                    !base::Bit(launch, geometry == kSrcGeometry ? 7 : 8)) {
                    named_gob_height_ = true;
                    LOG_WARNING("gpu",
                                "channel {}: class {:#x} copy with a block-linear side of "
                                "Tesla's 4-row GOBs (GOB_HEIGHT_TESLA_4): copied as Fermi's "
                                "8-row GOBs",
                                context_.channel_id, class_number_);
                }
            }
            const Side source = MakeSide(true, base::Bit(launch, 7), source_element);
            const Side destination = MakeSide(false, base::Bit(launch, 8), destination_element);
            source_line_.resize(length * source_element);
            destination_line_.resize(length * destination_element);
            const bool keeps_some =
                remap_enabled &&
                std::any_of(remap.select, remap.select + remap.destination_components,
                            [](u32 select) { return select == kRemapNoWrite; });
            // With remapping, a copy whose every destination component is a constant (or kept)
            // reads no source (clc7b5.h's DST_* selects; NVK fills buffers so, with no source
            // address set).
            const bool reads_source =
                !remap_enabled ||
                std::any_of(remap.select, remap.select + remap.destination_components,
                            [](u32 select) { return select < 4; });
            for (u32 y = 0; y < lines; ++y) {
                if (reads_source) {
                    AccessLine(source, y, source_line_, false);
                }
                if (!remap_enabled) {
                    AccessLine(destination, y, source_line_, true);
                    continue;
                }
                if (keeps_some) {
                    AccessLine(destination, y, destination_line_, false);
                }
                ApplyRemap(remap, source_line_, destination_line_);
                AccessLine(destination, y, destination_line_, true);
            }
        }
    }
    ReleaseSemaphore(launch);
}

void DmaCopy::ReleaseSemaphore(u32 launch) {
    const u32 type = static_cast<u32>(base::Bits(launch, 3, 2));
    if (type == 0) {
        return;
    }
    MemoryManager& memory = *context_.memory;
    const u64 address = registers_.Address(kSemaphoreA, upper_bits_);
    u32 value = registers_.Get(kSemaphorePayload);
    if (base::Bit(launch, 19)) {
        const u32 reduction = static_cast<u32>(base::Bits(launch, 14, 4));
        const bool is_signed = !base::Bit(launch, 18);
        const u32 current = memory.ReadValue<u32>(address, "copy engine semaphore");
        const auto reduced = Reduce(reduction, is_signed, false, current, value);
        if (!reduced) {
            LOG_WARNING("gpu",
                        "channel {}: class {:#x} semaphore reduction {} is not one the "
                        "class defines: the payload is written as it is",
                        context_.channel_id, class_number_, reduction);
        }
        value = reduced ? static_cast<u32>(*reduced) : value;
    }
    if (type == 2) {
        // The four-word form: payload, a zero word, the 64-bit timestamp.
        struct {
            u32 payload;
            u32 zero;
            u64 timestamp;
        } release{value, 0, GpuTimerNanoseconds()};
        memory.WriteValue(address, release, "copy engine semaphore");
    } else {
        // One word (and type 3, a release that also raises an interrupt nobody listens to).
        memory.WriteValue(address, value, "copy engine semaphore");
    }
}

}  // namespace gpu::engines
