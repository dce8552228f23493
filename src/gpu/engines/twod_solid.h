#pragma once

// FERMI_TWOD_A's solid primitives (OGD classes/twod/cl902d.h): RENDER_SOLID_PRIM_MODE (0x580),
// SET_RENDER_SOLID_PRIM_COLOR_FORMAT (0x584) and _COLOR (0x588, one word in that format), and
// the vertices RENDER_SOLID_PRIM_POINT_SET_X(j) (0x600 + 8j) then _POINT_Y(j) (0x604 + 8j),
// whose Y write completes a vertex. POINTS fill one pixel a vertex; RECTS fill [x0, x1) x
// [y0, y1) between each two vertices (as nouveau's EXA solid fills use them, and envytools'
// rectangle rule: a rectangle covers x in [X, X + W)); the destination is the SET_DST_*
// surface, the colour converted to its format, SET_OPERATION SRCCOPY or SRCCOPY_AND. Lines,
// polylines and triangles, colour formats wider than the one colour word, clipping and the
// other operations are named in the log and not drawn. Runs on the CPU over guest memory.

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class TwodSolid {
public:
    static constexpr u32 kMode = 0x0580 / 4;
    static constexpr u32 kPointSetX0 = 0x0600 / 4;
    static constexpr u32 kPointsEnd = 0x0800 / 4;

    explicit TwodSolid(EngineContext& context) : context_(context) {}

    static bool Handles(u32 method) {
        return method == kMode || (method >= kPointSetX0 && method < kPointsEnd);
    }
    // `registers` already holds the write.
    void Execute(const RegisterFile& registers, u32 method, u32 argument);

private:
    void Fill(const RegisterFile& registers, s64 x0, s64 y0, s64 x1, s64 y1);
    void Refuse(const std::string& why);

    EngineContext& context_;
    std::vector<std::pair<s32, s32>> vertices_;  // of the primitive being given
    std::set<std::string> named_;
    std::vector<u8> destination_;
};

}  // namespace gpu::engines
