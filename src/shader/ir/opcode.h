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
    Shuffle,  // (value, lane or delta, clamp, mask) aux = ShuffleMode -> U32; second result via
              // ShuffleInBounds
    ShuffleInBounds,  // (shuffle) -> Bool
    Vote,             // (predicate, mask) aux = VoteMode -> U32 (ballot) or Bool
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
    WarpId,
    NTidX,
    NTidY,
    NTidZ,
    NCtaidX,
    NCtaidY,
    NCtaidZ,
    LaneMaskEq,
    LaneMaskLt,
    LaneMaskLe,
    LaneMaskGt,
    LaneMaskGe,
    Clock,
    ClockHi,
    GlobalTimerLo,
    GlobalTimerHi,
    Zero
};

enum class ShuffleMode : u8 { Index, Up, Down, Butterfly };
enum class VoteMode : u8 { All, Any, Equal, Ballot };

}  // namespace shader::ir
