#pragma once

// Compressed textures decoded on the CPU for a host device that cannot sample them: which
// uncompressed format each decodes to, and a level's blocks decoded into texels. BCn through
// bcn_decoder.h, ASTC through astc_decoder.h (libastcenc).

#include <optional>
#include <span>
#include <string>

#include "base/types.h"
#include "gpu/texture_format.h"

namespace gpu {

// The format `format`'s texels decode to (RGBA8 UNORM or sRGB, R8 and R8G8 UNORM or SNORM,
// RGBA16F), or nothing for a format that is not compressed.
std::optional<TextureFormat> DecodedFormatOf(TextureFormat format);

// Decodes one level of `format`: `blocks` holds its blocks row by row (ceil(width / block
// width) a row), slice after slice; `texels` receives width x height x depth texels of
// DecodedFormatOf(format). False (and `why`) for a format nxhost does not decode or buffers too
// small.
bool DecodeTextureLevel(TextureFormat format, std::span<const u8> blocks, u32 width, u32 height,
                        u32 depth, std::span<u8> texels, std::string* why = nullptr);

}  // namespace gpu
