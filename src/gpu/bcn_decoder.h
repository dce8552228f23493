#pragma once

// Decoding of one 4x4 block of the BCn formats on the CPU, for devices that cannot sample them
// (texture_decoder.h picks the format a block decodes to). Formulas and tables: the Khronos
// Data Format Specification (S3TC) and ARB_texture_compression_bptc (BC6H, BC7: its tables M,
// P2, P3, A2, A3a, A3b, MF and F); RGTC (BC4, BC5) as NVIDIA's hardware decodes it (measured on
// the H200: weights of its own, results finer than a byte).
//   BC1-BC3, BC7 (and their sRGB forms): RGBA8, the sRGB bytes as stored (a SRGB image
//   converts them when sampled).
//   BC4: R16 (UNORM or SNORM); BC5: R16G16.
//   BC6H: RGBA16F (half floats; alpha 1).

#include <span>

#include "base/types.h"
#include "gpu/texture_format.h"

namespace gpu {

// Bytes one decoded texel of `format` (a BCn format) takes; 0 for other formats.
u32 BcDecodedTexelBytes(TextureFormat format);

// Decodes the block (8 or 16 bytes) into 16 texels, x + 4 y, each BcDecodedTexelBytes bytes.
// False for a format that is not BCn.
bool DecodeBcBlock(TextureFormat format, std::span<const u8> block, std::span<u8> texels);

}  // namespace gpu
