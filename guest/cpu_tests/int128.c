// 128-bit integer arithmetic: the compiler's inline sequences (adds/adc, mul/umulh, shifts
// across the halves with csel on the amount) and the runtime library's division
// (__udivti3 / __divti3 / __umodti3 / __modti3), run on the guest CPU.

#include <stdint.h>

#include "report.h"
#include "test_util.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

static u128 Make(uint64_t high, uint64_t low) {
    return ((u128)high << 64) | low;
}

// OPAQUE's "r" constraint holds only 64 bits, so a 128-bit value passes through as two halves.
static inline u128 Opaque128(u128 value) {
    uint64_t low = (uint64_t)value, high = (uint64_t)(value >> 64);
    __asm__ volatile("" : "+r"(low), "+r"(high));
    return Make(high, low);
}
#define OPAQUE128(value) ((__typeof__(value))Opaque128((u128)(value)))

#define kMax (~(u128)0)
#define kSignedMin ((u128)1 << 127)

static void Report(const char* label, u128 value) {
    report_u128(label, value);
}

static void Arithmetic(void) {
    report_text("# add, sub, mul");
    const u128 a = OPAQUE128(Make(0x0123456789abcdefull, 0xfedcba9876543210ull));
    const u128 b = OPAQUE128(Make(0xffffffffffffffffull, 0x0000000000000001ull));
    const u128 max = OPAQUE128(kMax);
    Report("a+b", a + b);
    Report("a-b", a - b);
    Report("max+1 (wraps)", max + OPAQUE128((u128)1));
    Report("0-1", OPAQUE128((u128)0) - 1);
    Report("carry across halves", OPAQUE128(Make(0, ~0ull)) + OPAQUE128((u128)1));
    Report("a*b", a * b);
    Report("max*max", max * max);
    Report("64x64 widening", (u128)OPAQUE(~0ull) * OPAQUE(~0ull));
    Report("signed widening", (u128)((i128)OPAQUE((int64_t)INT64_MIN) * OPAQUE((int64_t)-1)));
    Report("negate min", (u128)(-(i128)OPAQUE128(kSignedMin)));
    Report("signed compare min < 0", (i128)OPAQUE128(kSignedMin) < OPAQUE128((i128)0));
    Report("unsigned compare min < 0", OPAQUE128(kSignedMin) < OPAQUE128((u128)0));
    Report("compare high equal", OPAQUE128(Make(1, 2)) < OPAQUE128(Make(1, 3)));
}

static void Division(void) {
    report_text("# division and remainder");
    const u128 a = OPAQUE128(Make(0xfedcba9876543210ull, 0x0123456789abcdefull));
    Report("a/7", a / OPAQUE128((u128)7));
    Report("a%7", a % OPAQUE128((u128)7));
    Report("a/(2^64+3)", a / OPAQUE128(Make(1, 3)));
    Report("a%(2^64+3)", a % OPAQUE128(Make(1, 3)));
    Report("a/a", a / a);
    Report("a/(a+1)", a / (a + 1));
    Report("max/max-1", OPAQUE128(kMax) / OPAQUE128(kMax - 1));
    const i128 s = (i128)a;
    Report("signed a/7", (u128)(s / OPAQUE128((i128)7)));
    Report("signed a%7", (u128)(s % OPAQUE128((i128)7)));
    Report("signed a/-7", (u128)(s / OPAQUE128((i128)-7)));
    Report("signed a%-7", (u128)(s % OPAQUE128((i128)-7)));
    Report("signed -1/min", (u128)(OPAQUE128((i128)-1) / OPAQUE128((i128)kSignedMin)));
    Report("signed min/2^100", (u128)(OPAQUE128((i128)kSignedMin) / OPAQUE128((i128)1 << 100)));
    Report("signed min%3", (u128)(OPAQUE128((i128)kSignedMin) % OPAQUE128((i128)3)));

    static const u128 kDivisors[] = {1,
                                     2,
                                     3,
                                     10,
                                     0xffffffffull,
                                     0x100000000ull,
                                     ~0ull,
                                     (u128)1 << 64,
                                     ((u128)1 << 64) + 1,
                                     (u128)1 << 127,
                                     ~(u128)0,
                                     ~(u128)0 >> 1};
    Digest digest;
    DigestInit(&digest);
    u128 x = OPAQUE128(Make(0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull));
    for (int round = 0; round < 64; ++round) {
        for (unsigned i = 0; i < sizeof(kDivisors) / sizeof(kDivisors[0]); ++i) {
            const u128 d = OPAQUE128((u128)kDivisors[i]);
            const u128 q = x / d;
            const u128 r = x % d;
            DigestAdd(&digest, (uint64_t)q);
            DigestAdd(&digest, (uint64_t)(q >> 64));
            DigestAdd(&digest, (uint64_t)r);
            DigestAdd(&digest, (uint64_t)(r >> 64));
            const i128 sq = (i128)x / (i128)d;
            const i128 sr = (i128)x % (i128)d;
            DigestAdd(&digest, (uint64_t)sq ^ (uint64_t)((u128)sq >> 64));
            DigestAdd(&digest, (uint64_t)sr ^ (uint64_t)((u128)sr >> 64));
        }
        x = x * OPAQUE128(Make(0x2545f4914f6cdd1dull, 0x5851f42d4c957f2dull)) +
            0x14057b7ef767814full;
    }
    DigestReport("division grid", &digest);
}

static void Shifts(void) {
    report_text("# shifts by every amount");
    const u128 pattern = OPAQUE128(Make(0x8123456789abcdefull, 0xfedcba9876543210ull));
    char label[64];
    for (unsigned amount = 0; amount < 128; ++amount) {
        const unsigned n = OPAQUE(amount);
        report_u128(IndexedLabel(label, "shl", amount), pattern << n);
        report_u128(IndexedLabel(label, "shr", amount), pattern >> n);
        report_u128(IndexedLabel(label, "sar", amount), (u128)((i128)pattern >> n));
    }
    Digest digest;
    DigestInit(&digest);
    for (unsigned amount = 0; amount < 128; ++amount) {
        const unsigned n = OPAQUE(amount);
        const u128 rotated = (pattern << n) | (pattern >> ((128 - n) & 127));
        DigestAdd(&digest, (uint64_t)rotated);
        DigestAdd(&digest, (uint64_t)(rotated >> 64));
    }
    DigestReport("rotates", &digest);
    Report("clz high", (u128)__builtin_clzll(OPAQUE((uint64_t)(pattern >> 64)) | 1));
}

int main(void) {
    Arithmetic();
    Division();
    Shifts();
    return 0;
}
