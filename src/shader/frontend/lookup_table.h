#pragma once

// The three-input bitwise functions of LOP3.LUT and PLOP3.LUT as short expressions.
#include "base/types.h"
#include "shader/frontend/translator.h"

namespace shader::frontend {

// The function whose truth table is `lut` (bit (a << 2 | b << 1 | c) of it) of the U32 values
// a, b and c, as one of the fewest AND / OR / XOR / NOT operations that compute it (found once,
// by search over all 256 functions): the driver's compiler gets what it would have made of it
// itself, rather than a sum of minterms it may not reduce.
ir::Value LookupTable(Translator& t, u32 lut, ir::Value a, ir::Value b, ir::Value c);

// The number of operations LookupTable emits for `lut` (tests).
u32 LookupTableCost(u32 lut);

}  // namespace shader::frontend
