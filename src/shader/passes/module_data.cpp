// The module's constant banks 3 and 4 and its global memory (passes/module_data.h). Facts of the
// cubin: tests/shader/cuda/mufu.cubin's sinf reads the address of __cudart_i2opi_f (in
// .nv.global.init) from c[0x4][0x0], which .rel.nv.constant4 relocates (R_CUDA_64).
#include "shader/passes/module_data.h"

#include <algorithm>
#include <set>

#include "base/error.h"
#include "shader/passes/address_sources.h"

namespace shader::passes {
namespace {

using ir::Inst;
using ir::Op;

constexpr u32 kModuleConstantBank = 3;
constexpr u32 kAddressBank = 4;
// Banks 0 (driver constants and parameters) and 2 (ptxas' constants, immediates already).
constexpr u32 kParameterBank = 0;
constexpr u32 kCompilerBank = 2;

// The bank and immediate byte offset of a ConstBank read (nothing for a register-indexed one).
struct BankWord {
    u32 bank = 0;
    std::optional<u32> offset;
};

std::optional<BankWord> ReadOf(const Inst& inst) {
    if (inst.op != Op::ConstBank) {
        return std::nullopt;
    }
    const ir::Value bank = inst.Arg(0);
    const ir::Value offset = inst.Arg(1);
    if (!bank.IsImmediate()) {
        return std::nullopt;
    }
    BankWord word{static_cast<u32>(bank.Bits()), std::nullopt};
    if (offset.IsImmediate()) {
        word.offset = static_cast<u32>(offset.Bits());
    }
    return word;
}

// The relocation of bank 4 that covers the word at `offset` to module global memory.
const sass::Relocation* GlobalAddressAt(const sass::CubinKernel& kernel, u32 offset) {
    for (const sass::Relocation& relocation : kernel.module.constant4_relocations) {
        if (relocation.global_offset && offset >= relocation.offset &&
            offset < relocation.offset + 8) {
            return &relocation;
        }
    }
    return nullptr;
}

// Whether `address` is computed (through any arithmetic and phis, not through loads) from a
// word of bank 4 that holds an address in module global memory.
bool DerivesFromModuleGlobal(const sass::CubinKernel& kernel, const ir::Value& address) {
    bool derives = false;
    WalkAddressSources(address, [&](const Inst& inst) {
        const auto read = ReadOf(inst);
        if (!read) {
            return WalkStep::Follow;
        }
        derives = read->bank == kAddressBank && read->offset &&
                  GlobalAddressAt(kernel, *read->offset) != nullptr;
        return derives ? WalkStep::Done : WalkStep::Skip;
    });
    return derives;
}

// The relocated word of bank 4 at `offset`.
u32 AddressWord(const sass::CubinKernel& kernel, const Inst& inst, u32 offset) {
    if (offset % 4 != 0) {
        base::Fail("kernel {}: c[0x4][{:#x}] at SASS offset {:#06x} is not a whole word",
                   kernel.name, offset, inst.sass_offset);
    }
    if (const sass::Relocation* relocation = GlobalAddressAt(kernel, offset)) {
        const u64 address = kModuleGlobalAddress + *relocation->global_offset;
        return static_cast<u32>(offset == relocation->offset ? address : address >> 32);
    }
    for (const sass::Relocation& relocation : kernel.module.constant4_relocations) {
        if (offset + 4 > relocation.offset && offset < relocation.offset + 8) {
            base::Fail(
                "kernel {}: c[0x4][{:#x}] at SASS offset {:#06x} is relocated to '{}' (type {}), "
                "which is not in the module's global memory",
                kernel.name, offset, inst.sass_offset, relocation.symbol, relocation.type);
        }
    }
    const std::vector<u8>& bytes = kernel.module.constant4;
    if (u64{offset} + 4 > bytes.size()) {
        base::Fail(
            "kernel {}: c[0x4][{:#x}] at SASS offset {:#06x} is outside the module's {} "
            "bytes of constant bank 4",
            kernel.name, offset, inst.sass_offset, bytes.size());
    }
    return static_cast<u32>(bytes[offset]) | static_cast<u32>(bytes[offset + 1]) << 8 |
           static_cast<u32>(bytes[offset + 2]) << 16 | static_cast<u32>(bytes[offset + 3]) << 24;
}

}  // namespace

bool LowerModuleGlobalAccess(ir::Program& program, const sass::CubinKernel& kernel,
                             ir::Inst& access) {
    if (!DerivesFromModuleGlobal(kernel, access.Arg(0))) {
        return false;
    }
    auto& buffers = program.info.global_buffers;
    auto it = std::find(buffers.begin(), buffers.end(), kModuleGlobalBuffer);
    if (it == buffers.end()) {
        buffers.push_back(kModuleGlobalBuffer);
        it = buffers.end() - 1;
    }
    access.resource = static_cast<u32>(it - buffers.begin());
    return true;
}

void BindModuleData(ir::Program& program, const sass::CubinKernel& kernel) {
    if (!kernel.code_relocations.empty()) {
        const sass::Relocation& first = kernel.code_relocations.front();
        base::Fail(
            "kernel {}: its code has {} relocations (the first at {:#06x}, type {}, to '{}'), "
            "which are not applied yet",
            kernel.name, kernel.code_relocations.size(), first.offset, first.type, first.symbol);
    }
    for (const auto& block : program.Blocks()) {
        for (Inst* inst : block->insts) {
            const auto read = ReadOf(*inst);
            if (inst->op != Op::ConstBank) {
                continue;
            }
            if (!read) {
                base::Fail("kernel {}: a constant bank chosen at run time (SASS offset {:#06x})",
                           kernel.name, inst->sass_offset);
            }
            if (read->bank == kParameterBank || read->bank == kCompilerBank) {
                continue;
            }
            if (read->bank == kModuleConstantBank) {
                const u64 bytes = (kernel.module.constant3.bytes.size() + 15) / 16 * 16;
                program.info.constant_banks[kModuleConstantBank] =
                    static_cast<u32>(std::max<u64>(bytes, 16));
                continue;
            }
            if (read->bank == kAddressBank && read->offset) {
                inst->ReplaceWith(ir::Value::U32(AddressWord(kernel, *inst, *read->offset)));
                continue;
            }
            base::Fail(
                "kernel {}: constant bank {} (SASS offset {:#06x}) is not bound for compute "
                "kernels{}",
                kernel.name, read->bank, inst->sass_offset,
                read->bank == kAddressBank ? " when indexed by a register" : "");
        }
        std::erase_if(block->insts, [](const Inst* inst) { return inst->op == Op::Identity; });
    }
}

}  // namespace shader::passes
