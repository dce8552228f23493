#pragma once

#include "shader/ir/program.h"
#include "shader/sass/cubin.h"

namespace shader::passes {

// Module-scope data of a cubin (sass::CubinModule) in a translated kernel.
//
// The module's global memory lives at this made-up address (2^32-aligned, apart from the
// runner's parameter buffers and shared window), so the low word of an address in it is the
// byte offset. Constant bank 4 holds the addresses of its variables; they are relocated to it.
inline constexpr u64 kModuleGlobalAddress = u64{1} << 38;
// The ir::ProgramInfo::global_buffers entry that stands for the module's global memory rather
// than a pointer parameter's buffer.
inline constexpr ConstantAddress kModuleGlobalBuffer{.bank = ~0u, .offset = ~0u};

// For a global memory access whose address derives from no pointer parameter: when it derives
// from a word of constant bank 4 that the cubin relocates to the module's global memory, the
// access goes to that memory's storage buffer (kModuleGlobalBuffer) and true is returned.
bool LowerModuleGlobalAccess(ir::Program& program, const sass::CubinKernel& kernel,
                             ir::Inst& access);

// Reads of constant bank 4 become their relocated words (immediates); constant bank 3 (the
// `__constant__` variables) is recorded in ir::ProgramInfo::constant_banks with the module's
// size of it. Throws base::Error naming the kernel for other banks, bank 4 words without data,
// and code relocations (not applied yet).
void BindModuleData(ir::Program& program, const sass::CubinKernel& kernel);

}  // namespace shader::passes
