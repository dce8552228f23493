#pragma once

// FADD, FMUL, FFMA, DADD and DMUL as NVIDIA computes them, on raw bits (U32 for f32, U64 for
// f64): one native SPIR-V instruction where the target guarantees the same result, the exact
// integer path of exact_float.h everywhere else.
//
// The native instruction is exact when it rounds to nearest (the only mode SPIR-V arithmetic
// has without per-module rounding modes), the device keeps denormals (DenormPreserve) and does
// not optimise signed zeros, infinities and NaNs away (SignedZeroInfNanPreserve): Vulkan then
// rounds OpFAdd and OpFMul correctly ("Precision and Operation of SPIR-V Instructions"). An f32
// fma also needs GLSL.std.450 Fma to round once, which Vulkan does not promise
// (TargetProfile::fused_fma_f32 is measured). .FTZ and .SAT stay with the caller: they act on
// the operands' and the result's bits around either path.
#include "shader/frontend/float_rounding.h"

namespace shader::frontend {

// Whether the target computes f32 add and mul (`fma`: and fma) exactly in round-to-nearest;
// f64 add and mul likewise.
bool NativeF32(const TargetProfile& target, bool fma);
bool NativeF64(const TargetProfile& target);

ir::Value AddF32(Translator& t, ir::Value a, ir::Value b, Rounding mode);
ir::Value MulF32(Translator& t, ir::Value a, ir::Value b, Rounding mode);
ir::Value FmaF32(Translator& t, ir::Value a, ir::Value b, ir::Value c, Rounding mode);
ir::Value AddF64(Translator& t, ir::Value a, ir::Value b, Rounding mode);
ir::Value MulF64(Translator& t, ir::Value a, ir::Value b, Rounding mode);

}  // namespace shader::frontend
