#pragma once

// FERMI_TWOD_A's blit from memory (OGD classes/twod/cl902d.h; the register numbers deko3d's
// engine_2d.def uses): the destination and source surfaces (SET_DST_* 0x200, SET_SRC_* 0x230:
// format, pitch or block-linear layout with block height and depth, depth and layer, pitch,
// width, height, address), the destination rectangle and the 32.32 fixed-point source start
// and steps of SET_PIXELS_FROM_MEMORY_* (0x8B0..0x8D8), and SET_PIXELS_FROM_MEMORY_SAMPLE_MODE
// (origin centre or corner, point or bilinear filter). PIXELS_FROM_MEMORY_SRC_Y0_INT (0x8DC)
// starts it. It runs on the CPU over guest memory, converting between the render-target
// formats render_target_pixels.h knows. SET_OPERATION SRCCOPY and SRCCOPY_AND are made; the
// blends, ROPs and clip rectangle are named in the log and the blit not made.

#include <set>
#include <string>
#include <vector>

#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class TwodBlit {
public:
    static constexpr u32 kPixelsFromMemorySrcY0Int = 0x08DC / 4;

    explicit TwodBlit(EngineContext& context) : context_(context) {}

    static bool Handles(u32 method) { return method == kPixelsFromMemorySrcY0Int; }
    // `registers` already holds the trigger's write.
    void Execute(const RegisterFile& registers);

private:
    void Refuse(const std::string& why);

    EngineContext& context_;
    std::set<std::string> named_;
    std::vector<u8> source_;
    std::vector<u8> destination_;
};

}  // namespace gpu::engines
