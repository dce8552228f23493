#pragma once

// The 3D class's CLEAR_SURFACE (0x19D0; OGD classes/3d/clb197.h, the same in clc797.h): which
// of Z, S, R, G, B, A it clears (bits 0-5), the render-target slot (9:6, mapped to a colour
// target by SET_CT_SELECT) and the layer (25:10). The targets, the clear values, the clear
// rectangle and scissor 0 (as SET_CLEAR_SURFACE_CONTROL asks) and the colour write masks
// (SET_CT_WRITE) are read from the register file and the clear goes to the host GPU.

#include <optional>
#include <string>
#include <unordered_set>

#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"
#include "gpu/host_gpu.h"

namespace gpu::engines {

// The colour target `index` (0-7) as SET_COLOR_TARGET_*(index) describe it, or nothing (and
// why in `why_not`) when its format is disabled or unknown.
std::optional<Surface> ColorTargetOf(const RegisterFile& registers, u32 index,
                                     std::string& why_not);
// The zeta target (SET_ZT_*, SET_ZT_SIZE_*), or nothing when SET_ZT_SELECT has none.
std::optional<Surface> ZetaTargetOf(const RegisterFile& registers, std::string& why_not);
// The area a clear of a `width` x `height` surface covers (SET_CLEAR_SURFACE_CONTROL).
Rect ClearArea(const RegisterFile& registers, u32 width, u32 height);

class SurfaceClear {
public:
    explicit SurfaceClear(EngineContext& context) : context_(context) {}
    void Execute(const RegisterFile& registers, u32 argument);

private:
    void NameOnce(const std::string& what);

    EngineContext& context_;
    std::unordered_set<std::string> named_;
};

}  // namespace gpu::engines
