#pragma once

#include "shader/compute.h"
#include "shader/environment.h"

namespace shader {

// A CUDA kernel of a cubin as a ShaderEnvironment: its code, bank 2 (ptxas' constants) fixed
// from the cubin, texture handles in its 64-bit parameters (their dimension from the launch's
// ComputeState::image_dims where it gives one), the launch's block and shared memory. It
// answers from (kernel, target, state) only, which is what the shader cache key hashes.
class CubinEnvironment final : public ShaderEnvironment {
public:
    CubinEnvironment(const sass::CubinKernel& kernel, const TargetProfile& target,
                     const ComputeState& state);

    const std::string& Name() const override { return name_; }
    Stage GetStage() const override { return Stage::Compute; }
    u64 CodeBytes() const override { return kernel_.code.size(); }
    sass::Word CodeWord(u64 offset) const override;
    bool FixesConstantBank(u32 bank) const override;
    std::optional<u32> ReadConstantBank(u32 bank, u32 offset) const override;
    const Sph* Header() const override { return nullptr; }
    ComputeLaunch Launch() const override;
    std::optional<TextureType> TextureHandle(u32 bank, u32 offset) const override;
    const TargetProfile& Target() const override { return target_; }

    const sass::CubinKernel& Kernel() const { return kernel_; }

private:
    const sass::CubinKernel& kernel_;
    const TargetProfile& target_;
    const ComputeState& state_;
    std::string name_;
};

}  // namespace shader
