#include "shader/engine_environment.h"

#include "base/error.h"
#include "shader/sass/instruction.h"

namespace shader {

EngineEnvironment::EngineEnvironment(EngineProgram program, const TargetProfile& target)
    : program_(std::move(program)),
      header_(ParseSph(program_.header, program_.name)),
      target_(target) {
    if (program_.code.size() % 16 != 0) {
        base::Fail("{}: {} bytes of code, not whole 16-byte instructions", program_.name,
                   program_.code.size());
    }
    if (program_.stage == Stage::Compute) {
        base::Fail("{}: a compute program has no stage header for the 3D class", program_.name);
    }
}

sass::Word EngineEnvironment::CodeWord(u64 offset) const {
    return sass::ToWord(&program_.code.at(offset));
}

std::optional<TextureType> EngineEnvironment::TextureHandle(u32, u32 offset) const {
    if (offset % 4 != 0) {
        return std::nullopt;
    }
    return TextureType{};
}

}  // namespace shader
