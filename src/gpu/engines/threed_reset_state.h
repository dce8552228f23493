#pragma once

// The 3D class's registers as the hardware's context starts (the state deko3d relies on where
// it never writes a method): every colour target writes R, G, B and A, blends add One and Zero,
// depth and stencil tests pass, stencil masks are all ones, polygons are filled with the
// counter-clockwise side in front and the back culled, viewports map depth 0..1 with the
// identity swizzle (POS_X, POS_Y, POS_Z, POS_W, which deko3d relies on). The values
// are those yuzu's Maxwell3D::InitializeRegisterDefaults gives the same registers
// (video_core/engines/maxwell_3d.cpp); the method offsets are OGD classes/3d/clb197.h's.

#include "gpu/engines/register_file.h"

namespace gpu::engines {

void SetThreedResetState(RegisterFile& registers);

}  // namespace gpu::engines
