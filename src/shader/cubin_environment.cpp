#include "shader/cubin_environment.h"

#include <algorithm>

#include "shader/sass/instruction.h"

namespace shader {
namespace {

// ptxas puts constants of its own (division magic numbers, tables) in bank 2; the cubin holds
// their values.
constexpr u32 kCompilerConstantBank = 2;

}  // namespace

CubinEnvironment::CubinEnvironment(const sass::CubinKernel& kernel, const TargetProfile& target,
                                   const ComputeState& state)
    : kernel_(kernel), target_(target), state_(state), name_("kernel " + kernel.name) {}

sass::Word CubinEnvironment::CodeWord(u64 offset) const {
    return sass::ToWord(&kernel_.code.at(offset));
}

bool CubinEnvironment::FixesConstantBank(u32 bank) const {
    return bank == kCompilerConstantBank;
}

std::optional<u32> CubinEnvironment::ReadConstantBank(u32 bank, u32 offset) const {
    const std::vector<u8>& bytes = kernel_.constant2;
    if (bank != kCompilerConstantBank || offset % 4 != 0 || u64{offset} + 4 > bytes.size()) {
        return std::nullopt;
    }
    return static_cast<u32>(bytes[offset]) | static_cast<u32>(bytes[offset + 1]) << 8 |
           static_cast<u32>(bytes[offset + 2]) << 16 | static_cast<u32>(bytes[offset + 3]) << 24;
}

ComputeLaunch CubinEnvironment::Launch() const {
    return {.block = state_.block,
            .shared_bytes = kernel_.shared_bytes + state_.dynamic_shared_bytes,
            .local_bytes = (kernel_.stack_bytes + 15) / 16 * 16,
            .cbank0_bytes = kernel_.constant0_bytes};
}

std::optional<TextureType> CubinEnvironment::TextureHandle(u32 bank, u32 offset) const {
    const bool is_parameter =
        bank == 0 && std::any_of(kernel_.parameters.begin(), kernel_.parameters.end(),
                                 [&](const sass::KernelParameter& parameter) {
                                     return parameter.size == 8 &&
                                            kernel_.param_base + parameter.offset == offset;
                                 });
    if (!is_parameter) {
        return std::nullopt;
    }
    TextureType type;
    const auto given = std::find_if(state_.image_dims.begin(), state_.image_dims.end(),
                                    [&](const auto& entry) { return entry.first == offset; });
    if (given != state_.image_dims.end()) {
        type.dim = given->second;
    }
    return type;
}

}  // namespace shader
