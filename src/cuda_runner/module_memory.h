#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "cuda_runner/kernel_runner.h"
#include "shader/sass/cubin.h"

namespace cuda_runner {

// Throws base::Error unless each value names a variable of the kernel's module (constant bank
// 3 or global memory) and has exactly its size.
void CheckModuleGlobals(const shader::sass::CubinKernel& kernel,
                        std::span<const ModuleGlobalValue> globals);

// The bytes of one of the module's memories for a launch: the cubin's initial bytes with the
// values of the launch's globals that live in it written over their variables, zero-padded to
// at least `min_bytes` and to a multiple of 16. Expects globals CheckModuleGlobals accepted.
std::vector<u8> ModuleMemoryForLaunch(const shader::sass::ModuleMemory& memory,
                                      std::span<const ModuleGlobalValue> globals, u32 min_bytes);

}  // namespace cuda_runner
