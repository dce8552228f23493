#include "gpu/macro/mme64_macro.h"

#include <algorithm>
#include <bit>

#include "base/bits.h"
#include "gpu/macro/macro_runner.h"

namespace gpu::macro {

namespace {

constexpr u8 Reg(Mme64Source source) {
    return static_cast<u8>(source);
}

bool Compare(Mme64Op op, u32 x, u32 y) {
    switch (op) {
        case Mme64Op::Slt:
        case Mme64Op::Blt:
            return static_cast<s32>(x) < static_cast<s32>(y);
        case Mme64Op::Sltu:
        case Mme64Op::Bltu:
            return x < y;
        case Mme64Op::Sle:
        case Mme64Op::Ble:
            return static_cast<s32>(x) <= static_cast<s32>(y);
        case Mme64Op::Sleu:
        case Mme64Op::Bleu:
            return x <= y;
        default:
            return x == y;  // SEQ, BEQ
    }
}

class Mme64Machine {
public:
    explicit Mme64Machine(MacroRunner& runner) : runner_(runner) {}

    void Run() {
        const std::span<const u32> code = runner_.Code();
        u32 ip = 0;
        bool end_next = false;
        while (true) {
            const u64 word = runner_.Start() + u64{ip} * 3;
            const u32 pc = static_cast<u32>(word);
            if (word + 3 > code.size()) {
                runner_.Stop(MacroExit::CodeOutOfRange, pc,
                             "group {} of the macro is past the {:#x}-word instruction RAM", ip,
                             code.size());
                return;
            }
            if (!runner_.CountInstruction(pc)) {
                return;
            }
            const Mme64Group group = DecodeMme64(code[word], code[word + 1], code[word + 2]);
            next_ip_ = ip + 1;
            Execute(group, ip, pc);
            if (runner_.Stopped()) {
                return;
            }
            if (end_next || exit_) {
                runner_.Exit();
                return;
            }
            end_next = group.end_next;
            if (loop_count_ > 0 && ip == loop_end_) {
                --loop_count_;
                next_ip_ = loop_start_ + 1;
            }
            ip = next_ip_;
        }
    }

private:
    static bool UsesLoad(const Mme64Group& g, Mme64Source reg, Mme64Output out) {
        for (const Mme64Alu& alu : g.alu) {
            if (alu.src[0] == Reg(reg) || alu.src[1] == Reg(reg)) {
                return true;
            }
        }
        for (const Mme64Out& o : g.out) {
            if (o.method == static_cast<u8>(out) || o.emit == static_cast<u8>(out)) {
                return true;
            }
        }
        return g.predicate == Reg(reg);
    }

    // Encodings no source defines; the group is refused before any part of it runs.
    bool Validate(const Mme64Group& g, u32 pc) {
        for (const Mme64Alu& alu : g.alu) {
            for (u8 source : alu.src) {
                if (source > Reg(Mme64Source::Load1)) {
                    return Illegal(pc, "source register field {} is not defined", source);
                }
            }
            if (alu.dst > Reg(Mme64Source::Zero)) {
                return Illegal(pc, "destination field {} is not a register", alu.dst);
            }
        }
        for (const Mme64Out& o : g.out) {
            if (o.method == static_cast<u8>(Mme64Output::Reserved)) {
                return Illegal(pc, "method output source 7 is RESERVED");
            }
            if (o.emit == static_cast<u8>(Mme64Output::Reserved) ||
                o.emit > static_cast<u8>(Mme64Output::Imm32)) {
                return Illegal(pc, "emit output source {} is not defined", o.emit);
            }
        }
        if (g.predicate_mode != 0 &&
            (g.predicate == Reg(Mme64Source::Imm) || g.predicate == Reg(Mme64Source::ImmPair) ||
             g.predicate > Reg(Mme64Source::Load1))) {
            return Illegal(pc, "predicate register field {} is not defined", g.predicate);
        }
        if (g.alu[0].op == static_cast<u8>(Mme64Op::State) &&
            g.alu[1].op == static_cast<u8>(Mme64Op::State)) {
            // Mesa: "No idea why the HW has this rule but it does".
            return Illegal(pc, "two STATE reads in one group are not allowed");
        }
        return true;
    }

    template <typename... Args>
    bool Illegal(u32 pc, fmt::format_string<Args...> format, Args&&... args) {
        runner_.Stop(MacroExit::IllegalInstruction, pc, format, std::forward<Args>(args)...);
        return false;
    }

    void Execute(const Mme64Group& g, u32 ip, u32 pc) {
        if (!Validate(g, pc)) {
            return;
        }
        // Parameters are popped whatever the predicate says (Mesa's pred_param hardware test).
        if (UsesLoad(g, Mme64Source::Load0, Mme64Output::Load0)) {
            load_[0] = runner_.FetchParameter(pc);
        }
        if (UsesLoad(g, Mme64Source::Load1, Mme64Output::Load1)) {
            load_[1] = runner_.FetchParameter(pc);
        }
        u32 enabled = 0xF;
        if (g.predicate_mode != 0) {
            const bool value = Source(g, 0, g.predicate) != 0;
            const std::string_view mode = kMme64PredicateModes[g.predicate_mode];
            enabled = 0;
            for (unsigned slot = 0; slot < 4; ++slot) {
                if (mode[slot] == 'U' || mode[slot] == (value ? 'T' : 'F')) {
                    enabled |= 1u << slot;
                }
            }
        }
        for (unsigned i = 0; i < 2; ++i) {
            if ((enabled >> i) & 1) {
                RunAlu(g, i, ip, pc);
                if (runner_.Stopped()) {
                    return;
                }
            }
        }
        for (unsigned i = 0; i < 2; ++i) {
            if ((enabled >> (2 + i)) & 1) {
                RunOutput(g, g.out[i]);
            }
        }
    }

    u32 Imm32(const Mme64Group& g) const { return (u32{g.alu[0].imm} << 16) | g.alu[1].imm; }

    u32 Source(const Mme64Group& g, unsigned alu, u8 reg) const {
        if (reg < kMme64RegisterCount) {
            return regs_[reg];
        }
        switch (static_cast<Mme64Source>(reg)) {
            case Mme64Source::Imm:
                return static_cast<u32>(static_cast<s16>(g.alu[alu].imm));
            case Mme64Source::ImmPair:
                return static_cast<u32>(static_cast<s16>(g.alu[1 - alu].imm));
            case Mme64Source::Imm32:
                return Imm32(g);
            case Mme64Source::Load0:
                return load_[0];
            case Mme64Source::Load1:
                return load_[1];
            default:
                return 0;  // ZERO
        }
    }

    void RunAlu(const Mme64Group& g, unsigned i, u32 ip, u32 pc) {
        const Mme64Alu& alu = g.alu[i];
        const u32 x = Source(g, i, alu.src[0]);
        const u32 y = Source(g, i, alu.src[1]);
        const auto op = static_cast<Mme64Op>(alu.op);
        u32 result = 0;
        switch (op) {
            case Mme64Op::Add:
                result = x + y;
                carry_ = result < x;
                break;
            case Mme64Op::Addc:
                result = x + y + carry_;
                break;
            case Mme64Op::Sub:
                result = x - y;
                carry_ = x < y;  // the borrow
                break;
            case Mme64Op::Subb:
                result = x - y - carry_;
                break;
            case Mme64Op::Mul: {
                const u64 product = static_cast<u64>(static_cast<s64>(static_cast<s32>(x)) *
                                                     static_cast<s64>(static_cast<s32>(y)));
                result = static_cast<u32>(product);
                carry_ = static_cast<u32>(product >> 32);
                break;
            }
            case Mme64Op::Mulh:
                result = carry_;  // the high half of the last MUL/MULU
                break;
            case Mme64Op::Mulu: {
                const u64 product = u64{x} * y;
                result = static_cast<u32>(product);
                carry_ = static_cast<u32>(product >> 32);
                break;
            }
            case Mme64Op::Extended:
                // The one known sub-op: the barrier after MME_DMA_READ_FIFOED (Mesa).
                if (x != 0x1000 || y != 1) {
                    Illegal(pc, "EXTENDED sub-op {:#x}, {:#x} is not known", x, y);
                    return;
                }
                runner_.LoadBarrier();
                break;
            case Mme64Op::Clz:
                result = static_cast<u32>(std::countl_zero(x));
                break;
            case Mme64Op::Sll:
                result = x << (y & 31);  // hardware uses the low 5 bits (Mesa's shift test, 51)
                break;
            case Mme64Op::Srl:
                result = x >> (y & 31);
                break;
            case Mme64Op::Sra:
                result = static_cast<u32>(static_cast<s32>(x) >> (y & 31));
                break;
            case Mme64Op::And:
                result = x & y;
                break;
            case Mme64Op::Nand:
                result = ~(x & y);
                break;
            case Mme64Op::Or:
                result = x | y;
                break;
            case Mme64Op::Xor:
                result = x ^ y;
                break;
            case Mme64Op::Merge: {
                // imm: destination bit 15:10 (6 bits, so it can lie past bit 31), width 9:5,
                // source bit 4:0.
                const u32 dst_bit = (alu.imm >> 10) & 0x3F;
                const u32 width = (alu.imm >> 5) & 0x1F;
                const u32 src_bit = alu.imm & 0x1F;
                const u64 mask = ((u64{1} << width) - 1) << dst_bit;
                const u64 field = (u64{(y >> src_bit) & ((u32{1} << width) - 1)}) << dst_bit;
                result = static_cast<u32>((x & ~mask) | field);
                break;
            }
            case Mme64Op::Slt:
            case Mme64Op::Sltu:
            case Mme64Op::Sle:
            case Mme64Op::Sleu:
            case Mme64Op::Seq:
                result = Compare(op, x, y) ? ~u32{0} : 0;
                break;
            case Mme64Op::State:
                // A 16-bit byte address (Mesa's simulator), so 14 bits of method index.
                result = runner_.State((x + y) & 0x3FFF, pc);
                break;
            case Mme64Op::Loop:
                if (loop_count_ > 0) {
                    Illegal(pc, "LOOP inside a running LOOP is not defined");
                    return;
                }
                if (alu.imm < 2) {
                    Illegal(pc, "LOOP over {} groups is not defined (the body follows the LOOP)",
                            alu.imm);
                    return;
                }
                loop_count_ = std::max<u32>(x, 1) - 1;  // a count of 0 runs the body once
                loop_start_ = ip;
                loop_end_ = ip + alu.imm - 1;
                break;
            case Mme64Op::Jal:
                // Bit 15 is always set by NVIDIA's compiler; its meaning is not known.
                next_ip_ = ip + (alu.imm & 0x7FFF);
                break;
            case Mme64Op::Blt:
            case Mme64Op::Bltu:
            case Mme64Op::Ble:
            case Mme64Op::Bleu:
            case Mme64Op::Beq:
                // Taken when the comparison equals bit 15; offset 12:0 signed from this group;
                // offset -0x1000 ends the macro instead.
                if (Compare(op, x, y) == base::Bit(alu.imm, 15)) {
                    const s64 offset = base::SignExtend(alu.imm & 0x1FFF, 13);
                    if (offset == -0x1000) {
                        exit_ = true;
                    } else {
                        next_ip_ = ip + static_cast<u32>(offset);
                    }
                }
                break;
            case Mme64Op::Dread:
                if (!runner_.DataRamIndex(x, pc)) {
                    return;
                }
                result = runner_.DataRam(x);
                break;
            case Mme64Op::Dwrite:
                if (!runner_.DataRamIndex(x, pc)) {
                    return;
                }
                runner_.DataRam(x) = y;
                break;
        }
        alu_result_[i] = result;
        if (alu.dst < kMme64RegisterCount) {
            regs_[alu.dst] = result;
        }
    }

    u32 OutputValue(const Mme64Group& g, u8 source) const {
        switch (static_cast<Mme64Output>(source)) {
            case Mme64Output::Alu0:
                return alu_result_[0];
            case Mme64Output::Alu1:
                return alu_result_[1];
            case Mme64Output::Load0:
                return load_[0];
            case Mme64Output::Load1:
                return load_[1];
            case Mme64Output::Imm0:
                return g.alu[0].imm;
            case Mme64Output::Imm1:
                return g.alu[1].imm;
            case Mme64Output::ImmHigh0:
                return g.alu[0].imm >> 12;
            case Mme64Output::ImmHigh1:
                return g.alu[1].imm >> 12;
            case Mme64Output::Imm32:
                return Imm32(g);
            default:
                return 0;
        }
    }

    // A method word: method 11:0, increment 15:12 (Mesa's simulator).
    void RunOutput(const Mme64Group& g, const Mme64Out& out) {
        if (out.method != static_cast<u8>(Mme64Output::None)) {
            const u32 data = OutputValue(g, out.method);
            method_ = data & 0xFFF;
            increment_ = (data >> 12) & 0xF;
        }
        if (out.emit != static_cast<u8>(Mme64Output::None)) {
            runner_.Emit(method_, OutputValue(g, out.emit));
            method_ = (method_ + increment_) & 0xFFF;
        }
    }

    MacroRunner& runner_;
    std::array<u32, kMme64RegisterCount> regs_{};
    std::array<u32, 2> load_{};
    std::array<u32, 2> alu_result_{};
    u32 carry_ = 0;
    u32 method_ = 0;
    u32 increment_ = 0;
    u32 next_ip_ = 0;
    bool exit_ = false;
    u32 loop_count_ = 0;
    u32 loop_start_ = 0;
    u32 loop_end_ = 0;
};

}  // namespace

void RunMme64Macro(MacroRunner& runner) {
    Mme64Machine(runner).Run();
}

}  // namespace gpu::macro
