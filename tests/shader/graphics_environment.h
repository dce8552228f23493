#pragma once

#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fixtures.h"
#include "shader/environment.h"
#include "shader/sass/instruction.h"
#include "shader/sph.h"

namespace shader::testing {

// nvidia-modeset's 3D code puts its texture handles in constant bank 4 (the TEX and ULDC / MOV
// operands of the fixtures); every texture of those programs is 2D, as the engine would read
// from its texture headers.
inline constexpr u32 kFixtureTextureBank = 4;

// A graphics program of the NVIDIA fixtures (or a DKSH program): its header and code, and the
// constant banks whose words the driver fixes (the Maxwell programs' jump tables in bank 1).
class GraphicsEnvironment final : public ShaderEnvironment {
public:
    GraphicsEnvironment(std::string name, std::span<const u8> header, std::vector<u8> code,
                        Architecture architecture, const TargetProfile& target)
        : name_(std::move(name)),
          code_(std::move(code)),
          header_(ParseSph(header, name_)),
          architecture_(architecture),
          target_(target) {
        if (architecture_ == Architecture::Maxwell) {
            // The blob pads each Maxwell program to 16 bytes, not to its 32-byte bundles (the
            // fixture's split.py drops the same).
            code_.resize(code_.size() / 32 * 32);
        }
    }

    void FixBank(u32 bank, std::vector<u32> words) { fixed_[bank] = std::move(words); }

    const std::string& Name() const override { return name_; }
    Architecture GetArchitecture() const override { return architecture_; }
    Stage GetStage() const override { return header_.IsPixel() ? Stage::Fragment : Stage::Vertex; }
    u64 CodeBytes() const override { return code_.size(); }
    sass::Word CodeWord(u64 offset) const override {
        if (architecture_ == Architecture::Ampere) {
            return sass::ToWord(&code_.at(offset));
        }
        u64 word = 0;
        std::memcpy(&word, &code_.at(offset), sizeof(word));
        return {word, 0};
    }
    bool FixesConstantBank(u32 bank) const override { return fixed_.contains(bank); }
    std::optional<u32> ReadConstantBank(u32 bank, u32 offset) const override {
        const auto it = fixed_.find(bank);
        if (it == fixed_.end() || offset % 4 != 0 || offset / 4 >= it->second.size()) {
            return std::nullopt;
        }
        return it->second[offset / 4];
    }
    const Sph* Header() const override { return &header_; }
    ComputeLaunch Launch() const override { return {}; }
    std::optional<TextureType> TextureHandle(u32 bank, u32) const override {
        if (bank != kFixtureTextureBank) {
            return std::nullopt;
        }
        return TextureType{.dim = ImageDim::D2, .arrayed = false, .format = std::nullopt};
    }
    const TargetProfile& Target() const override { return target_; }
    // Maxwell's texture instructions with an index (TLD, TEXS, ...) read their handles here.
    std::optional<u32> TextureBank() const override { return kFixtureTextureBank; }
    AttributeType VertexAttributeType(u32 index) const override {
        const auto it = attribute_types.find(index);
        return it == attribute_types.end() ? AttributeType::Float : it->second;
    }

    // A vertex stage's integer attributes by Location (the others are floats).
    std::map<u32, AttributeType> attribute_types;

private:
    std::string name_;
    std::vector<u8> code_;
    Sph header_;
    Architecture architecture_;
    TargetProfile target_;
    std::map<u32, std::vector<u32>> fixed_;
};

// NVIDIA's own device: native float arithmetic gives its results, quads exchange values.
inline TargetProfile NvidiaLike() {
    TargetProfile target;
    target.int64 = true;
    target.float64 = true;
    target.fragment_quad_operations = true;
    target.denorm_preserve_f32 = true;
    target.signed_zero_inf_nan_preserve_f32 = true;
    target.fused_fma_f32 = true;
    return target;
}

// lavapipe: no denormals kept, fma rounded twice, so FADD/FMUL/FFMA take the exact f64 paths.
inline TargetProfile LavapipeLike() {
    TargetProfile target;
    target.subgroup_size = 8;
    target.int64 = true;
    target.float64 = true;
    target.fragment_quad_operations = true;
    return target;
}

// The validator's complaints, or empty when the module is valid for Vulkan 1.1.
std::string ValidateSpirv(const std::vector<u32>& spirv);

}  // namespace shader::testing
