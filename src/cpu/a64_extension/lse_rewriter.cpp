#include "cpu/a64_extension/lse_rewriter.h"

namespace cpu {
namespace {

constexpr unsigned kSp = 31;  // as a base register
constexpr unsigned kZr = 31;  // as a data register

unsigned Field(u32 word, unsigned lo, unsigned count) {
    return (word >> lo) & ((1u << count) - 1);
}

// A64 encoders for the handful of instructions the trampolines use.
namespace a64 {
u32 B(u64 from, u64 to) {
    return 0x14000000 | (static_cast<u32>((to - from) >> 2) & 0x3ffffff);
}
u32 Cbnz(bool x, unsigned rt, s64 offset) {
    return 0x35000000 | u32{x} << 31 | (static_cast<u32>(offset >> 2) & 0x7ffff) << 5 | rt;
}
// STP/LDP Xt1, Xt2, [SP, #offset] (signed offset, no writeback).
u32 StpSp(unsigned t1, unsigned t2, int offset) {
    return 0xa9000000 | (static_cast<u32>(offset / 8) & 0x7f) << 15 | t2 << 10 | kSp << 5 | t1;
}
u32 LdpSp(unsigned t1, unsigned t2, int offset) {
    return StpSp(t1, t2, offset) | 0x00400000;
}
u32 MrsNzcv(unsigned rt) {
    return 0xd53b4200 | rt;
}
u32 MsrNzcv(unsigned rt) {
    return 0xd51b4200 | rt;
}
u32 Ldxr(unsigned size, bool acquire, unsigned rn, unsigned rt) {
    return 0x085f7c00 | size << 30 | u32{acquire} << 15 | rn << 5 | rt;
}
u32 Stxr(unsigned size, bool release, unsigned rs, unsigned rn, unsigned rt) {
    return 0x08007c00 | size << 30 | rs << 16 | u32{release} << 15 | rn << 5 | rt;
}
u32 Ldxp(bool x, bool acquire, unsigned rn, unsigned t1, unsigned t2) {
    return 0x887f0000 | u32{x} << 30 | u32{acquire} << 15 | t2 << 10 | rn << 5 | t1;
}
u32 Stxp(bool x, bool release, unsigned rs, unsigned rn, unsigned t1, unsigned t2) {
    return 0x88200000 | u32{x} << 30 | rs << 16 | u32{release} << 15 | t2 << 10 | rn << 5 | t1;
}
// Plain and ordered single accesses, [Xn|SP] with no offset.
u32 Ldr(unsigned size, unsigned rn, unsigned rt) {
    return 0x39400000 | size << 30 | rn << 5 | rt;
}
u32 Str(unsigned size, unsigned rn, unsigned rt) {
    return 0x39000000 | size << 30 | rn << 5 | rt;
}
u32 Ldar(unsigned size, unsigned rn, unsigned rt) {
    return 0x08dffc00 | size << 30 | rn << 5 | rt;
}
u32 Stlr(unsigned size, unsigned rn, unsigned rt) {
    return 0x089ffc00 | size << 30 | rn << 5 | rt;
}
// LDP/STP Rt1, Rt2, [Xn|SP] (no offset), W or X.
u32 Ldp(bool x, unsigned rn, unsigned t1, unsigned t2) {
    return (x ? 0xa9400000 : 0x29400000) | t2 << 10 | rn << 5 | t1;
}
u32 Stp(bool x, unsigned rn, unsigned t1, unsigned t2) {
    return (x ? 0xa9000000 : 0x29000000) | t2 << 10 | rn << 5 | t1;
}
// CCMP Rn, Rm, #nzcv, cond.
u32 Ccmp(bool x, unsigned rn, unsigned rm, unsigned nzcv, unsigned cond) {
    return 0x7a400000 | u32{x} << 31 | rm << 16 | cond << 12 | rn << 5 | nzcv;
}
constexpr u32 kDmbIshld = 0xd50339bf, kDmbIsh = 0xd5033bbf;
// Logical and arithmetic (shifted register, no shift): base | sf | Rm | Rn | Rd.
u32 Reg3(u32 base, bool x, unsigned rd, unsigned rn, unsigned rm) {
    return base | u32{x} << 31 | rm << 16 | rn << 5 | rd;
}
constexpr u32 kAdd = 0x0b000000, kBic = 0x0a200000, kOrr = 0x2a000000, kEor = 0x4a000000,
              kSubs = 0x6b000000;
u32 Mov(bool x, unsigned rd, unsigned rm) {
    return Reg3(kOrr, x, rd, kZr, rm);
}
// CMP Wn, Wm, <extend> (SUBS WZR, Wn, Wm, extend): option 000 UXTB, 001 UXTH, 100 SXTB, 101 SXTH.
u32 CmpExtended(unsigned rn, unsigned rm, unsigned option) {
    return 0x6b200000 | rm << 16 | option << 13 | rn << 5 | kZr;
}
// SBFM/UBFM Wd, Wn, #0, #(8 << size) - 1: SXTB, SXTH, UXTB, UXTH.
u32 Extend(bool is_signed, unsigned size, unsigned rd, unsigned rn) {
    return (is_signed ? 0x13000000 : 0x53000000) | ((8u << size) - 1) << 10 | rn << 5 | rd;
}
u32 Csel(bool x, unsigned rd, unsigned rn, unsigned rm, unsigned cond) {
    return 0x1a800000 | u32{x} << 31 | rm << 16 | cond << 12 | rn << 5 | rd;
}
constexpr u32 kClrex = 0xd503305f;
constexpr unsigned kCondEq = 0, kCondHi = 8, kCondLo = 3, kCondGt = 12, kCondLt = 11;
}  // namespace a64

// Six scratch registers outside `used` (a bit mask of X0..X30); CASP uses at most five of
// X0..X30, so there are always enough.
struct Scratch {
    unsigned r[6];
};
Scratch PickScratch(u32 used) {
    Scratch scratch{};
    unsigned found = 0;
    for (unsigned reg = 0; reg < 31 && found < 6; ++reg) {
        if ((used & (1u << reg)) == 0) {
            scratch.r[found++] = reg;
        }
    }
    return scratch;
}
u32 Bit(unsigned reg) {
    return reg < 31 ? 1u << reg : 0;
}

// Builds a trampoline, resolving the few forward and backward branches by word index.
class Builder {
public:
    explicit Builder(u64 base) : base_(base) {}
    size_t Here() const { return words_.size(); }
    void Emit(u32 word) { words_.push_back(word); }
    void CbnzTo(bool x, unsigned rt, size_t target) {
        Emit(a64::Cbnz(x, rt, (static_cast<s64>(target) - static_cast<s64>(Here())) * 4));
    }
    size_t Placeholder() {
        Emit(0);
        return Here() - 1;
    }
    void PatchCbnz(size_t at, bool x, unsigned rt, size_t target) {
        words_[at] = a64::Cbnz(x, rt, (static_cast<s64>(target) - static_cast<s64>(at)) * 4);
    }
    void PatchB(size_t at, size_t target) {
        words_[at] = a64::B(base_ + 4 * at, base_ + 4 * target);
    }
    void BranchTo(u64 address) { Emit(a64::B(base_ + 4 * Here(), address)); }
    std::vector<u32> Take() { return std::move(words_); }

private:
    u64 base_;
    std::vector<u32> words_;
};

// LD<op>{A}{L}{B,H,,} Rs, Rt, [Rn] and SWP.
std::vector<u32> AtomicTrampoline(u32 instruction, u64 pc, u64 base, LseRewriteMode mode) {
    const unsigned size = Field(instruction, 30, 2);
    const bool x = size == 3;
    const bool acquire = Field(instruction, 23, 1) != 0;
    const bool release = Field(instruction, 22, 1) != 0;
    const unsigned rs = Field(instruction, 16, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned rt = Field(instruction, 0, 5);
    const bool swap = Field(instruction, 15, 1) != 0;
    const unsigned opc = Field(instruction, 12, 3);
    const bool compares = !swap && opc >= 4;
    const Scratch scratch = PickScratch(Bit(rs) | Bit(rn) | Bit(rt));
    const bool single_core = mode == LseRewriteMode::kSingleCore;
    // The exclusive loop of an op that does not compare loads straight into Rt where Rt
    // aliases neither Rs nor Rn (for XZR, into the register that then takes STXR's status):
    // one scratch pair is spilled instead of two and no MOV follows.
    const bool direct = !single_core && !compares && (rt == kZr || (rt != rs && rt != rn));
    const unsigned update = scratch.r[1];
    const unsigned status = direct ? scratch.r[0] : scratch.r[2];
    const unsigned old = !direct ? scratch.r[0] : rt == kZr ? status : rt;
    const unsigned flags = scratch.r[3];
    // Without the retry loop there is no status register, so the second pair is only needed
    // for the flags.
    const bool second_pair = !direct && (!single_core || compares);

    Builder b(base);
    b.Emit(a64::StpSp(scratch.r[0], update, -32));
    if (second_pair) {
        b.Emit(a64::StpSp(status, flags, -16));
    }
    if (compares) {
        b.Emit(a64::MrsNzcv(flags));
    }
    const size_t loop = b.Here();
    if (single_core) {
        b.Emit(acquire ? a64::Ldar(size, rn, old) : a64::Ldr(size, rn, old));
    } else {
        b.Emit(a64::Ldxr(size, acquire, rn, old));
    }
    unsigned stored = update;
    if (swap) {
        stored = rs;
    } else if (!compares) {
        static constexpr u32 kOps[] = {a64::kAdd, a64::kBic, a64::kEor, a64::kOrr};
        b.Emit(a64::Reg3(kOps[opc], x, update, old, rs));
    } else {
        // SMAX, SMIN, UMAX, UMIN: compare old with Rs at the access size, keep one of them.
        const bool is_signed = opc < 6;
        const bool max = (opc & 1) == 0;
        const unsigned cond =
            is_signed ? (max ? a64::kCondGt : a64::kCondLt) : (max ? a64::kCondHi : a64::kCondLo);
        if (size < 2) {
            unsigned compared = old;
            if (is_signed) {
                b.Emit(a64::Extend(true, size, update, old));  // the loaded value is zero-extended
                compared = update;
            }
            b.Emit(a64::CmpExtended(compared, rs, (is_signed ? 4u : 0u) | size));
        } else {
            b.Emit(a64::Reg3(a64::kSubs, x, kZr, old, rs));
        }
        b.Emit(a64::Csel(x, update, old, rs, cond));
    }
    if (single_core) {
        b.Emit(release ? a64::Stlr(size, rn, stored) : a64::Str(size, rn, stored));
    } else {
        b.Emit(a64::Stxr(size, release, status, rn, stored));
        b.CbnzTo(false, status, loop);
    }
    if (compares) {
        b.Emit(a64::MsrNzcv(flags));
    }
    if (!direct) {
        b.Emit(a64::Mov(x, rt, old));  // LD(X)RB/H zero-extend: the architectural result
    }
    b.Emit(a64::LdpSp(scratch.r[0], update, -32));
    if (second_pair) {
        b.Emit(a64::LdpSp(status, flags, -16));
    }
    b.BranchTo(pc + 4);
    return b.Take();
}

// The fields of CAS{A}{L}{B,H,,} and CASP{A}{L} (Arm ARM C6.2: L at 22, o0 at 15; CASP's size is
// bit 30 alone, per register).
struct CasOperands {
    unsigned size;  // log2 of the bytes of one register's access
    bool x;         // 64-bit registers
    bool acquire;
    bool release;
    unsigned rs;
    unsigned rn;
    unsigned rt;
};

CasOperands DecodeCas(u32 instruction, bool pair) {
    const unsigned size = pair ? 2 + Field(instruction, 30, 1) : Field(instruction, 30, 2);
    return {size,
            size == 3,
            Field(instruction, 22, 1) != 0,
            Field(instruction, 15, 1) != 0,
            Field(instruction, 16, 5),
            Field(instruction, 5, 5),
            Field(instruction, 0, 5)};
}

// CAS{A}{L}{B,H,,} Rs, Rt, [Rn]: the comparison is EOR + CBNZ, so NZCV is untouched.
std::vector<u32> CasTrampoline(u32 instruction, u64 pc, u64 base) {
    const auto [size, x, acquire, release, rs, rn, rt] = DecodeCas(instruction, false);
    const Scratch scratch = PickScratch(Bit(rs) | Bit(rn) | Bit(rt));
    const unsigned old = scratch.r[0];
    const unsigned work = scratch.r[1];

    Builder b(base);
    b.Emit(a64::StpSp(old, work, -32));
    const size_t loop = b.Here();
    b.Emit(a64::Ldxr(size, acquire, rn, old));
    b.Emit(a64::Reg3(a64::kEor, x, work, old, rs));
    if (size < 2) {
        b.Emit(a64::Extend(false, size, work, work));  // compare only the accessed bytes
    }
    const size_t to_fail = b.Placeholder();
    b.Emit(a64::Stxr(size, release, work, rn, rt));
    b.CbnzTo(false, work, loop);
    const size_t to_done = b.Placeholder();
    b.PatchCbnz(to_fail, x, work, b.Here());
    b.Emit(a64::kClrex);  // failed compare: drop the reservation, store nothing
    b.PatchB(to_done, b.Here());
    b.Emit(a64::Mov(x, rs, old));
    b.Emit(a64::LdpSp(old, work, -32));
    b.BranchTo(pc + 4);
    return b.Take();
}

// CASP{A}{L} Rs, Rs+1, Rt, Rt+1, [Rn]. A failed compare stores the loaded pair back, which is
// what makes the LDXP read single-copy atomic.
std::vector<u32> CaspTrampoline(u32 instruction, u64 pc, u64 base) {
    const auto [size, x, acquire, release, rs, rn, rt] = DecodeCas(instruction, true);
    const unsigned rs2 = rs + 1;  // X31 here is XZR, as in the instruction
    const unsigned rt2 = rt + 1;
    const Scratch scratch = PickScratch(Bit(rs) | Bit(rs2) | Bit(rt) | Bit(rt2) | Bit(rn));
    const unsigned old1 = scratch.r[0];
    const unsigned old2 = scratch.r[1];
    const unsigned work = scratch.r[2];
    const unsigned status = scratch.r[3];

    Builder b(base);
    b.Emit(a64::StpSp(old1, old2, -32));
    b.Emit(a64::StpSp(work, status, -16));
    const size_t loop = b.Here();
    b.Emit(a64::Ldxp(x, acquire, rn, old1, old2));
    b.Emit(a64::Reg3(a64::kEor, x, work, old1, rs));
    b.Emit(a64::Reg3(a64::kEor, x, status, old2, rs2));
    b.Emit(a64::Reg3(a64::kOrr, x, work, work, status));
    const size_t to_fail = b.Placeholder();
    b.Emit(a64::Stxp(x, release, status, rn, rt, rt2));
    b.CbnzTo(false, status, loop);
    const size_t to_done = b.Placeholder();
    b.PatchCbnz(to_fail, x, work, b.Here());
    b.Emit(a64::Stxp(x, false, status, rn, old1, old2));
    b.CbnzTo(false, status, loop);
    b.PatchB(to_done, b.Here());
    b.Emit(a64::Mov(x, rs, old1));
    b.Emit(a64::Mov(x, rs2, old2));
    b.Emit(a64::LdpSp(old1, old2, -32));
    b.Emit(a64::LdpSp(work, status, -16));
    b.BranchTo(pc + 4);
    return b.Take();
}

// Single-core CAS{A}{L}{B,H,,}: load, compare, and store either Rt or the loaded value back,
// with no branch. A failed compare rewriting memory with what it held is invisible on one
// core, and CAS needs write permission whether or not it succeeds (as the interpreter checks).
std::vector<u32> CasSingleCoreTrampoline(u32 instruction, u64 pc, u64 base) {
    const auto [size, x, acquire, release, rs, rn, rt] = DecodeCas(instruction, false);
    const Scratch scratch = PickScratch(Bit(rs) | Bit(rn) | Bit(rt));
    const unsigned old = scratch.r[0];
    const unsigned stored = scratch.r[1];
    const unsigned flags = scratch.r[2];
    const unsigned spare = scratch.r[3];

    Builder b(base);
    b.Emit(a64::StpSp(old, stored, -32));
    b.Emit(a64::StpSp(flags, spare, -16));
    b.Emit(a64::MrsNzcv(flags));
    b.Emit(acquire ? a64::Ldar(size, rn, old) : a64::Ldr(size, rn, old));
    if (size < 2) {
        b.Emit(a64::CmpExtended(old, rs, size));  // UXTB/UXTH: only the accessed bytes
    } else {
        b.Emit(a64::Reg3(a64::kSubs, x, kZr, old, rs));
    }
    b.Emit(a64::Csel(x, stored, rt, old, a64::kCondEq));
    b.Emit(release ? a64::Stlr(size, rn, stored) : a64::Str(size, rn, stored));
    b.Emit(a64::MsrNzcv(flags));
    b.Emit(a64::Mov(x, rs, old));
    b.Emit(a64::LdpSp(old, stored, -32));
    b.Emit(a64::LdpSp(flags, spare, -16));
    b.BranchTo(pc + 4);
    return b.Take();
}

// Single-core CASP{A}{L}: as CAS, on a pair. There is no ordered LDP/STP, so acquire and
// release become barriers after the load and before the store. Five scratch registers: 48
// bytes of spills below SP.
std::vector<u32> CaspSingleCoreTrampoline(u32 instruction, u64 pc, u64 base) {
    const auto [size, x, acquire, release, rs, rn, rt] = DecodeCas(instruction, true);
    const unsigned rs2 = rs + 1;  // X31 here is XZR, as in the instruction
    const unsigned rt2 = rt + 1;
    const Scratch scratch = PickScratch(Bit(rs) | Bit(rs2) | Bit(rt) | Bit(rt2) | Bit(rn));
    const unsigned old1 = scratch.r[0];
    const unsigned old2 = scratch.r[1];
    const unsigned new1 = scratch.r[2];
    const unsigned new2 = scratch.r[3];
    const unsigned flags = scratch.r[4];
    const unsigned spare = scratch.r[5];

    Builder b(base);
    b.Emit(a64::StpSp(old1, old2, -48));
    b.Emit(a64::StpSp(new1, new2, -32));
    b.Emit(a64::StpSp(flags, spare, -16));
    b.Emit(a64::MrsNzcv(flags));
    b.Emit(a64::Ldp(x, rn, old1, old2));
    if (acquire) {
        b.Emit(a64::kDmbIshld);
    }
    b.Emit(a64::Reg3(a64::kSubs, x, kZr, old1, rs));
    b.Emit(a64::Ccmp(x, old2, rs2, 0, a64::kCondEq));  // Z only if both halves match
    b.Emit(a64::Csel(x, new1, rt, old1, a64::kCondEq));
    b.Emit(a64::Csel(x, new2, rt2, old2, a64::kCondEq));
    if (release) {
        b.Emit(a64::kDmbIsh);
    }
    b.Emit(a64::Stp(x, rn, new1, new2));
    b.Emit(a64::MsrNzcv(flags));
    b.Emit(a64::Mov(x, rs, old1));
    b.Emit(a64::Mov(x, rs2, old2));
    b.Emit(a64::LdpSp(old1, old2, -48));
    b.Emit(a64::LdpSp(new1, new2, -32));
    b.Emit(a64::LdpSp(flags, spare, -16));
    b.BranchTo(pc + 4);
    return b.Take();
}

bool InBranchRange(u64 from, u64 to) {
    const s64 distance = static_cast<s64>(to - from);
    return distance >= -static_cast<s64>(kBranchRange) && distance < static_cast<s64>(kBranchRange);
}

}  // namespace

std::optional<LseRewrite> RewriteLse(u32 instruction, u64 pc, u64 trampoline, LseRewriteMode mode) {
    const bool single_core = mode == LseRewriteMode::kSingleCore;
    if ((instruction & 0x3ffffc00) == 0x38bfc000) {  // LDAPR{B,H}: LDAR is a valid stand-in
        return LseRewrite{0x08dffc00 | (instruction & 0xc00003ff), {}};
    }
    if (!InBranchRange(pc, trampoline) || ((pc | trampoline) & 3) != 0) {
        return std::nullopt;
    }
    std::vector<u32> words;
    if ((instruction & 0x3f200c00) == 0x38200000) {
        const bool o3 = Field(instruction, 15, 1) != 0;
        if (o3 && Field(instruction, 12, 3) != 0) {
            return std::nullopt;  // only SWP has o3 = 1 (LDAPR handled above)
        }
        words = AtomicTrampoline(instruction, pc, trampoline, mode);
    } else if ((instruction & 0x3fa07c00) == 0x08a07c00) {
        words = single_core ? CasSingleCoreTrampoline(instruction, pc, trampoline)
                            : CasTrampoline(instruction, pc, trampoline);
    } else if ((instruction & 0xbfa07c00) == 0x08207c00) {
        if ((Field(instruction, 16, 5) | Field(instruction, 0, 5)) & 1) {
            return std::nullopt;
        }
        words = single_core ? CaspSingleCoreTrampoline(instruction, pc, trampoline)
                            : CaspTrampoline(instruction, pc, trampoline);
    } else {
        return std::nullopt;
    }
    return LseRewrite{a64::B(pc, trampoline), std::move(words)};
}

}  // namespace cpu
