#pragma once

#include "base/types.h"

namespace shader::ir {

// Types of IR values. Registers are untyped 32-bit words on the GPU; the frontend reads them as
// U32 and bit-casts where an instruction works on floats.
enum class Type : u8 { Void, Bool, U32, U64, F32, F64, U32x2, U32x4 };

const char* TypeName(Type type);
unsigned TypeBits(Type type);

}  // namespace shader::ir
