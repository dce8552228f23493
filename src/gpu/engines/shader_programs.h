#pragma once

// The shader programs the 3D class runs: PIPELINE_SHADER(j) (0x2000 + 64j: ENABLE 0, TYPE 7:4)
// and PIPELINE_PROGRAM(j) (0x2004 + 64j, an offset from SET_PROGRAM_REGION_A/B at 0x1608) in
// MAXWELL_B (OGD classes/3d/clb197.h). A program starts with its 0x50-byte header (SPH v3);
// its code follows and ends, by the compilers' convention, with a branch to itself (NVIDIA's
// and uam's output; yuzu's shader environment scans for it too), which is how far it is read.

#include <optional>
#include <string>
#include <vector>

#include "gpu/compute_call.h"
#include "gpu/draw_call.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

inline constexpr u32 kProgramHeaderBytes = 0x50;
// The most code read for one program (a bound against a missing end).
inline constexpr u64 kLargestProgram = 0x40000;

// The code from `address` up to and including the bundle (Maxwell) or 16-byte word (Ampere) of
// its branch to itself; nothing (and why) when memory is not mapped or no end is found.
std::optional<std::vector<u8>> ReadProgramCode(const MemoryManager& memory, u64 address,
                                               ComputeCode kind, std::string& why_not);

// The program whose header is at `address`: its header and code up to and including the bundle
// of the self-branch; nothing (and why) when memory is not mapped or no end is found.
std::optional<ShaderProgram> ReadShaderProgram(const MemoryManager& memory, u64 address,
                                               std::string& why_not);

// The enabled stages, in pipeline order; `why_not` names what is not read (a stage the class
// cannot give, memory not mapped).
std::vector<ShaderProgram> ReadShaderPrograms(const RegisterFile& registers, u32 class_number,
                                              const MemoryManager& memory,
                                              std::vector<std::string>& why_not);

}  // namespace gpu::engines
