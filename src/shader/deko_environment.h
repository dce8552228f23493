#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "shader/environment.h"
#include "shader/sph.h"

namespace shader {

// deko3d's driver constant buffer c[0x0] (deko3d source/driver_constbuf.h, deko3d.h): graphics
// stages have 0x10 bytes of draw data, then one PerStageData per stage (vertex 0, tess control
// 1, tess eval 2, geometry 3, fragment 4); compute has 0x20 bytes of sizes and 16 uniform buffer
// addresses, then its PerStageData. PerStageData: 32 texture handles (4 bytes), 8 image
// handles, 16 storage buffers of {address 8 bytes, size 4, padding 4}. The 3D engine reads
// texture handles from bank 0 (SetBindlessTexture 0 in gpu_3d_base.cpp).
inline constexpr u32 kDekoTextureBindings = 32;
inline constexpr u32 kDekoImageBindings = 8;
inline constexpr u32 kDekoStorageBuffers = 16;
inline constexpr u32 kDekoPerStageBytes =
    kDekoTextureBindings * 4 + kDekoImageBindings * 4 + kDekoStorageBuffers * 16;
inline constexpr u32 kDekoGraphicsStageData = 0x10;
inline constexpr u32 kDekoComputeStageData = 0x20 + 16 * 8;
inline constexpr u32 kDekoComputeCbufBytes = 0x300;  // (0xa0 + 0x1a0) rounded up to 0x100

// One program of a deko3d DKSH file (formats::DkshProgram, handed over by value: shader/ does
// not read files): its stage, header and code, the compiler's constants and a compute block.
struct DekoProgram {
    std::string name;
    Stage stage = Stage::Vertex;
    std::vector<u8> header;      // the 0x50-byte SPH of a graphics stage; empty for compute
    std::vector<u8> code;        // Maxwell bundles
    std::vector<u32> constants;  // c[0x1], the compiler's constants (fixed at translation)
    std::array<u32, 3> block{1, 1, 1};
    u32 shared_bytes = 0;
    u32 local_bytes = 0;  // compute: per thread (DKSH's per-warp scratch / 32)
    // The texel formats of the stage's images, by image binding, as the program's image
    // descriptors (their texture headers) give them: formatted surface accesses need them.
    std::array<std::optional<SurfaceFormat>, kDekoImageBindings> image_formats{};
    // A vertex stage's attributes by Location: what the draw's vertex attribute formats give.
    std::array<AttributeType, kGenericAttributeCount> attribute_types{};
};

// The start of a stage's PerStageData in c[0x0].
u32 DekoStageData(Stage stage);
// The offsets in c[0x0] of a stage's 16 storage buffers' {address, size} (PerStageData).
StorageBufferSources DekoStorageBuffers(Stage stage);

// A DKSH program as a ShaderEnvironment: bank 1 fixed from its constants, texture handles in
// the stage's part of bank 0, storage buffers through the addresses there.
class DekoEnvironment final : public ShaderEnvironment {
public:
    DekoEnvironment(DekoProgram program, const TargetProfile& target);

    const std::string& Name() const override { return program_.name; }
    Stage GetStage() const override { return program_.stage; }
    Architecture GetArchitecture() const override { return Architecture::Maxwell; }
    u64 CodeBytes() const override { return program_.code.size(); }
    sass::Word CodeWord(u64 offset) const override;
    bool FixesConstantBank(u32 bank) const override { return bank == 1; }
    std::optional<u32> ReadConstantBank(u32 bank, u32 offset) const override;
    const Sph* Header() const override { return header_ ? &*header_ : nullptr; }
    ComputeLaunch Launch() const override;
    std::optional<u32> TextureBank() const override { return 0; }
    std::optional<TextureType> TextureHandle(u32 bank, u32 offset) const override;
    AttributeType VertexAttributeType(u32 index) const override {
        return index < kGenericAttributeCount ? program_.attribute_types[index]
                                              : AttributeType::Float;
    }
    StorageBufferSources StorageBufferAddresses() const override;
    const TargetProfile& Target() const override { return target_; }

private:
    DekoProgram program_;
    std::optional<Sph> header_;
    const TargetProfile& target_;
};

}  // namespace shader
