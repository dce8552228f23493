#include "shader/sass/operand_text.h"

#include <fmt/format.h>

namespace shader::sass {

std::string RegisterName(u64 index) {
    return index == 255 ? "RZ" : fmt::format("R{}", index);
}

std::string UniformRegisterName(u64 index) {
    return index == 63 ? "URZ" : fmt::format("UR{}", index);
}

std::string PredicateName(u64 index) {
    return index == 7 ? "PT" : fmt::format("P{}", index);
}

std::string UniformPredicateName(u64 index) {
    return index == 7 ? "UPT" : fmt::format("UP{}", index);
}

std::string Hex(u64 value) {
    return fmt::format("{:#x}", value);
}

std::string SignedHex(s64 value) {
    return value < 0 ? fmt::format("-{:#x}", -static_cast<u64>(value))
                     : Hex(static_cast<u64>(value));
}

s64 SignExtend(u64 value, unsigned width) {
    if (width >= 64) {
        return static_cast<s64>(value);
    }
    const u64 sign = u64{1} << (width - 1);
    return static_cast<s64>((value ^ sign) - sign);
}

}  // namespace shader::sass
