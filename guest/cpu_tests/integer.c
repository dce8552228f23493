// Integer edge cases of the A64 base instructions: division (by zero and INT_MIN / -1, which
// AArch64 defines instead of trapping), wraparound, multiply-high, bit counting and reversal,
// bitfield moves, flag-setting arithmetic and every condition code. Operations whose C form
// would be undefined behaviour are written as the instruction itself.

#include <arm_acle.h>
#include <limits.h>
#include <stdint.h>

#include "report.h"
#include "test_util.h"

static const uint64_t kValues[] = {
    0,
    1,
    2,
    3,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    0x100000000,
    0x7fffffffffffffff,
    0x8000000000000000,
    0xffffffffffffffff,
    0xfffffffffffffffe,
    0x0123456789abcdef,
    0xfedcba9876543210,
    0x5555555555555555,
    0xaaaaaaaaaaaaaaaa,
};
enum { kValueCount = sizeof(kValues) / sizeof(kValues[0]) };

#define INSN_RRR_X(name, insn)                                                   \
    static uint64_t name(uint64_t a, uint64_t b) {                               \
        uint64_t result;                                                         \
        __asm__ volatile(insn " %x0, %x1, %x2" : "=r"(result) : "r"(a), "r"(b)); \
        return result;                                                           \
    }
#define INSN_RRR_W(name, insn)                                                   \
    static uint64_t name(uint64_t a, uint64_t b) {                               \
        uint64_t result;                                                         \
        __asm__ volatile(insn " %w0, %w1, %w2" : "=r"(result) : "r"(a), "r"(b)); \
        return result;                                                           \
    }
#define INSN_RR_X(name, insn)                                       \
    static uint64_t name(uint64_t a) {                              \
        uint64_t result;                                            \
        __asm__ volatile(insn " %x0, %x1" : "=r"(result) : "r"(a)); \
        return result;                                              \
    }
#define INSN_RR_W(name, insn)                                       \
    static uint64_t name(uint64_t a) {                              \
        uint64_t result;                                            \
        __asm__ volatile(insn " %w0, %w1" : "=r"(result) : "r"(a)); \
        return result;                                              \
    }

INSN_RRR_X(Sdiv64, "sdiv")
INSN_RRR_X(Udiv64, "udiv")
INSN_RRR_W(Sdiv32, "sdiv")
INSN_RRR_W(Udiv32, "udiv")
INSN_RRR_X(Smulh, "smulh")
INSN_RRR_X(Umulh, "umulh")
INSN_RRR_X(Mul64, "mul")
INSN_RRR_W(Mul32, "mul")
INSN_RRR_X(Mneg64, "mneg")
INSN_RRR_X(Lslv64, "lsl")
INSN_RRR_X(Lsrv64, "lsr")
INSN_RRR_X(Asrv64, "asr")
INSN_RRR_X(Rorv64, "ror")
INSN_RRR_W(Lslv32, "lsl")
INSN_RRR_W(Lsrv32, "lsr")
INSN_RRR_W(Asrv32, "asr")
INSN_RRR_W(Rorv32, "ror")
INSN_RR_X(Clz64, "clz")
INSN_RR_W(Clz32, "clz")
INSN_RR_X(Cls64, "cls")
INSN_RR_W(Cls32, "cls")
INSN_RR_X(Rbit64, "rbit")
INSN_RR_W(Rbit32, "rbit")
INSN_RR_X(Rev64, "rev")
INSN_RR_W(Rev32w, "rev")
INSN_RR_X(Rev16x, "rev16")
INSN_RR_X(Rev32x, "rev32")

static uint64_t Smull(uint64_t a, uint64_t b) {
    uint64_t result;
    __asm__ volatile("smull %x0, %w1, %w2" : "=r"(result) : "r"(a), "r"(b));
    return result;
}

static uint64_t Umaddl(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t result;
    __asm__ volatile("umaddl %x0, %w1, %w2, %x3" : "=r"(result) : "r"(a), "r"(b), "r"(c));
    return result;
}

static uint64_t Smsubl(uint64_t a, uint64_t b, uint64_t c) {
    uint64_t result;
    __asm__ volatile("smsubl %x0, %w1, %w2, %x3" : "=r"(result) : "r"(a), "r"(b), "r"(c));
    return result;
}

static void DivisionEdgeCases(void) {
    report_text("# division");
    report_u64("sdiv64 INT64_MIN/-1", Sdiv64(OPAQUE((uint64_t)INT64_MIN), OPAQUE(-1ull)));
    report_u64("sdiv32 INT32_MIN/-1", Sdiv32(OPAQUE((uint64_t)(uint32_t)INT32_MIN), OPAQUE(-1ull)));
    report_u64("sdiv64 7/0", Sdiv64(OPAQUE(7ull), OPAQUE(0ull)));
    report_u64("sdiv64 -7/0", Sdiv64(OPAQUE(-7ull), OPAQUE(0ull)));
    report_u64("udiv64 max/0", Udiv64(OPAQUE(~0ull), OPAQUE(0ull)));
    report_u64("sdiv32 5/0", Sdiv32(OPAQUE(5ull), OPAQUE(0ull)));
    report_u64("udiv32 5/0", Udiv32(OPAQUE(5ull), OPAQUE(0ull)));
    report_u64("sdiv64 -7/2", Sdiv64(OPAQUE(-7ull), OPAQUE(2ull)));
    report_u64("sdiv64 7/-2", Sdiv64(OPAQUE(7ull), OPAQUE(-2ull)));
    report_u64("sdiv32 upper bits ignored",
               Sdiv32(OPAQUE(0xffffffff00000010ull), OPAQUE(0x1234567800000004ull)));
    // The C operators with run-time operands: the compiler emits sdiv/udiv and msub.
    volatile int64_t a = -1000000007, b = 97;
    report_u64("C int64 div", (uint64_t)(a / b));
    report_u64("C int64 mod", (uint64_t)(a % b));
    volatile uint32_t c = 0xfffffff0u, d = 7;
    report_u64("C uint32 div", c / d);
    report_u64("C uint32 mod", c % d);

    Digest sdiv64, udiv64, sdiv32, udiv32;
    DigestInit(&sdiv64);
    DigestInit(&udiv64);
    DigestInit(&sdiv32);
    DigestInit(&udiv32);
    for (int i = 0; i < kValueCount; ++i) {
        for (int j = 0; j < kValueCount; ++j) {
            DigestAdd(&sdiv64, Sdiv64(kValues[i], kValues[j]));
            DigestAdd(&udiv64, Udiv64(kValues[i], kValues[j]));
            DigestAdd(&sdiv32, Sdiv32(kValues[i], kValues[j]));
            DigestAdd(&udiv32, Udiv32(kValues[i], kValues[j]));
        }
    }
    DigestReport("sdiv64 grid", &sdiv64);
    DigestReport("udiv64 grid", &udiv64);
    DigestReport("sdiv32 grid", &sdiv32);
    DigestReport("udiv32 grid", &udiv32);
}

static void Wraparound(void) {
    report_text("# wraparound and compare");
    volatile int32_t big = INT32_MAX;
    volatile uint32_t zero = 0;
    report_u64("int32 max+1 (wrapping)", (uint32_t)((uint32_t)big + 1u));
    report_u64("uint32 0-1", (uint32_t)(zero - 1u));
    report_u64("uint64 max*max", Mul64(OPAQUE(~0ull), OPAQUE(~0ull)));
    report_u64("uint32 mul upper zeroed", Mul32(OPAQUE(0xffffffffffffffffull), OPAQUE(3ull)));
    report_u64("mneg", Mneg64(OPAQUE(5ull), OPAQUE(7ull)));
    report_u64("smulh min*min", Smulh(OPAQUE((uint64_t)INT64_MIN), OPAQUE((uint64_t)INT64_MIN)));
    report_u64("smulh -1*max", Smulh(OPAQUE(~0ull), OPAQUE((uint64_t)INT64_MAX)));
    report_u64("umulh max*max", Umulh(OPAQUE(~0ull), OPAQUE(~0ull)));
    report_u64("smull", Smull(OPAQUE(0x80000000ull), OPAQUE(0x7fffffffull)));
    report_u64("umaddl", Umaddl(OPAQUE(0xffffffffull), OPAQUE(0xffffffffull), OPAQUE(~0ull)));
    report_u64("smsubl", Smsubl(OPAQUE(0x80000000ull), OPAQUE(0x80000000ull), OPAQUE(1ull)));
    volatile int32_t minus_one = -1;
    volatile uint32_t one = 1;
    report_u64("signed -1 < 1", minus_one < (int32_t)one);
    report_u64("unsigned -1 < 1", (uint32_t)minus_one < one);
    volatile int64_t m64 = -1;
    volatile uint64_t u64 = 1;
    report_u64("int64 -1 < uint64 1 (converted)", (uint64_t)m64 < u64);
    volatile int8_t s8 = -128;
    volatile uint8_t u8 = 200;
    report_u64("int8 -128 sign-extended", (uint64_t)(int64_t)s8);
    report_u64("uint8 200 + int8 -128", (uint64_t)(int64_t)(u8 + s8));
    volatile int16_t s16 = -32768;
    report_u64("int16 negated (promoted)", (uint64_t)(int64_t)(-s16));
    report_u64("int16 negated (truncated)", (uint64_t)(int64_t)(int16_t)(-s16));

    Digest mul, mulh, umulh;
    DigestInit(&mul);
    DigestInit(&mulh);
    DigestInit(&umulh);
    for (int i = 0; i < kValueCount; ++i) {
        for (int j = 0; j < kValueCount; ++j) {
            DigestAdd(&mul, Mul64(kValues[i], kValues[j]) ^ Mul32(kValues[i], kValues[j]));
            DigestAdd(&mulh, Smulh(kValues[i], kValues[j]));
            DigestAdd(&umulh, Umulh(kValues[i], kValues[j]));
        }
    }
    DigestReport("mul grid", &mul);
    DigestReport("smulh grid", &mulh);
    DigestReport("umulh grid", &umulh);
}

// Shifts by register take the amount modulo the width: every amount 0..129 for 64 bits and
// 0..65 for 32 bits, on two patterns, one line per amount and operation.
static void Shifts(void) {
    report_text("# shifts by register");
    const uint64_t pattern = OPAQUE(0x8123456789abcdefull);
    char label[64];
    for (unsigned amount = 0; amount < 130; ++amount) {
        const uint64_t n = OPAQUE((uint64_t)amount);
        uint64_t values[4] = {Lslv64(pattern, n), Lsrv64(pattern, n), Asrv64(pattern, n),
                              Rorv64(pattern, n)};
        report_bytes(IndexedLabel(label, "lsl/lsr/asr/ror x", amount), values, sizeof(values));
    }
    const uint64_t pattern32 = OPAQUE(0xdeadbeef80f00f01ull);
    for (unsigned amount = 0; amount < 66; ++amount) {
        const uint64_t n = OPAQUE((uint64_t)amount | 0xffffff00u);  // upper bits ignored too
        uint32_t values[4] = {(uint32_t)Lslv32(pattern32, n), (uint32_t)Lsrv32(pattern32, n),
                              (uint32_t)Asrv32(pattern32, n), (uint32_t)Rorv32(pattern32, n)};
        report_bytes(IndexedLabel(label, "lsl/lsr/asr/ror w", amount), values, sizeof(values));
    }
    // C shifts with in-range run-time amounts (the compiler's own lslv/asrv/... and masks).
    Digest c_shifts;
    DigestInit(&c_shifts);
    for (unsigned amount = 0; amount < 64; ++amount) {
        const unsigned n = OPAQUE(amount);
        DigestAdd(&c_shifts, pattern << n);
        DigestAdd(&c_shifts, pattern >> n);
        DigestAdd(&c_shifts, (uint64_t)((int64_t)pattern >> n));
        DigestAdd(&c_shifts, (uint64_t)((int32_t)pattern32 >> (n & 31)));
        DigestAdd(&c_shifts, (uint32_t)pattern32 << (n & 31));
        DigestAdd(&c_shifts, (uint64_t)(int64_t)((int8_t)pattern >> (n & 7)));
    }
    DigestReport("C shifts", &c_shifts);
}

static void BitCounting(void) {
    report_text("# bit counting and reversal");
    report_u64("clz64 0", Clz64(OPAQUE(0ull)));
    report_u64("clz32 0", Clz32(OPAQUE(0ull)));
    report_u64("cls64 0", Cls64(OPAQUE(0ull)));
    report_u64("cls64 -1", Cls64(OPAQUE(~0ull)));
    report_u64("cls32 0x80000000", Cls32(OPAQUE(0x80000000ull)));
    report_u64("acle __clz 0", __clz(OPAQUE(0u)));
    report_u64("acle __clzll 1", __clzll(OPAQUE(1ull)));
    report_u64("acle __cls -1", __cls(OPAQUE(~0ul)));
    report_u64("acle __rbit", __rbit(OPAQUE(0x12345678u)));
    report_u64("acle __rbitll", __rbitll(OPAQUE(0x0123456789abcdefull)));
    report_u64("acle __rev", __rev(OPAQUE(0x12345678u)));
    report_u64("acle __rev16", __rev16(OPAQUE(0x12345678u)));
    report_u64("acle __revll", __revll(OPAQUE(0x0123456789abcdefull)));
    report_u64("popcount64", (uint64_t)__builtin_popcountll(OPAQUE(0xf0f0f0f0f0f0f0f1ull)));
    report_u64("ctz64", (uint64_t)__builtin_ctzll(OPAQUE(0x100000000ull)));
    Digest digest;
    DigestInit(&digest);
    for (int i = 0; i < kValueCount; ++i) {
        const uint64_t v = kValues[i];
        DigestAdd(&digest, Clz64(v));
        DigestAdd(&digest, Clz32(v));
        DigestAdd(&digest, Cls64(v));
        DigestAdd(&digest, Cls32(v));
        DigestAdd(&digest, Rbit64(v));
        DigestAdd(&digest, Rbit32(v));
        DigestAdd(&digest, Rev64(v));
        DigestAdd(&digest, Rev32w(v));
        DigestAdd(&digest, Rev16x(v));
        DigestAdd(&digest, Rev32x(v));
    }
    DigestReport("bit ops grid", &digest);
}

#define UBFX(lsb, width, v)                                                         \
    ({                                                                              \
        uint64_t r_;                                                                \
        __asm__ volatile("ubfx %x0, %x1, #" #lsb ", #" #width : "=r"(r_) : "r"(v)); \
        r_;                                                                         \
    })
#define SBFX(lsb, width, v)                                                         \
    ({                                                                              \
        uint64_t r_;                                                                \
        __asm__ volatile("sbfx %x0, %x1, #" #lsb ", #" #width : "=r"(r_) : "r"(v)); \
        r_;                                                                         \
    })
#define BFI(lsb, width, d, v)                                                      \
    ({                                                                             \
        uint64_t r_ = (d);                                                         \
        __asm__ volatile("bfi %x0, %x1, #" #lsb ", #" #width : "+r"(r_) : "r"(v)); \
        r_;                                                                        \
    })
#define BFXIL(lsb, width, d, v)                                                      \
    ({                                                                               \
        uint64_t r_ = (d);                                                           \
        __asm__ volatile("bfxil %x0, %x1, #" #lsb ", #" #width : "+r"(r_) : "r"(v)); \
        r_;                                                                          \
    })

struct Packed {
    int32_t low : 3;
    uint32_t middle : 13;
    int32_t high : 16;
};

static void Bitfields(void) {
    report_text("# bitfield moves");
    const uint64_t v = OPAQUE(0xfedcba9876543210ull);
    const uint64_t d = OPAQUE(0x5555555555555555ull);
    report_u64("ubfx 0,1", UBFX(0, 1, v));
    report_u64("ubfx 4,60", UBFX(4, 60, v));
    report_u64("ubfx 63,1", UBFX(63, 1, v));
    report_u64("sbfx 60,4", SBFX(60, 4, v));
    report_u64("sbfx 3,5", SBFX(3, 5, v));
    report_u64("sbfx 0,64", SBFX(0, 64, v));
    report_u64("bfi 8,16", BFI(8, 16, d, v));
    report_u64("bfi 62,2", BFI(62, 2, d, v));
    report_u64("bfxil 12,20", BFXIL(12, 20, d, v));
    uint32_t w;
    __asm__ volatile("sbfiz %w0, %w1, #28, #4" : "=r"(w) : "r"((uint32_t)v));
    report_u64("sbfiz w 28,4", w);
    __asm__ volatile("ubfiz %w0, %w1, #31, #1" : "=r"(w) : "r"((uint32_t)v | 1));
    report_u64("ubfiz w 31,1", w);
    uint64_t x;
    __asm__ volatile("extr %x0, %x1, %x2, #13" : "=r"(x) : "r"(v), "r"(d));
    report_u64("extr x 13", x);
    __asm__ volatile("sxtb %x0, %w1" : "=r"(x) : "r"(0x1280u));
    report_u64("sxtb", x);
    __asm__ volatile("sxth %x0, %w1" : "=r"(x) : "r"(0x18000u));
    report_u64("sxth", x);
    __asm__ volatile("sxtw %x0, %w1" : "=r"(x) : "r"(0x80000000u));
    report_u64("sxtw", x);
    __asm__ volatile("add %x0, %x1, %w2, sxtb #3" : "=r"(x) : "r"(1000ull), "r"(0xf0u));
    report_u64("add extended sxtb #3", x);
    __asm__ volatile("sub %x0, %x1, %w2, uxth #4" : "=r"(x) : "r"(0ull), "r"(0x1ffffu));
    report_u64("sub extended uxth #4", x);

    volatile struct Packed packed = {.low = -3, .middle = 8000, .high = -12345};
    struct Packed copy = packed;
    report_u64("bitfield low", (uint64_t)(int64_t)copy.low);
    report_u64("bitfield middle", copy.middle);
    report_u64("bitfield high", (uint64_t)(int64_t)copy.high);
    copy.middle = OPAQUE(0x3fffu);  // truncated to 13 bits
    copy.low = OPAQUE(4);           // becomes -4
    packed = copy;
    uint32_t raw;
    __builtin_memcpy(&raw, (const void*)&packed, sizeof(raw));
    report_u64("bitfield raw after stores", raw);
}

// NZCV after flag-setting arithmetic, and all 16 conditions for all 16 flag values.
static uint64_t AddsFlags(uint64_t a, uint64_t b, uint64_t* result) {
    uint64_t flags;
    __asm__ volatile("adds %x0, %x2, %x3\n\tmrs %x1, nzcv"
                     : "=r"(*result), "=r"(flags)
                     : "r"(a), "r"(b)
                     : "cc");
    return flags >> 28;
}

static uint64_t SubsWFlags(uint64_t a, uint64_t b, uint64_t* result) {
    uint64_t flags;
    __asm__ volatile("subs %w0, %w2, %w3\n\tmrs %x1, nzcv"
                     : "=r"(*result), "=r"(flags)
                     : "r"(a), "r"(b)
                     : "cc");
    return flags >> 28;
}

static uint64_t AdcsFlags(uint64_t carry_in, uint64_t a, uint64_t b, uint64_t* result) {
    uint64_t flags;
    __asm__ volatile("msr nzcv, %x4\n\tadcs %x0, %x2, %x3\n\tmrs %x1, nzcv"
                     : "=r"(*result), "=r"(flags)
                     : "r"(a), "r"(b), "r"(carry_in << 29)
                     : "cc");
    return flags >> 28;
}

static uint64_t SbcsWFlags(uint64_t carry_in, uint64_t a, uint64_t b, uint64_t* result) {
    uint64_t flags;
    __asm__ volatile("msr nzcv, %x4\n\tsbcs %w0, %w2, %w3\n\tmrs %x1, nzcv"
                     : "=r"(*result), "=r"(flags)
                     : "r"(a), "r"(b), "r"(carry_in << 29)
                     : "cc");
    return flags >> 28;
}

#define CSET(cond) "cset %w1, " #cond "\n\torr %w0, %w0, %w1, lsl #%c[i_" #cond "]\n\t"

static uint64_t ConditionMask(uint64_t nzcv) {
    uint64_t mask = 0;
    uint64_t scratch;
    __asm__ volatile("msr nzcv, %x2\n\t" CSET(eq) CSET(ne) CSET(cs) CSET(cc) CSET(mi) CSET(pl)
                         CSET(vs) CSET(vc) CSET(hi) CSET(ls) CSET(ge) CSET(lt) CSET(gt) CSET(le)
                     : "+r"(mask), "=&r"(scratch)
                     : "r"(nzcv << 28), [i_eq] "i"(0), [i_ne] "i"(1), [i_cs] "i"(2), [i_cc] "i"(3),
                       [i_mi] "i"(4), [i_pl] "i"(5), [i_vs] "i"(6), [i_vc] "i"(7), [i_hi] "i"(8),
                       [i_ls] "i"(9), [i_ge] "i"(10), [i_lt] "i"(11), [i_gt] "i"(12), [i_le] "i"(13)
                     : "cc");
    return mask;
}

static void Flags(void) {
    report_text("# flags");
    char label[64];
    Digest digest;
    DigestInit(&digest);
    for (int i = 0; i < kValueCount; ++i) {
        for (int j = 0; j < kValueCount; ++j) {
            uint64_t result;
            DigestAdd(&digest, AddsFlags(kValues[i], kValues[j], &result));
            DigestAdd(&digest, result);
            DigestAdd(&digest, SubsWFlags(kValues[i], kValues[j], &result));
            DigestAdd(&digest, result);
            DigestAdd(&digest, AdcsFlags(1, kValues[i], kValues[j], &result));
            DigestAdd(&digest, result);
            DigestAdd(&digest, SbcsWFlags(0, kValues[i], kValues[j], &result));
            DigestAdd(&digest, result);
        }
    }
    DigestReport("adds/subs/adcs/sbcs grid", &digest);
    uint64_t result;
    report_u64("adds max+1 nzcv", AddsFlags(OPAQUE((uint64_t)INT64_MAX), OPAQUE(1ull), &result));
    report_u64("subs w 0-1 nzcv", SubsWFlags(OPAQUE(0ull), OPAQUE(1ull), &result));
    report_u64("adcs max+0+c nzcv", AdcsFlags(1, OPAQUE(~0ull), OPAQUE(0ull), &result));
    report_u64("sbcs w min-0-!c nzcv", SbcsWFlags(0, OPAQUE(0x80000000ull), OPAQUE(0ull), &result));
    for (unsigned nzcv = 0; nzcv < 16; ++nzcv) {
        report_u64(IndexedLabel(label, "conditions for nzcv", nzcv), ConditionMask(OPAQUE(nzcv)));
    }
    uint64_t ccmp_flags;
    __asm__ volatile("cmp %x1, #5\n\tccmp %x1, #7, #0b0110, ne\n\tmrs %x0, nzcv"
                     : "=r"(ccmp_flags)
                     : "r"(OPAQUE(5ull))
                     : "cc");
    report_u64("ccmp taken-false nzcv", ccmp_flags >> 28);
    __asm__ volatile("cmp %x1, #5\n\tccmn %x1, #7, #0b0110, ne\n\tmrs %x0, nzcv"
                     : "=r"(ccmp_flags)
                     : "r"(OPAQUE(-7ull))
                     : "cc");
    report_u64("ccmn compared nzcv", ccmp_flags >> 28);
    uint64_t csel[4];
    __asm__ volatile(
        "cmp %x4, #0\n\t"
        "csel %x0, %x4, %x5, ne\n\tcsinc %x1, %x4, %x5, eq\n\t"
        "csinv %x2, %x4, %x5, eq\n\tcsneg %x3, %x4, %x5, eq"
        : "=&r"(csel[0]), "=&r"(csel[1]), "=&r"(csel[2]), "=&r"(csel[3])
        : "r"(OPAQUE(0ull)), "r"(OPAQUE(9ull))
        : "cc");
    report_bytes("csel/csinc/csinv/csneg", csel, sizeof(csel));
}

int main(void) {
    DivisionEdgeCases();
    Wraparound();
    Shifts();
    BitCounting();
    Bitfields();
    Flags();
    return 0;
}
