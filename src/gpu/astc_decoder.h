#pragma once

// ASTC (2D, LDR and sRGB) decoded on the CPU through Arm's libastcenc (Debian libastcenc-dev),
// for devices without textureCompressionASTC_LDR. Texels come out as RGBA8 (the sRGB bytes as
// stored for the sRGB formats).

#include <span>
#include <string>

#include "base/types.h"

namespace gpu {

struct AstcImage {
    u32 block_width = 4;
    u32 block_height = 4;
    bool srgb = false;
    u32 width = 0;  // texels
    u32 height = 0;
    u32 depth = 1;  // slices, each a 2D image of blocks after the last
};

// Decodes `blocks` (16 bytes each, row by row, slice by slice) into width x height x depth
// RGBA8 texels. False, with `why`, when libastcenc refuses the blocks or the sizes.
bool DecodeAstc(const AstcImage& image, std::span<const u8> blocks, std::span<u8> texels,
                std::string* why);

}  // namespace gpu
