#pragma once

#include <span>
#include <string>

#include "base/types.h"

namespace app {

enum class ShaderArch { Auto, Maxwell, Ampere };

// `nxhost shader disasm FILE [--arch maxwell|ampere]`: a cubin (Maxwell when its e_flags name
// sm_5x, else Ampere), a deko3d DKSH file (Maxwell; each program after its header) or, with
// --arch, raw code, listed as nvdisasm lists it. `undecoded` counts the words no form explains
// (they print as "<undecoded ...>"). Throws base::Error for a damaged file or raw code without
// --arch maxwell|ampere that cannot be told apart.
std::string DisassembleShaderFile(std::span<const u8> bytes, const std::string& path,
                                  ShaderArch arch, std::size_t& undecoded);

}  // namespace app
