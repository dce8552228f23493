// Fermi-format text: "<assignment> r<dst>, <operation>", e.g. "move.send r2, add r1, r3",
// branches as "bnz r7, -5" (".annul" without a delay slot), "; exit" for the exit bit.
#include <array>

#include <fmt/format.h>

#include "gpu/macro/fermi_macro.h"
#include "gpu/macro/macro_engine.h"

namespace gpu::macro {

namespace {

constexpr std::array<std::string_view, 8> kAssignNames = {
    "fetch",
    "move",
    "move.maddr",
    "fetch.send",
    "move.send",
    "fetch.maddr",
    "move.maddr.fetch.send",
    "move.maddr.send.high",
};

std::string_view AluName(u32 op) {
    switch (static_cast<FermiAluOp>(op)) {
        case FermiAluOp::Add:
            return "add";
        case FermiAluOp::AddWithCarry:
            return "addc";
        case FermiAluOp::Subtract:
            return "sub";
        case FermiAluOp::SubtractWithBorrow:
            return "subb";
        case FermiAluOp::Xor:
            return "xor";
        case FermiAluOp::Or:
            return "or";
        case FermiAluOp::And:
            return "and";
        case FermiAluOp::AndNot:
            return "andnot";
        case FermiAluOp::Nand:
            return "nand";
    }
    return "?";
}

std::string Operation(FermiInstruction in) {
    switch (in.Op()) {
        case FermiOp::Alu:
            if (!IsDefinedFermiAluOp(in.AluOp())) {
                return fmt::format("alu.undefined{} r{}, r{}", in.AluOp(), in.SrcA(), in.SrcB());
            }
            return fmt::format("{} r{}, r{}", AluName(in.AluOp()), in.SrcA(), in.SrcB());
        case FermiOp::AddImmediate:
            return fmt::format("addi r{}, {}", in.SrcA(), in.Immediate());
        case FermiOp::Merge:
            return fmt::format("merge r{}, r{} (dst {}, size {}, src {})", in.SrcA(), in.SrcB(),
                               in.DstBit(), in.Size(), in.SrcBit());
        case FermiOp::BfeLslImm:
            return fmt::format("bfe.lsl r{}, shift r{}, size {}, lsl {}", in.SrcB(), in.SrcA(),
                               in.Size(), in.DstBit());
        case FermiOp::BfeLslReg:
            return fmt::format("bfe.lsl r{}, shift {}, size {}, lsl r{}", in.SrcB(), in.SrcBit(),
                               in.Size(), in.SrcA());
        case FermiOp::State:
            return fmt::format("state r{} + {:#x}", in.SrcA(), in.Immediate());
        default:
            return "undefined6";
    }
}

}  // namespace

std::string DisassembleFermi(u32 word) {
    const FermiInstruction in{word};
    std::string text;
    if (in.Op() == FermiOp::Branch) {
        text = fmt::format("{}{} r{}, {:+}", in.BranchIfNotZero() ? "bnz" : "bz",
                           in.BranchAnnulled() ? ".annul" : "", in.SrcA(), in.Immediate());
    } else {
        text = fmt::format("{} r{}, {}", kAssignNames[static_cast<u32>(in.Assign())], in.Dst(),
                           Operation(in));
    }
    if (in.Exit()) {
        text += "; exit";
    }
    return text;
}

}  // namespace gpu::macro
