#pragma once

// Zeta pixels as the guest keeps them and as a Vulkan buffer copy of each aspect has them:
// depth in its own words (D24 in the low 24 bits), stencil in bytes of its own.

#include <span>

#include "base/types.h"
#include "video/surface_format.h"

namespace video {

// Splits `pixels` guest pixels of zeta format `number` into the depth and stencil copies
// (`stencil` empty for a format without stencil).
void UnpackZeta(u32 number, const SurfaceFormat& format, std::span<const u8> guest,
                std::span<u8> depth, std::span<u8> stencil, u64 pixels);
// The reverse.
void PackZeta(u32 number, const SurfaceFormat& format, std::span<const u8> depth,
              std::span<const u8> stencil, std::span<u8> guest, u64 pixels);

}  // namespace video
