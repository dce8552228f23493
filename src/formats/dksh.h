#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace formats {

// deko3d's shader container (deko3d source/dksh.h): a control section (a header, then a table of
// 64-byte program headers) and a code section (each program's code, graphics programs after a
// 0x50-byte shader program header at their entry point, and the compiler's constants).
inline constexpr u32 kDkshMagic = 0x48534b44;  // "DKSH"
inline constexpr u32 kDkshProgramHeaderSize = 64;
inline constexpr u32 kShaderProgramHeaderSize = 0x50;

enum class DkshStage : u32 { Vertex, Fragment, Geometry, TessControl, TessEval, Compute };

struct DkshProgram {
    DkshStage stage = DkshStage::Vertex;
    u32 entrypoint = 0;  // offset in the code section
    u32 registers = 0;
    u32 constbuf1_offset = 0;  // the compiler's constants (bound as c[0x1]), in the code section
    u32 constbuf1_size = 0;
    u32 scratch_per_warp = 0;
    // Compute programs (DkshProgramHeader::comp): the threads of a block and the shared memory
    // it uses; zero for graphics programs.
    std::array<u32, 3> block_dims{0, 0, 0};
    u32 shared_bytes = 0;
    std::vector<u8> program_header;  // the SPH of a graphics program, empty for compute
    // From the instructions' start to the next program, the constants or the end of the code
    // section, without trailing all-zero bundles.
    std::vector<u8> code;
};

struct Dksh {
    u32 control_size = 0;
    u32 code_size = 0;
    std::vector<DkshProgram> programs;
};

bool IsDksh(std::span<const u8> file);

// Throws base::Error naming `source` for a truncated file, a bad magic, offsets or sizes out of
// range, or an unknown program type.
Dksh ReadDksh(std::span<const u8> file, std::string source);

std::string_view DkshStageName(DkshStage stage);

}  // namespace formats
