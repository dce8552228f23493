#include "gpu/engines/constant_buffers.h"

#include "base/bits.h"
#include "base/log.h"

namespace gpu::engines {
namespace {

constexpr u32 kSelectorA = 0x2380 / 4;  // SIZE 16:0 (bytes)
constexpr u32 kSelectorB = 0x2384 / 4;  // address 39:32
constexpr u32 kLoadOffset = 0x238C / 4;
constexpr u32 kLoadFirst = 0x2390 / 4;
constexpr u32 kLoadLast = 0x23CC / 4;
constexpr u32 kBindFirst = 0x2410 / 4;
constexpr u32 kBindStride = 32 / 4;

}  // namespace

bool ConstantBuffers::Handles(u32 method) {
    if (method >= kLoadFirst && method <= kLoadLast) {
        return true;
    }
    return method >= kBindFirst && method < kBindFirst + kBindGroups * kBindStride &&
           (method - kBindFirst) % kBindStride == 0;
}

void ConstantBuffers::Execute(RegisterFile& registers, u32 method, u32 argument) {
    const u64 address = registers.Address(kSelectorB);
    const u32 size = registers.Get(kSelectorA) & 0x1FFFF;
    if (method >= kLoadFirst && method <= kLoadLast) {
        const u32 offset = registers.Get(kLoadOffset);
        if (offset + 4 > size) {
            if (!outside_named_) {
                outside_named_ = true;
                LOG_WARNING("gpu",
                            "channel {}: LOAD_CONSTANT_BUFFER at offset {:#x} of a {:#x}-byte "
                            "constant buffer: the hardware drops it, so does nxhost; named once",
                            context_.channel_id, offset, size);
            }
        } else {
            context_.memory->WriteValue(address + offset, argument, "LOAD_CONSTANT_BUFFER");
        }
        registers.Set(kLoadOffset, offset + 4);
        return;
    }
    const u32 group = (method - kBindFirst) / kBindStride;
    const u32 slot = static_cast<u32>(base::Bits(argument, 4, 5));
    if (slot >= kConstantBufferSlots) {
        LOG_WARNING("gpu", "channel {}: BIND_GROUP_CONSTANT_BUFFER({}) of slot {}: there are {}",
                    context_.channel_id, group, slot, kConstantBufferSlots);
        return;
    }
    if (base::Bit(argument, 0)) {
        bound_[group][slot] = ConstantBufferBinding{address, size};
    } else {
        bound_[group][slot].reset();
    }
}

}  // namespace gpu::engines
