#pragma once

// Exact IEEE rounding built from integer operations and correctly rounded (round-to-nearest-even)
// SPIR-V arithmetic, for the rounding modes and narrow formats SPIR-V cannot name: directed
// rounding of add/mul/fma/conversions (NVIDIA's .RM/.RP/.RZ) and conversions to f16 and bf16.
//
// Directed rounding works from the round-to-nearest result r and the sign of the exact residual
// (exact - r): r is one of the two floats around the exact value, so the directed result is r
// or its neighbour one ulp away, picked by the residual's sign. The residuals are computed so
// that no step relies on error-free-transformation identities (TwoSum's `(a + b) - a`), which a
// Vulkan driver may simplify away in operations not decorated NoContraction.
#include <string_view>

#include "shader/frontend/translator.h"

namespace shader::frontend {

enum class Rounding { Nearest, Down, Up, Zero };

// The mode of the instruction's {,RM,RP,RZ} (or F2I's {,FLOOR,CEIL,TRUNC}) modifier.
Rounding RoundingOf(sass::ModifierName name);

// An integer (U32 or U64 value, signed or not) converted to F32 or F64 with a rounding mode
// (translate_conversion.cpp).
ir::Value IntToFloat(Translator& t, ir::Value value, bool is_signed, ir::Type float_type,
                     Rounding mode);
// F2I's conversion of operand 1 to an integer of `bits` (32 or 64) into operand 0
// (translate_conversion.cpp).
void FloatToInt(Translator& t, bool is_signed, int bits, bool is_double);

// FTZ: single-precision denormals read and written as zero of the same sign.
ir::Value FlushDenormal(Translator& t, ir::Value f32);
// The same on U32 bits, in integer operations.
ir::Value FlushDenormalBits(Translator& t, ir::Value bits);

// The directed rounding of an exact value whose round-to-nearest result is `nearest` (F32 or
// F64), given whether the exact value lies below or above it (both false when it is exact or
// NaN).
ir::Value RoundDirected(Translator& t, Rounding mode, ir::Value nearest, ir::Value exact_below,
                        ir::Value exact_above);

// The sign of p + c - r (an F64 whose sign and zero-ness are exact) where p is an F64 holding an
// exact value of at most 48 significant bits (an f32, or the product of two f32s), c and r are
// F32 and r = RN32(p + c). Used by FADD, FMUL and FFMA with directed rounding.
ir::Value ResidualF32(Translator& t, ir::Value p, ir::Value c, ir::Value r);

// Round-to-nearest-even (or toward zero) of an f32 (U32 bits) to f16 or bf16, as U32 holding the
// 16-bit result. NaN gives 0x7fff as NVIDIA's conversions do.
ir::Value F32BitsToHalf(Translator& t, ir::Value bits, bool toward_zero);
ir::Value F32BitsToBf16(Translator& t, ir::Value bits);
// The f16 in the low 16 bits of a U32, as an exact F32.
ir::Value HalfToF32(Translator& t, ir::Value half);
// An F64 rounded to f32 with round-to-odd (U32 bits): rounding that once more to a format of at
// most 22 significant bits gives the correctly rounded result of the F64.
ir::Value RoundToOddF32Bits(Translator& t, ir::Value f64);

// x + y (F32s) rounded to nearest by the native addition, and its rounding error (Knuth's
// TwoSum: six round-to-nearest operations, exact for finite values whose sum does not overflow
// and stays in the normal range).
struct RoundedSum {
    ir::Value sum;    // F32
    ir::Value error;  // F32: x + y - sum
};
RoundedSum TwoSum(Translator& t, ir::Value x, ir::Value y);

// p + c rounded to odd in f32 (U32 bits), from native f32 additions (TwoSum): exact where every
// value on the way is normal or zero, as for the product p of two f16s and an f16 c (all
// multiples of 2^-48), so rounding it again to f16 rounds the exact sum once. For devices
// without f64 arithmetic.
ir::Value RoundToOddSumF32Bits(Translator& t, ir::Value p, ir::Value c);

}  // namespace shader::frontend
