#pragma once

// The shader programs the 3D class runs: PIPELINE_SHADER(j) (0x2000 + 64j: ENABLE 0, TYPE 7:4)
// and where each program's header is. MAXWELL_B: PIPELINE_PROGRAM(j) (0x2004 + 64j), an offset
// from SET_PROGRAM_REGION_A/B (0x1608) (OGD classes/3d/clb197.h); a 0x50-byte header (SPH v3),
// then Maxwell code. Volta and later (0xC397 on; AMPERE_B, clc797.h): the 40-bit address of the
// header in PIPELINE_PROGRAM_ADDRESS_A(j) (0x2014 + 64j, UPPER 7:0) and _B(j) (0x2018 + 64j,
// LOWER 31:0); a 0x80-byte header (SPH v4), then 128-bit Volta+ code (NVK puts the header right
// before the code on Turing and later: Mesa vulkan/nvk_shader.c). The code ends, by the
// compilers' convention, with a branch to itself (NVIDIA's and uam's output; yuzu's shader
// environment scans for it too), which is how far it is read.

#include <optional>
#include <string>
#include <vector>

#include "gpu/draw_call.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

// The header's size for programs of `architecture`.
u64 ProgramHeaderBytes(ShaderArchitecture architecture);
// The most code read for one program (a bound against a missing end).
inline constexpr u64 kLargestProgram = 0x40000;

// The code from `address` up to and including the bundle (Maxwell) or 16-byte word (Ampere) of
// its branch to itself, or (Ampere) of the EXIT under PT that no earlier relative branch passes
// in code without indirect branches (Mesa NAK's programs end so); nothing (and why) when memory
// is not mapped or no end is found.
std::optional<std::vector<u8>> ReadProgramCode(const MemoryManager& memory, u64 address,
                                               ShaderArchitecture architecture,
                                               std::string& why_not);

// The program whose header is at `address`: its header and code up to and including its
// self-branch (Maxwell: that branch's bundle); nothing (and why) when memory is not mapped or
// no end is found.
std::optional<ShaderProgram> ReadShaderProgram(const MemoryManager& memory, u64 address,
                                               ShaderArchitecture architecture,
                                               std::string& why_not);

// The enabled stages, in pipeline order; `why_not` names what is not read (a stage the class
// cannot give, memory not mapped).
std::vector<ShaderProgram> ReadShaderPrograms(const RegisterFile& registers, u32 class_number,
                                              const MemoryManager& memory,
                                              std::vector<std::string>& why_not);

}  // namespace gpu::engines
