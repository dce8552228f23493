#pragma once

#include <span>
#include <vector>

#include "shader/environment.h"
#include "shader/frontend/translator.h"
#include "shader/sass/instruction.h"

namespace shader::frontend {

// Maxwell's BRX Ra, offset jumps to the code offset next + offset + Ra. NVIDIA's compiler builds
// switches as jump tables in a constant bank the driver fills (nvidia-modeset's constant buffers
// of its 3D shaders, bank 1):
//     IMNMX.U32 Ri, Rx, N, PT ;  SHL Ri, Ri, 0x2 ;  LDC Ra, c[bank][Ri + base] ;  BRX Ra, offset
// The table has N + 1 entries; a bank the environment fixes gives their targets.
struct JumpTable {
    u32 bank = 0;
    u32 base = 0;              // byte offset of entry 0
    std::vector<u64> targets;  // of entry 0, 1, ..., N
};

// An instruction before the BRX, nearest first.
struct JumpTableInstruction {
    const sass::Instruction* inst = nullptr;
    u64 offset = 0;
};
inline constexpr std::size_t kJumpTableWindow = 8;

// The table of the BRX at `offset`; throws base::Error naming it where the code before it is not
// that pattern or the environment does not fix the bank.
JumpTable FindJumpTable(const ShaderEnvironment& env, const sass::Instruction& brx, u64 offset,
                        std::span<const JumpTableInstruction> before);

// The entry the BRX takes, as the byte offset that its LDC read (compared with base + 4 i): its
// translation reads Ra's value, which must still be that load.
ir::Value JumpTableAddress(Translator& t, const JumpTable& table);

}  // namespace shader::frontend
