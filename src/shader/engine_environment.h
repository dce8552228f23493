#pragma once

#include <array>
#include <string>
#include <vector>

#include "shader/environment.h"
#include "shader/sph.h"

namespace shader {

// A graphics program as a Volta-and-later 3D class points at it (AMPERE_B's
// PIPELINE_PROGRAM_ADDRESS): its stage, its 0x80-byte header (SPH v4) and the 128-bit code
// after it, handed over by value (shader/ does not read GPU memory).
struct EngineProgram {
    std::string name;
    Stage stage = Stage::Vertex;
    std::vector<u8> header;
    std::vector<u8> code;  // 16-byte words, up to and including the self-branch that ends it
    // A vertex stage's attributes by Location: what the draw's vertex attribute formats give.
    std::array<AttributeType, kGenericAttributeCount> attribute_types{};
};

// An EngineProgram as a ShaderEnvironment. No constant bank is fixed: every bank is read from
// its bound buffer when the program runs. Volta and later name a texture's handle by its place
// in a constant bank in the instruction itself (TEX ... c[bank][offset], or a uniform register
// loaded from there), so any bank may hold handles, whose dimension the instructions give.
class EngineEnvironment final : public ShaderEnvironment {
public:
    EngineEnvironment(EngineProgram program, const TargetProfile& target);

    const std::string& Name() const override { return program_.name; }
    Stage GetStage() const override { return program_.stage; }
    Architecture GetArchitecture() const override { return Architecture::Ampere; }
    u64 CodeBytes() const override { return program_.code.size(); }
    sass::Word CodeWord(u64 offset) const override;
    bool FixesConstantBank(u32) const override { return false; }
    std::optional<u32> ReadConstantBank(u32, u32) const override { return std::nullopt; }
    const Sph* Header() const override { return &header_; }
    ComputeLaunch Launch() const override { return {}; }
    std::optional<TextureType> TextureHandle(u32 bank, u32 offset) const override;
    AttributeType VertexAttributeType(u32 index) const override {
        return index < kGenericAttributeCount ? program_.attribute_types[index]
                                              : AttributeType::Float;
    }
    const TargetProfile& Target() const override { return target_; }

private:
    EngineProgram program_;
    Sph header_;
    const TargetProfile& target_;
};

}  // namespace shader
