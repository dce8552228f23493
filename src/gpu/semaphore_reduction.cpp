#include "gpu/semaphore_reduction.h"

#include <algorithm>
#include <bit>

namespace gpu {

std::optional<u64> Reduce(u32 reduction, bool is_signed, bool is_64bit, u64 memory, u64 payload) {
    const u64 mask = is_64bit ? ~u64{0} : 0xFFFF'FFFFull;
    memory &= mask;
    payload &= mask;
    const auto as_signed = [&](u64 value) {
        return is_64bit ? static_cast<s64>(value) : static_cast<s64>(static_cast<s32>(value));
    };
    u64 result = 0;
    switch (static_cast<Reduction>(reduction)) {
        case Reduction::Min:
            result = is_signed ? static_cast<u64>(std::min(as_signed(memory), as_signed(payload)))
                               : std::min(memory, payload);
            break;
        case Reduction::Max:
            result = is_signed ? static_cast<u64>(std::max(as_signed(memory), as_signed(payload)))
                               : std::max(memory, payload);
            break;
        case Reduction::Xor:
            result = memory ^ payload;
            break;
        case Reduction::And:
            result = memory & payload;
            break;
        case Reduction::Or:
            result = memory | payload;
            break;
        case Reduction::Add:
            result = memory + payload;
            break;
        case Reduction::Inc:
            result = memory >= payload ? 0 : memory + 1;
            break;
        case Reduction::Dec:
            result = (memory == 0 || memory > payload) ? payload : memory - 1;
            break;
        case Reduction::FloatAdd:
            if (is_64bit) {
                return std::nullopt;
            }
            result = std::bit_cast<u32>(std::bit_cast<float>(static_cast<u32>(memory)) +
                                        std::bit_cast<float>(static_cast<u32>(payload)));
            break;
        default:
            return std::nullopt;
    }
    return result & mask;
}

}  // namespace gpu
