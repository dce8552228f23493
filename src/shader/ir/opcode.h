#pragma once

#include "base/types.h"

namespace shader::ir {

// IR operations. Pure arithmetic is `Spv` (one core SPIR-V instruction named by Inst::aux, e.g.
// spv::OpIAdd) or `Glsl` (one GLSL.std.450 instruction), so that adding an arithmetic form is a
// frontend change only. The others need resources, side effects or lowering.
enum class Op : u8 {
    Spv,            // aux = spv::Op; args = its operands
    Glsl,           // aux = GLSLstd450 instruction
    Identity,       // args[0]; left behind when a value is replaced
    Phi,            // one argument per predecessor of the block, in Block::preds order
    Undefined,      // a register read before any write
    Pack64,         // (lo U32, hi U32) -> U64
    Unpack64Lo,     // U64 -> U32
    Unpack64Hi,     // U64 -> U32
    Construct,      // U32... -> U32x2 / U32x4
    Extract,        // (vector, index immediate) -> U32
    ConstBank,      // (bank immediate, byte offset U32) -> U32
    SpecialReg,     // aux = SpecialRegister -> U32
    LoadGlobal,     // (address U64) aux = MemoryWidth
    StoreGlobal,    // (address U64, value) aux = MemoryWidth
    LoadShared,     // (byte address U32) aux = MemoryWidth
    StoreShared,    // (byte address U32, value) aux = MemoryWidth
    LoadLocal,      // (byte address U32) aux = MemoryWidth
    StoreLocal,     // (byte address U32, value) aux = MemoryWidth
    AtomicGlobal,   // (address U64, value[, compare]) aux = AtomicOp, aux2 = AtomicType
    AtomicShared,   // (byte address U32, value[, compare]) aux = AtomicOp, aux2 = AtomicType
    Barrier,        // workgroup execution and memory barrier (BAR.SYNC)
    MemoryBarrier,  // aux = scope (MEMBAR)
    // Warp-wide operations over the 32 threads of a CUDA warp (consecutive thread indices of
    // the block), whatever the host's subgroup size. Every thread of the block must reach them.
    WarpReadLane,  // (value U32, lane U32) -> the value of that lane of the warp
    WarpBallot,    // (predicate) -> U32, one bit per lane whose predicate is true
    WarpReduce,    // (value U32) aux = WarpReduceOp -> U32 over the lanes
    WarpMatch,     // (value U32) -> U32, the lanes holding the same value
    BlockCount,    // (predicate) aux = BlockCountMode -> U32 over the threads of the block
    WarpSync,      // the warp's threads wait for each other; earlier shared stores are seen
    Converge,      // BSYNC: the warp's diverged threads meet again (passes/lockstep.cpp)
    // Textures and surfaces (resource: ProgramInfo::images). ImageSample: aux = ImageOp,
    // aux2 = ImageShape bits; args = coordinates (layer first where arrayed, as SASS orders
    // them), then the level (Lod: F32 bits, Fetch: U32) or the gradients (dx, dy per axis)
    // -> U32x4 (the texel's bits). ImageRead: (x, [y]) texel coordinates -> U32/U32x2/U32x4.
    // ImageWrite: (x, [y], value). ImageQuery: (level U32) aux = component mask -> U32x4: width,
    // height, depth (or layers), mip levels; the components the mask leaves out are 0.
    ImageSample,
    ImageRead,
    ImageWrite,
    ImageQuery,
    // Graphics stages. Attributes are named by their byte address in the attribute space
    // (aux; yuzu's frontend/ir/attribute.h numbers them in words): 0x70-0x7c position, 0x80-0x27c
    // generic vectors, 0x2f8 instance id, 0x2fc vertex id, 0x300-0x39c fixed-function texture
    // coordinates, ... LoadAttribute -> U32 (the bits of the component); StoreAttribute (value
    // U32). Interpolate: aux2 = InterpolateMode | InterpolateLocation << 4 -> U32 (f32 bits), as
    // IPA gives it (interpolation.h in frontend/). FragmentOutput: aux = render target * 4 +
    // component, or kFragmentDepth (value U32: f32 bits). Discard ends the invocation's work
    // (KILL).
    LoadAttribute,
    StoreAttribute,
    Interpolate,
    FragmentOutput,
    Discard,
    // Fragment stages, the four invocations of a quad (lane & 3): QuadSwap (value U32) aux = 1
    // or 2 -> the value of the invocation whose quad index differs in those bits (SHFL.BFLY
    // within a quad); QuadSwizzleAdd (a F32, b F32) aux = FSWZADD's per-lane operations (2 bits
    // a lane) -> F32.
    QuadSwap,
    QuadSwizzleAdd,
    Count
};

const char* OpName(Op op);
bool HasSideEffects(Op op);

enum class MemoryWidth : u8 { U8, S8, U16, S16, B32, B64, B128 };
unsigned MemoryBytes(MemoryWidth width);

enum class AtomicOp : u8 { Add, Min, Max, Inc, Dec, And, Or, Xor, Exchange, CompareExchange };
enum class AtomicType : u8 { U32, S32, U64, S64, F32, F64 };

enum class SpecialRegister : u8 {
    TidX,
    TidY,
    TidZ,
    CtaidX,
    CtaidY,
    CtaidZ,
    LaneId,
    LaneMaskEq,
    LaneMaskLt,
    LaneMaskLe,
    LaneMaskGt,
    LaneMaskGe,
    Clock,
    ClockHi,
    GlobalTimerLo,
    GlobalTimerHi,
    // +1.0f or -1.0f (f32 bits): whether window y grows downwards, as a fragment stage's
    // derivatives in y see it. Vulkan's framebuffer y grows downwards: +1.
    YDirection,
};

// Sample: the level from the fragment quad's implicit derivatives (fragment stages only).
enum class ImageOp : u8 { SampleLod, Fetch, Gather, SampleGrad, Sample };

// IPA's modes (Volta+: no multiply mode, perspective correction is code of its own) and where
// in the pixel it samples.
enum class InterpolateMode : u8 { Pass, Constant, State };
enum class InterpolateLocation : u8 { Center, Centroid };
inline constexpr u32 kFragmentDepth = 32;
// ImageSample's aux2: how many coordinates (with the layer), the gathered component, arrayed.
inline constexpr u32 ImageShape(u32 coordinates, u32 component, bool arrayed) {
    return coordinates | component << 4 | (arrayed ? 1u : 0u) << 8;
}
inline constexpr u32 ImageShapeCoordinates(u32 shape) {
    return shape & 0xf;
}
inline constexpr u32 ImageShapeComponent(u32 shape) {
    return shape >> 4 & 0xf;
}
inline constexpr bool ImageShapeArrayed(u32 shape) {
    return (shape >> 8 & 1) != 0;
}

enum class WarpReduceOp : u8 { Add, And, Or, Xor, SMin, SMax, UMin, UMax };
// BAR.RED: how many threads' predicates are true, whether all are, whether any is (1 or 0).
enum class BlockCountMode : u8 { Count, All, Any };

}  // namespace shader::ir
