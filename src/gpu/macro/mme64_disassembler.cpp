// MME64 text: the group's parts joined by " | ": "pred TTUU r3" when predicated, each ALU
// that does something as "r4 = add r1, 5" ("alu1 = ..." when only an output reads it),
// outputs as "mthd(imm0 = 0x1586, +1)" and "emit(alu0)", and "end_next".
#include <array>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/bits.h"
#include "gpu/macro/macro_engine.h"
#include "gpu/macro/mme64_macro.h"

namespace gpu::macro {

namespace {

constexpr std::array<std::string_view, 32> kOpNames = {
    "add",   "addc", "sub",  "subb", "mul",  "mulh",  "mulu", "extended", "clz",   "sll",    "srl",
    "sra",   "and",  "nand", "or",   "xor",  "merge", "slt",  "sltu",     "sle",   "sleu",   "seq",
    "state", "loop", "jal",  "blt",  "bltu", "ble",   "bleu", "beq",      "dread", "dwrite",
};

constexpr std::array<std::string_view, 16> kOutputNames = {
    "none",        "alu0",        "alu1",        "load0",       "load1", "imm0",
    "imm1",        "reserved",    "immhigh0",    "immhigh1",    "imm32", "undefined11",
    "undefined12", "undefined13", "undefined14", "undefined15",
};

std::string SourceText(const Mme64Group& g, unsigned alu, u8 reg) {
    if (reg < kMme64RegisterCount) {
        return fmt::format("r{}", reg);
    }
    switch (static_cast<Mme64Source>(reg)) {
        case Mme64Source::Zero:
            return "zero";
        case Mme64Source::Imm:
            return fmt::format("{}", static_cast<s16>(g.alu[alu].imm));
        case Mme64Source::ImmPair:
            return fmt::format("{}", static_cast<s16>(g.alu[1 - alu].imm));
        case Mme64Source::Imm32:
            return fmt::format("{:#x}", (u32{g.alu[0].imm} << 16) | g.alu[1].imm);
        case Mme64Source::Load0:
            return "load0";
        case Mme64Source::Load1:
            return "load1";
    }
    return fmt::format("undefined{}", reg);
}

bool OutputReads(const Mme64Group& g, unsigned alu) {
    const u8 source = static_cast<u8>(alu == 0 ? Mme64Output::Alu0 : Mme64Output::Alu1);
    for (const Mme64Out& out : g.out) {
        if (out.method == source || out.emit == source) {
            return true;
        }
    }
    return false;
}

std::string AluText(const Mme64Group& g, unsigned i) {
    const Mme64Alu& alu = g.alu[i];
    const auto op = static_cast<Mme64Op>(alu.op);
    const std::string x = SourceText(g, i, alu.src[0]);
    const std::string y = SourceText(g, i, alu.src[1]);
    std::string body;
    switch (op) {
        case Mme64Op::Merge:
            body = fmt::format("merge {}, {} (dst {}, size {}, src {})", x, y,
                               (alu.imm >> 10) & 0x3F, (alu.imm >> 5) & 0x1F, alu.imm & 0x1F);
            break;
        case Mme64Op::Loop:
            body = fmt::format("loop {} (groups {})", x, alu.imm);
            break;
        case Mme64Op::Jal:
            body = fmt::format("jal {:+}", alu.imm & 0x7FFF);
            break;
        case Mme64Op::Blt:
        case Mme64Op::Bltu:
        case Mme64Op::Ble:
        case Mme64Op::Bleu:
        case Mme64Op::Beq: {
            const s64 offset = base::SignExtend(alu.imm & 0x1FFF, 13);
            const std::string target = offset == -0x1000 ? "exit" : fmt::format("{:+}", offset);
            body = fmt::format("{}{} {}, {}, {}", kOpNames[alu.op],
                               base::Bit(alu.imm, 15) ? "" : ".not", x, y, target);
            break;
        }
        case Mme64Op::State:
            body = fmt::format("state {} + {}", x, y);
            break;
        case Mme64Op::Mulh:
            body = "mulh";
            break;
        default:
            body = fmt::format("{} {}, {}", kOpNames[alu.op], x, y);
            break;
    }
    if (alu.dst < kMme64RegisterCount) {
        return fmt::format("r{} = {}", alu.dst, body);
    }
    if (alu.dst != static_cast<u8>(Mme64Source::Zero)) {
        return fmt::format("undefined{} = {}", alu.dst, body);
    }
    return OutputReads(g, i) ? fmt::format("alu{} = {}", i, body) : body;
}

bool AluDoesNothing(const Mme64Group& g, unsigned i) {
    const Mme64Alu& alu = g.alu[i];
    return alu.op == static_cast<u8>(Mme64Op::Add) &&
           alu.dst == static_cast<u8>(Mme64Source::Zero) && !OutputReads(g, i);
}

std::string OutputText(const Mme64Group& g, const Mme64Out& out) {
    std::string text;
    if (out.method != 0) {
        const std::string_view name = kOutputNames[out.method];
        u32 value = 0;
        bool immediate = true;
        switch (static_cast<Mme64Output>(out.method)) {
            case Mme64Output::Imm0:
                value = g.alu[0].imm;
                break;
            case Mme64Output::Imm1:
                value = g.alu[1].imm;
                break;
            default:
                immediate = false;
                break;
        }
        text = immediate ? fmt::format("mthd({:#x}, +{})", value & 0xFFF, value >> 12)
                         : fmt::format("mthd({})", name);
    }
    if (out.emit != 0) {
        if (!text.empty()) {
            text += " ";
        }
        text += fmt::format("emit({})", kOutputNames[out.emit]);
    }
    return text;
}

}  // namespace

std::string DisassembleMme64(u32 high, u32 middle, u32 low) {
    const Mme64Group g = DecodeMme64(high, middle, low);
    std::vector<std::string> parts;
    if (g.predicate_mode != 0) {
        parts.push_back(fmt::format("pred {} {}", kMme64PredicateModes[g.predicate_mode],
                                    SourceText(g, 0, g.predicate)));
    }
    for (unsigned i = 0; i < 2; ++i) {
        if (!AluDoesNothing(g, i)) {
            parts.push_back(AluText(g, i));
        }
    }
    for (const Mme64Out& out : g.out) {
        if (out.method != 0 || out.emit != 0) {
            parts.push_back(OutputText(g, out));
        }
    }
    if (g.end_next) {
        parts.push_back("end_next");
    }
    return parts.empty() ? "nop" : fmt::format("{}", fmt::join(parts, " | "));
}

}  // namespace gpu::macro
