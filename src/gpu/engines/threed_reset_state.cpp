#include "gpu/engines/threed_reset_state.h"

#include <bit>

namespace gpu::engines {
namespace {

constexpr u32 kViewportSwizzle = 0x0A18 / 4;  // + 8 per viewport
// POS_X, POS_Y, POS_Z, POS_W: deko3d never writes the swizzles and draws, so the context
// starts with the identity.
constexpr u32 kIdentitySwizzle = 0 | 2 << 4 | 4 << 8 | 6 << 12;
constexpr u32 kViewportClip = 0x0C00 / 4;  // + 4 per viewport: ..., MIN_Z, MAX_Z
constexpr u32 kPolygonModeFront = 0x0DAC / 4;
constexpr u32 kPolygonModeBack = 0x0DB0 / 4;
constexpr u32 kStencilBackReference = 0x0F54 / 4;  // then the write mask, the compare mask
constexpr u32 kDepthFunc = 0x130C / 4;
constexpr u32 kBlendCommon = 0x133C / 4;
constexpr u32 kStencilTest = 0x1380 / 4;  // then fail, zfail, zpass, func, ref, func mask, mask
constexpr u32 kStencilBack = 0x1598 / 4;  // fail, zfail, zpass, func
constexpr u32 kFrontFace = 0x191C / 4;
constexpr u32 kCullFace = 0x1920 / 4;
constexpr u32 kCtWrite = 0x1A00 / 4;
constexpr u32 kBlendPerTarget = 0x1E00 / 4;  // + 8 per target

// The OpenGL numbers the class takes (clb197.h's _OGL_ values).
constexpr u32 kGlFuncAdd = 0x8006;
constexpr u32 kGlOne = 0x4001;
constexpr u32 kGlZero = 0x4000;
constexpr u32 kGlAlways = 0x0207;
constexpr u32 kGlKeep = 0x1E00;
constexpr u32 kGlFill = 0x1B02;
constexpr u32 kGlCcw = 0x0901;
constexpr u32 kGlBack = 0x0405;

}  // namespace

void SetThreedResetState(RegisterFile& registers) {
    for (u32 i = 0; i < 8; ++i) {
        registers.Set(kCtWrite + i, 0x1111);
        const u32 blend = kBlendPerTarget + 8 * i;
        registers.Set(blend + 1, kGlFuncAdd);
        registers.Set(blend + 2, kGlOne);
        registers.Set(blend + 3, kGlZero);
        registers.Set(blend + 4, kGlFuncAdd);
        registers.Set(blend + 5, kGlOne);
        registers.Set(blend + 6, kGlZero);
    }
    registers.Set(kBlendCommon + 1, kGlFuncAdd);
    registers.Set(kBlendCommon + 2, kGlOne);
    registers.Set(kBlendCommon + 3, kGlZero);
    registers.Set(kBlendCommon + 4, kGlFuncAdd);
    registers.Set(kBlendCommon + 5, kGlOne);
    registers.Set(kBlendCommon + 7, kGlZero);
    for (u32 j = 0; j < 16; ++j) {
        registers.Set(kViewportClip + 4 * j + 3, std::bit_cast<u32>(1.0f));
        registers.Set(kViewportSwizzle + 8 * j, kIdentitySwizzle);
    }
    registers.Set(kDepthFunc, kGlAlways);
    for (const u32 ops : {kStencilTest + 1, kStencilBack}) {
        registers.Set(ops, kGlKeep);
        registers.Set(ops + 1, kGlKeep);
        registers.Set(ops + 2, kGlKeep);
        registers.Set(ops + 3, kGlAlways);
    }
    registers.Set(kStencilTest + 6, 0xFFFFFFFF);
    registers.Set(kStencilTest + 7, 0xFFFFFFFF);
    registers.Set(kStencilBackReference + 1, 0xFFFFFFFF);
    registers.Set(kStencilBackReference + 2, 0xFFFFFFFF);
    registers.Set(kPolygonModeFront, kGlFill);
    registers.Set(kPolygonModeBack, kGlFill);
    registers.Set(kFrontFace, kGlCcw);
    registers.Set(kCullFace, kGlBack);
}

}  // namespace gpu::engines
