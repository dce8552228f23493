#pragma once

// Which A64 instructions the LLVM tier translates, and the fields of their encodings (Arm
// Architecture Reference Manual for A-profile, DDI 0487, chapter C4 "A64 Instruction Set
// Encoding"). Anything Classify does not name ends a region before it.

#include <optional>

#include "base/types.h"

namespace cpu::llvm_tier {

enum class A64Op {
    Nop,
    AddSubImmediate,
    LogicalImmediate,
    MoveWide,
    Bitfield,
    Extract,
    PcRelative,  // ADR, ADRP
    LogicalShifted,
    AddSubShifted,
    AddSubExtended,
    AddSubCarry,
    ConditionalCompare,
    ConditionalSelect,
    DataProcessing1,     // RBIT, REV16, REV32, REV, CLZ, CLS
    DataProcessing2,     // UDIV, SDIV, LSLV, LSRV, ASRV, RORV
    DataProcessing3,     // MADD, MSUB, SMADDL, SMSUBL, UMADDL, UMSUBL, SMULH, UMULH
    LoadStoreImmediate,  // unsigned offset, unscaled, pre- and post-index, unprivileged
    LoadStoreRegister,   // register offset
    LoadLiteral,
    LoadStorePair,
    SystemRegister,  // MRS and MSR (register) of NZCV; MRS of FPCR
    // Scalar floating point, single and double precision (a64_fp_instruction.cpp)
    FpDataProcessing1,     // FMOV (register), FABS, FNEG, FSQRT, FCVT (S <-> D), FRINT*
    FpDataProcessing2,     // FMUL, FDIV, FADD, FSUB, FMAX, FMIN, FMAXNM, FMINNM, FNMUL
    FpDataProcessing3,     // FMADD, FMSUB, FNMADD, FNMSUB
    FpCompare,             // FCMP, FCMPE
    FpConditionalCompare,  // FCCMP, FCCMPE
    FpConditionalSelect,   // FCSEL
    FpImmediate,           // FMOV (scalar, immediate)
    FpIntegerConversion,   // SCVTF, UCVTF, FCVTZS, FCVTZU, FMOV (general)
    // Advanced SIMD (a64_simd_instruction.cpp)
    SimdThreeSame,          // ADD, SUB, MUL, CMEQ/CMTST/CMGT/CMHI/CMGE/CMHS, AND...BIF; FADD,
                            // FSUB, FMUL, FDIV, FMLA, FMLS, FMAX, FMIN, FMAXNM, FMINNM
    SimdCopy,               // DUP (element, general), INS (element, general), UMOV, SMOV
    SimdModifiedImmediate,  // MOVI, MVNI, ORR, BIC (immediate), FMOV (vector, immediate)
    SimdShiftImmediate,     // SSHR, USHR, SSRA, USRA, SHL
    SimdTwoRegisterMisc,    // ABS, NEG, NOT, CNT, REV64, CMEQ/CMGT/CMGE/CMLE/CMLT (zero),
                            // FABS, FNEG
    SimdByElement,          // FMLA, FMLS, FMUL, MUL (by element)
    SimdLoadReplicate,      // LD1R
    SimdPermute,            // UZP1/2, TRN1/2, ZIP1/2
    SimdExtract,            // EXT
    Branch,                 // B
    BranchLink,             // BL
    BranchConditional,      // B.cond
    CompareBranch,          // CBZ, CBNZ
    TestBranch,             // TBZ, TBNZ
    BranchRegister,         // BR
    BranchLinkRegister,     // BLR
    Return,                 // RET
};

std::optional<A64Op> Classify(u32 word);
// The scalar floating-point data-processing classes (op0 x111 of C4.1).
std::optional<A64Op> ClassifyFloatingPoint(u32 word);
// The Advanced SIMD classes above (C4.1.96 and C4.1.88, LD1R).
std::optional<A64Op> ClassifySimd(u32 word);

// Bits [low, low + count) of word.
constexpr u32 Field(u32 word, unsigned low, unsigned count) {
    return (word >> low) & ((u32{1} << count) - 1);
}
constexpr u64 SignExtend(u64 value, unsigned bits) {
    const u64 sign = u64{1} << (bits - 1);
    return (value ^ sign) - sign;
}

// The target of a direct branch (B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ) at pc.
u64 BranchTarget(A64Op op, u32 word, u64 pc);
inline bool EndsBlock(A64Op op) {
    return op >= A64Op::Branch;
}

// DecodeBitMasks of the Arm ARM (shared/functions/bitmasks): the masks of logical immediates
// and bitfield moves; nullopt for a reserved combination.
struct BitMasks {
    u64 wmask;
    u64 tmask;
};
std::optional<BitMasks> DecodeBitMasks(unsigned n, unsigned imms, unsigned immr, bool immediate,
                                       unsigned datasize);

}  // namespace cpu::llvm_tier
