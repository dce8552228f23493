#pragma once

// A compute launch of the guest's GPU (gpu/compute_call.h) run on the compute device: its code
// translated through a shader environment over the launch (GuestComputeEnvironment: the code
// as read; Maxwell code with deko3d's conventions, constant bank 1 fixed from guest memory as
// its compiler constants are and bank 0's PerStageData storage-buffer addresses,
// shader/deko_environment.h; Ampere code with none fixed and a storage buffer at every 64-bit
// constant bank value its global addresses come from, as NVK's NAK reads them from descriptor
// sets and the root table), its constant banks and the storage buffers it reaches read from
// guest memory, and the bytes the dispatch changed in them written back. A deko3d storage
// buffer is bounded by the size deko3d keeps beside its address (PerStageData::storageBufs
// {address, size}), another by the GPU memory mapped without a gap from its address on; one of
// size 0 or unmapped, a constant bank read but not valid in the QMD, textures and images are
// refused, never guessed.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpu/compute_call.h"
#include "shader/environment.h"
#include "shader/program.h"
#include "video/compute_device.h"

namespace video {

class GuestComputeEnvironment final : public shader::ShaderEnvironment {
public:
    // Reads constant bank 1 (when the QMD has it) from guest memory; throws base::Error where
    // it is not mapped.
    GuestComputeEnvironment(const gpu::ComputeCall& call, const shader::TargetProfile& target);

    const std::string& Name() const override { return name_; }
    shader::Stage GetStage() const override { return shader::Stage::Compute; }
    shader::Architecture GetArchitecture() const override;
    u64 CodeBytes() const override { return call_.code.size(); }
    shader::sass::Word CodeWord(u64 offset) const override;
    bool FixesConstantBank(u32 bank) const override;
    std::optional<u32> ReadConstantBank(u32 bank, u32 offset) const override;
    const shader::Sph* Header() const override { return nullptr; }
    shader::ComputeLaunch Launch() const override;
    std::optional<shader::TextureType> TextureHandle(u32, u32) const override {
        return std::nullopt;
    }
    shader::StorageBufferSources StorageBufferAddresses() const override;
    const shader::TargetProfile& Target() const override { return target_; }

    // Everything a translation depends on (code kind, block, shared and local memory, bank 0's
    // size, bank 1's words, the code), as bytes: the translation cache's key.
    std::vector<u8> TranslationKey() const;

private:
    const gpu::ComputeCall& call_;
    const shader::TargetProfile& target_;
    std::string name_;
    std::vector<u32> bank1_;
};

// Runs launches on `device`, keeping the translations (and the reasons a program is not
// translated) by their TranslationKey, at most kKeptTranslations of them.
class GuestCompute {
public:
    static constexpr std::size_t kKeptTranslations = 256;

    explicit GuestCompute(ComputeDevice& device) : device_(device) {}

    // Translates and dispatches the launch, guest memory in and out; false with `why_not`
    // where it is not made (nothing written to guest memory then). Throws base::Error on a
    // failed Vulkan call.
    bool Run(const gpu::ComputeCall& call, std::string& why_not);

private:
    struct Translation {
        std::optional<shader::ComputeProgram> program;
        std::string why_not;
    };
    // The call's program translated (kept), or null and why not.
    const shader::ComputeProgram* Translate(const gpu::ComputeCall& call, std::string& why_not);

    ComputeDevice& device_;
    std::map<std::vector<u8>, Translation> translations_;
};

}  // namespace video
