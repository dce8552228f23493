#pragma once

// Float arithmetic that gives NVIDIA's IEEE results on any Vulkan device. Vulkan lets a device
// round GLSL.std.450 Fma twice ("Precision and Operation of SPIR-V Instructions": fma is
// "inherited from OpFMul followed by OpFAdd") and flush denormals (lavapipe reports
// shaderDenormPreserveFloat32 = false), while NVIDIA's FFMA and DFMA round once and its non-FTZ
// operations keep denormals. So:
//  - f32 operations widen their operands to f64 in integer operations (exact, denormals too),
//    multiply in f64 (exact for two f32s), add in f64 with the rounding error recovered by
//    Fast2Sum, and round the exact result to f32 in integer operations. Every f64 value on the
//    way is zero or normal, so a device that flushes f64 denormals cannot change it either.
//  - the f64 fma is computed in 64-bit integer operations (a 128-bit product), in every mode.
// Operands and results are raw bits (U32 for f32, U64 for f64); NaN results are NVIDIA's
// canonical NaNs (0x7fffffff, 0xfff8000000000000 ... any NaN).
#include "shader/frontend/float_rounding.h"

namespace shader::frontend {

// NVIDIA's one NaN of each width: what every float result that is a NaN becomes.
inline constexpr u32 kCanonicalNaN32 = 0x7fffffffu;
inline constexpr u64 kCanonicalNaN64 = 0xfff8000000000000ull;

// The F64 of the same value as the f32 `bits` (U32), built without float arithmetic on it.
ir::Value WidenF32Bits(Translator& t, ir::Value bits);

// Correctly rounded f32 a * b + c, a + b and a * b in `mode` (U32 bits in and out).
ir::Value FmaF32Bits(Translator& t, ir::Value a, ir::Value b, ir::Value c, Rounding mode);
ir::Value AddF32Bits(Translator& t, ir::Value a, ir::Value b, Rounding mode);
ir::Value MulF32Bits(Translator& t, ir::Value a, ir::Value b, Rounding mode);

// Correctly rounded f64 a * b + c, a + b and a * b in `mode` (U64 bits in and out).
ir::Value FmaF64Bits(Translator& t, ir::Value a, ir::Value b, ir::Value c, Rounding mode);
ir::Value AddF64Bits(Translator& t, ir::Value a, ir::Value b, Rounding mode);
ir::Value MulF64Bits(Translator& t, ir::Value a, ir::Value b, Rounding mode);

}  // namespace shader::frontend
