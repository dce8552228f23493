// Float -> integer conversions: every rounding variant (fcvtn/a/p/m/z, signed and unsigned,
// 32- and 64-bit destinations, fixed-point with fractional bits), saturation on overflow, NaN
// and infinity (0 or the bound, with IOC), ties, and the frint family on the same inputs.

// dynarmic does not raise all FPSR flags as the architecture does yet, so this program reports
// results only by default; guest/cpu_tests_pending/float_convert_pending.c builds it with the flags
// (and the instructions dynarmic lacks) and shows the differences that remain.
#ifndef FP_REPORT_FLAGS
#define FP_REPORT_FLAGS 0
#endif

#include <stdint.h>

#include "fp_control.h"
#include "report.h"
#include "test_util.h"

#define TO_INT(name, insn, reg)                                           \
    static uint64_t name(double a) {                                      \
        uint64_t result;                                                  \
        __asm__ volatile(insn " %" reg "0, %d1" : "=r"(result) : "w"(a)); \
        return reg[0] == 'w' ? (uint32_t)result : result;                 \
    }

TO_INT(FcvtnsX, "fcvtns", "x")
TO_INT(FcvtnuX, "fcvtnu", "x")
TO_INT(FcvtasX, "fcvtas", "x")
TO_INT(FcvtauX, "fcvtau", "x")
TO_INT(FcvtpsX, "fcvtps", "x")
TO_INT(FcvtpuX, "fcvtpu", "x")
TO_INT(FcvtmsX, "fcvtms", "x")
TO_INT(FcvtmuX, "fcvtmu", "x")
TO_INT(FcvtzsX, "fcvtzs", "x")
TO_INT(FcvtzuX, "fcvtzu", "x")
TO_INT(FcvtnsW, "fcvtns", "w")
TO_INT(FcvtasW, "fcvtas", "w")
TO_INT(FcvtzsW, "fcvtzs", "w")
TO_INT(FcvtzuW, "fcvtzu", "w")
TO_INT(FcvtmuW, "fcvtmu", "w")

static uint64_t FcvtzsFixed16(double a) {
    uint64_t result;
    __asm__ volatile("fcvtzs %w0, %d1, #16" : "=r"(result) : "w"(a));
    return (uint32_t)result;
}

static uint64_t FcvtzuFixed64(double a) {
    uint64_t result;
    __asm__ volatile("fcvtzu %x0, %d1, #64" : "=r"(result) : "w"(a));
    return result;
}

static uint64_t FcvtzsSingle(float a) {
    uint64_t result;
    __asm__ volatile("fcvtzs %x0, %s1" : "=r"(result) : "w"(a));
    return result;
}

static double ScvtfFixed8(int64_t a) {
    double result;
    __asm__ volatile("scvtf %d0, %x1, #8" : "=w"(result) : "r"(a));
    return result;
}

// FJCVTZS (JavaScript conversion) is ARMv8.3, not on the Cortex-A78C: left out.

FP_UNARY_OP(FrintnD, "frintn", double, "d")
FP_UNARY_OP(FrintaD, "frinta", double, "d")
FP_UNARY_OP(FrintpD, "frintp", double, "d")
FP_UNARY_OP(FrintmD, "frintm", double, "d")
FP_UNARY_OP(FrintzD, "frintz", double, "d")
FP_UNARY_OP(FrintaS, "frinta", float, "s")

static const uint64_t kInputs[] = {
    0x0000000000000000,  // 0
    0x8000000000000000,  // -0
    0x3fe0000000000000,  // 0.5
    0xbfe0000000000000,  // -0.5
    0x3ff8000000000000,  // 1.5
    0xbff8000000000000,  // -1.5
    0x4004000000000000,  // 2.5
    0xc004000000000000,  // -2.5
    0x3fefffffffffffff,  // 1 - 2^-53
    0x41dfffffffc00000,  // 2^31 - 1
    0x41dfffffffe00000,  // 2^31 - 0.5
    0x41e0000000000000,  // 2^31
    0xc1e0000000000000,  // -2^31
    0xc1e0000000100000,  // -2^31 - 0.5
    0x41f0000000000000,  // 2^32
    0x43dfffffffffffff,  // largest below 2^63
    0x43e0000000000000,  // 2^63
    0xc3e0000000000000,  // -2^63
    0x43f0000000000000,  // 2^64
    0x7fefffffffffffff,  // max
    0x7ff0000000000000,  // inf
    0xfff0000000000000,  // -inf
    0x7ff8000000000000,  // qNaN
    0x7ff0000000000001,  // sNaN
    0x0000000000000001,  // min denormal
    0x4330000000000001,  // 2^52 + 1
};
enum { kInputCount = sizeof(kInputs) / sizeof(kInputs[0]) };

typedef uint64_t (*Conversion)(double);

static void ReportTable(const char* name, Conversion convert) {
    char label[64];
    for (unsigned i = 0; i < kInputCount; ++i) {
        CHECK_FP(IndexedLabel(label, name, i), convert(OPAQUE_FP(DoubleFromBits(kInputs[i]))));
    }
}

typedef double (*Rounding)(double);

static void ReportRoundingTable(const char* name, Rounding round) {
    char label[64];
    for (unsigned i = 0; i < kInputCount; ++i) {
        CHECK_FP(IndexedLabel(label, name, i), round(OPAQUE_FP(DoubleFromBits(kInputs[i]))));
    }
}

int main(void) {
    WriteFpcr(0);
    report_text("# float -> int, fpsr:result, one line per input of kInputs");
    ReportTable("fcvtns x", FcvtnsX);
    ReportTable("fcvtnu x", FcvtnuX);
    ReportTable("fcvtas x", FcvtasX);
    ReportTable("fcvtau x", FcvtauX);
    ReportTable("fcvtps x", FcvtpsX);
    ReportTable("fcvtpu x", FcvtpuX);
    ReportTable("fcvtms x", FcvtmsX);
    ReportTable("fcvtmu x", FcvtmuX);
    ReportTable("fcvtzs x", FcvtzsX);
    ReportTable("fcvtzu x", FcvtzuX);
    ReportTable("fcvtns w", FcvtnsW);
    ReportTable("fcvtas w", FcvtasW);
    ReportTable("fcvtzs w", FcvtzsW);
    ReportTable("fcvtzu w", FcvtzuW);
    ReportTable("fcvtmu w", FcvtmuW);
    ReportTable("fcvtzs w #16", FcvtzsFixed16);
    ReportTable("fcvtzu x #64", FcvtzuFixed64);
    report_text("# frint");
    ReportRoundingTable("frintn", FrintnD);
    ReportRoundingTable("frinta", FrintaD);
    ReportRoundingTable("frintp", FrintpD);
    ReportRoundingTable("frintm", FrintmD);
    ReportRoundingTable("frintz", FrintzD);
    report_text("# others");
    CHECK_FP("frinta.s -2.5", FrintaS(OPAQUE_FP(-2.5f)));
    CHECK_FP("fcvtzs s 3e9 -> x", FcvtzsSingle(OPAQUE_FP(3e9f)));
    CHECK_FP("fcvtzs s -inf -> x", FcvtzsSingle(OPAQUE_FP(-__builtin_inff())));
    CHECK_FP("scvtf #8 -1", ScvtfFixed8(OPAQUE(-1ll)));
    CHECK_FP("scvtf #8 max", ScvtfFixed8(OPAQUE((int64_t)INT64_MAX)));
    // The C casts the compiler emits fcvtzs/scvtf/ucvtf for, with in-range values.
    volatile double d = -7.99;
    volatile float f = 16777217.0f;
    volatile int64_t i = -9007199254740993ll;
    volatile uint64_t u = 18446744073709549568ull;
    report_u64("(int32_t)-7.99", (uint64_t)(int64_t)(int32_t)d);
    report_u64("(uint8_t)(int)-7.99", (uint8_t)(int)d);
    report_f32("(float)16777217.0f", f);
    report_f64("(double)-(2^53+1)", (double)i);
    report_f32("(float)-(2^53+1)", (float)i);
    report_f64("(double)(2^64-2048)", (double)u);
    report_u64("(uint64_t)(double)(2^64-2048)", (uint64_t)(double)u);
    return 0;
}
