#include <algorithm>

#include "base/error.h"
#include "shader/passes/passes.h"

namespace shader::passes {

namespace {

// The most a constant bank holds (the 3D engine binds up to 64 KiB per bank).
constexpr u32 kBankBytes = 0x10000;

}  // namespace

void BindConstantBanks(ir::Program& program, std::string_view name) {
    for (const auto& block : program.Blocks()) {
        for (const ir::Inst* inst : block->insts) {
            if (inst->op != ir::Op::ConstBank) {
                continue;
            }
            const ir::Value bank = inst->Arg(0);
            const ir::Value offset = inst->Arg(1);
            if (!bank.IsImmediate()) {
                base::Fail("{}: a constant bank chosen at run time (SASS offset {:#06x})", name,
                           inst->sass_offset);
            }
            // A read at a register's offset may reach any word of the bank.
            const u64 end = offset.IsImmediate() ? offset.Bits() + 4 : kBankBytes;
            if (end > kBankBytes) {
                base::Fail(
                    "{}: c[{:#x}][{:#x}] at SASS offset {:#06x} is past the bank's {:#x} bytes",
                    name, bank.Bits(), offset.Bits(), inst->sass_offset, kBankBytes);
            }
            u32& bytes = program.info.constant_banks[static_cast<u32>(bank.Bits())];
            bytes = std::max(bytes, static_cast<u32>((end + 15) / 16 * 16));
        }
    }
}

}  // namespace shader::passes
