#pragma once

#include <optional>
#include <vector>

#include "base/types.h"

namespace shader {

// What a translated program binds (descriptor set 0) and, for graphics stages, the locations of
// its inputs and outputs. Filled by the SPIR-V emitter; the Vulkan backend binds by it.

enum class ImageKind : u8 { Sampled, Storage };
// Buffer: a texel buffer (a 1D_BUFFER surface: a storage texel buffer, one row of texels).
enum class ImageDim : u8 { D1, D2, D3, Buffer };

// The texel format of a storage image. Raw: unsigned texels of `texel_words` 32-bit words whose
// bits pass unchanged (CUDA's surfaces, SULD.D / SUST.D). The others are what a formatted access
// (Maxwell's SULD.P / SUST.P) converts through, as the texture header says (the environment's
// TextureType::format): float registers for the normalised and float formats, integers for the
// integer ones.
enum class SurfaceFormat : u8 {
    Raw,
    Rgba8Unorm,
    Rgba8Snorm,
    Rgba8Uint,
    Rgba8Sint,
    Rgba16Float,
    Rgba16Uint,
    Rgba16Sint,
    R32Float,
    Rg32Float,
    Rgba32Float,
    R32Uint,
    Rg32Uint,
    Rgba32Uint,
    R32Sint,
    Rgba32Sint,
};
inline constexpr u32 kSurfaceFormatCount = static_cast<u32>(SurfaceFormat::Rgba32Sint) + 1;

// A 64-bit value of a constant bank: the words at c[bank][offset] and c[bank][offset + 4].
struct ConstantAddress {
    u32 bank = 0;
    u32 offset = 0;
    bool operator==(const ConstantAddress&) const = default;
};

// Where a program's storage buffers' 64-bit addresses are, for the global accesses whose
// addresses derive from one of them: these offsets of constant bank 0 (deko3d's
// PerStageData::storageBufs), or, with `any_constant_value`, whichever 64-bit value (two words
// at an 8-byte aligned offset) of any constant bank the address is computed from, resolved when
// the program is launched (NVK's descriptor sets and root table; yuzu and Ryujinx track global
// memory to constant-buffer pointers the same way).
struct StorageBufferSources {
    std::vector<u32> bank0_offsets;
    bool any_constant_value = false;
};

// A storage buffer standing for the global memory reached through one 64-bit address in a
// constant bank: a kernel's pointer parameter (bank 0), a storage buffer's address in a driver's
// constant data.
struct GlobalBufferBinding {
    u32 binding = 0;
    u32 address_offset = 0;  // the address is at c[address_bank][address_offset]
    u32 address_bank = 0;
};

// A constant bank read as a uniform buffer. Compute kernels: bank 3 holds the module's
// `__constant__` variables (sass::CubinModule::constant3, then what the launch sets); bank 0
// has a binding of its own (ComputeProgram::cbank0_binding). Graphics stages: every bank read,
// as the 3D engine binds it (SET_CONSTANT_BUFFER_SELECTOR / BIND_GROUP_CONSTANT_BUFFER).
struct ConstantBankBinding {
    u32 bank = 0;
    u32 binding = 0;
    u32 bytes = 0;  // a multiple of 16
    bool operator==(const ConstantBankBinding&) const = default;
};

// A texture or surface as an image of descriptor set 0, named by the handle that the
// instructions read from a constant bank: a CUDA texture or surface object parameter (bank 0)
// or a graphics texture handle (the TIC and TSC indices the driver wrote into a bank). A
// combined image sampler (TEX, TLD, TLD4, TXD, TXQ) or a storage image (SULD, SUST): of
// unsigned texels for raw data, else of the format a formatted access converts through.
struct ImageBinding {
    u32 binding = 0;
    u32 handle_bank = 0;
    u32 handle_offset = 0;  // the handle at c[handle_bank][handle_offset]
    ImageKind kind = ImageKind::Sampled;
    ImageDim dim = ImageDim::D2;
    bool arrayed = false;  // a 2D array view (some instruction names layers)
    u32 texel_words = 4;   // raw storage images: R32_UINT, R32G32_UINT or R32G32B32A32_UINT
    SurfaceFormat format = SurfaceFormat::Raw;  // storage images
    bool operator==(const ImageBinding&) const = default;
};

// How a fragment stage input is interpolated (the SPH's PixelImap: open-gpu-doc
// Shader-Program-Header, ImapGenericVector).
enum class Interpolation : u8 { Perspective, Linear, Flat };

// The numbers a vertex attribute gives the vertex stage: floats (float, normalised and scaled
// formats) or integers (the 3D engine's SINT and UINT vertex attribute types), which Vulkan
// passes only to an input of the same type (ivec4 / uvec4).
enum class AttributeType : u8 { Float, Sint, Uint };

// A user-defined stage input or output of a graphics stage: one vec4 at a Location, of floats
// (or of the same bits), or for a vertex stage's integer attributes of integers (`type`);
// `components` is the mask of x, y, z, w the program reads or writes.
struct StageVarying {
    u32 location = 0;
    u32 components = 0;
    Interpolation interpolation = Interpolation::Perspective;
    AttributeType type = AttributeType::Float;
    bool operator==(const StageVarying&) const = default;
};

// The generic attributes of a vertex or fragment stage's attribute space take locations 0-31;
// the fixed-function texture coordinates (a[0x300] ... a[0x39c], gl_TexCoord[] in NVIDIA's GLSL
// compiler) are passed between stages like them, at the locations after.
inline constexpr u32 kGenericAttributeCount = 32;
inline constexpr u32 kFixedFunctionTextureCount = 10;
inline constexpr u32 kFixedFunctionTextureLocation = kGenericAttributeCount;

// c[0x0][0x18]: the 64-bit generic address of the block's shared memory, which the launch writes
// in constant bank 0 (CUDA's cvta.shared adds it; generic accesses in that window are shared).
inline constexpr u32 kCbank0SharedWindow = 0x18;

struct ResourceLayout {
    std::vector<ConstantBankBinding> constant_banks;
    std::vector<ImageBinding> images;
    std::vector<StageVarying> inputs;
    std::vector<StageVarying> outputs;
    // Fragment stages: the render targets written, by index (Location), each a mask of
    // components, and whether the depth is written.
    std::vector<std::pair<u32, u32>> render_targets;
    bool writes_depth = false;
    // Vertex stages: the program writes the viewport index (a[0x68]), so the pipeline needs
    // every viewport and scissor.
    bool writes_viewport_index = false;
    bool operator==(const ResourceLayout&) const = default;
};

}  // namespace shader
