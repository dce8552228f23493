#pragma once

#include <string_view>

#include "shader/ir/program.h"
#include "shader/sass/cubin.h"

namespace shader::passes {

// Folds operations on immediates and undoes pack/unpack and bit-cast round trips, so that the
// copies register pairs and bit casts leave behind disappear.
void FoldConstants(ir::Program& program);

// Removes instructions without side effects whose results nothing uses (every result of a
// multi-result instruction counts: the extracts of a vector load keep the load).
void RemoveDeadCode(ir::Program& program);

// Resolves each global memory access to the pointer parameter its address is derived from (a
// 64-bit value of constant bank 0 in the kernel's parameter area); the access then goes to that
// parameter's storage buffer at (address - parameter). Throws base::Error when an address
// derives from no parameter or from several.
void LowerGlobalMemory(ir::Program& program, const sass::CubinKernel& kernel);
// The same for a program whose storage buffers' 64-bit addresses are where `sources` says
// (ShaderEnvironment::StorageBufferAddresses); `name` names it in errors, which name the
// access's SASS offset and why its address has no one storage buffer.
void LowerGlobalMemory(ir::Program& program, const StorageBufferSources& sources,
                       std::string_view name);

// Graphics stages: every constant bank the program reads is a uniform buffer
// (ir::ProgramInfo::constant_banks), as large as the furthest word read, or the whole 64 KiB
// where a register gives the offset. Throws base::Error naming the program for a bank chosen at
// run time.
void BindConstantBanks(ir::Program& program, std::string_view name);

}  // namespace shader::passes
