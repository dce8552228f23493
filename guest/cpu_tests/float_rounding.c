// IEEE rounding under all four FPCR.RMode settings: add, sub, mul, div, sqrt, the fused
// multiply-adds, int->float and float->float conversions, and the FPCR-rounded frinti/frintx,
// each reported with the FPSR flags it raised (overflow and underflow results depend on the
// mode too). Operands are bit patterns, so no compile-time arithmetic is involved.

// dynarmic does not raise all FPSR flags as the architecture does yet, so this program reports
// results only by default; guest/cpu_tests_pending/float_rounding_pending.c builds it with the
// flags (and the instructions dynarmic lacks) and shows the differences that remain.
#ifndef FP_REPORT_FLAGS
#define FP_REPORT_FLAGS 0
#endif

#include <stdint.h>

#include "fp_control.h"
#include "report.h"
#include "test_util.h"

FP_BINARY_OP(AddS, "fadd", float, "s")
FP_BINARY_OP(AddD, "fadd", double, "d")
FP_BINARY_OP(SubS, "fsub", float, "s")
FP_BINARY_OP(SubD, "fsub", double, "d")
FP_BINARY_OP(MulS, "fmul", float, "s")
FP_BINARY_OP(MulD, "fmul", double, "d")
FP_BINARY_OP(DivS, "fdiv", float, "s")
FP_BINARY_OP(DivD, "fdiv", double, "d")
FP_BINARY_OP(NmulD, "fnmul", double, "d")
FP_UNARY_OP(SqrtS, "fsqrt", float, "s")
FP_UNARY_OP(SqrtD, "fsqrt", double, "d")
FP_UNARY_OP(FrintiS, "frinti", float, "s")
FP_UNARY_OP(FrintiD, "frinti", double, "d")
FP_UNARY_OP(FrintxD, "frintx", double, "d")
FP_TERNARY_OP(FmaddS, "fmadd", float, "s")
FP_TERNARY_OP(FmaddD, "fmadd", double, "d")
FP_TERNARY_OP(FmsubD, "fmsub", double, "d")
FP_TERNARY_OP(FnmaddD, "fnmadd", double, "d")
FP_TERNARY_OP(FnmsubD, "fnmsub", double, "d")

#define CONVERT(name, insn, out_type, out_mod, in_type, in_mod, in_constraint)                   \
    static out_type name(in_type a) {                                                            \
        out_type result;                                                                         \
        __asm__ volatile(insn " %" out_mod "0, %" in_mod "1" : "=w"(result) : in_constraint(a)); \
        return result;                                                                           \
    }
CONVERT(ScvtfDX, "scvtf", double, "d", int64_t, "x", "r")
CONVERT(ScvtfSX, "scvtf", float, "s", int64_t, "x", "r")
CONVERT(ScvtfSW, "scvtf", float, "s", int32_t, "w", "r")
CONVERT(UcvtfDX, "ucvtf", double, "d", uint64_t, "x", "r")
CONVERT(UcvtfSX, "ucvtf", float, "s", uint64_t, "x", "r")
CONVERT(FcvtSD, "fcvt", float, "s", double, "d", "w")
CONVERT(FcvtHD, "fcvt", _Float16, "h", double, "d", "w")
CONVERT(FcvtHS, "fcvt", _Float16, "h", float, "s", "w")

static double D(uint64_t bits) {
    return OPAQUE_FP(DoubleFromBits(bits));
}
static float S(uint32_t bits) {
    return OPAQUE_FP(FloatFromBits(bits));
}

enum : uint64_t {
    kOneD = 0x3ff0000000000000,
    kMinusOneD = 0xbff0000000000000,
    kTwoD = 0x4000000000000000,
    kThreeD = 0x4008000000000000,
    kHalfD = 0x3fe0000000000000,
    kTenthD = 0x3fb999999999999a,
    kThirdD = 0x3fd5555555555555,
    kTwoPowMinus60D = 0x3c30000000000000,
    kMaxD = 0x7fefffffffffffff,
    kMinNormalD = 0x0010000000000000,
    kMinDenormalD = 0x0000000000000001,
    kOnePlusUlpD = 0x3ff0000000000001,
    kOneMinusHalfUlpD = 0x3fefffffffffffff,
    // (2^18 - 1) * 2^-538 and (2^36 + 2^18 + 1) * 2^-538: their exact product is
    // 2^-1022 * (1 - 2^-54), below the smallest normal before rounding but not after it.
    kTinyFactorAD = 0x1f6ffff800000000,
    kTinyFactorBD = 0x2090000400010000,
};

enum : uint32_t {
    kOneS = 0x3f800000,
    kThreeS = 0x40400000,
    kTwoPowMinus30S = 0x30800000,
    kTenthS = 0x3dcccccd,
    kMaxS = 0x7f7fffff,
    kTwoS = 0x40000000,
};

static void RunMode(unsigned mode) {
    char label[64];
    SetRoundingMode((enum RoundingMode)mode);
#define CHECK_MODE(name, expr) CHECK_FP(IndexedLabel(label, name, mode), expr)
    CHECK_MODE("fadd.d 1+2^-60", AddD(D(kOneD), D(kTwoPowMinus60D)));
    CHECK_MODE("fadd.d -1-2^-60", AddD(D(kMinusOneD), D(kTwoPowMinus60D | (1ull << 63))));
    CHECK_MODE("fadd.d max+max", AddD(D(kMaxD), D(kMaxD)));
    CHECK_MODE("fadd.d -max-max", AddD(D(kMaxD | 1ull << 63), D(kMaxD | 1ull << 63)));
    CHECK_MODE("fadd.d 1+(-1)", AddD(D(kOneD), D(kMinusOneD)));
    CHECK_MODE("fsub.d 1-2^-60", SubD(D(kOneD), D(kTwoPowMinus60D)));
    CHECK_MODE("fsub.d 1-1", SubD(D(kOneD), D(kOneD)));
    CHECK_MODE("fadd.s 1+2^-30", AddS(S(kOneS), S(kTwoPowMinus30S)));
    CHECK_MODE("fsub.s 1-2^-30", SubS(S(kOneS), S(kTwoPowMinus30S)));
    CHECK_MODE("fadd.s max+max", AddS(S(kMaxS), S(kMaxS)));
    CHECK_MODE("fmul.d 0.1*0.1", MulD(D(kTenthD), D(kTenthD)));
    CHECK_MODE("fmul.d -0.1*0.1", MulD(D(kTenthD | 1ull << 63), D(kTenthD)));
    CHECK_MODE("fmul.d third*3", MulD(D(kThirdD), D(kThreeD)));
    CHECK_MODE("fmul.d max*2", MulD(D(kMaxD), D(kTwoD)));
    CHECK_MODE("fmul.d minnormal*0.5", MulD(D(kMinNormalD), D(kHalfD)));
    CHECK_MODE("fmul.d mindenormal*0.5", MulD(D(kMinDenormalD), D(kHalfD)));
    CHECK_MODE("fmul.d -mindenormal*0.5", MulD(D(kMinDenormalD | 1ull << 63), D(kHalfD)));
    CHECK_MODE("fmul.d tiny before rounding", MulD(D(kTinyFactorAD), D(kTinyFactorBD)));
    CHECK_MODE("fnmul.d 0.1*0.1", NmulD(D(kTenthD), D(kTenthD)));
    CHECK_MODE("fmul.s 0.1*0.1", MulS(S(kTenthS), S(kTenthS)));
    CHECK_MODE("fmul.s max*2", MulS(S(kMaxS), S(kTwoS)));
    CHECK_MODE("fdiv.d 1/3", DivD(D(kOneD), D(kThreeD)));
    CHECK_MODE("fdiv.d -1/3", DivD(D(kMinusOneD), D(kThreeD)));
    CHECK_MODE("fdiv.d 2/3", DivD(D(kTwoD), D(kThreeD)));
    CHECK_MODE("fdiv.d 1/0", DivD(D(kOneD), D(0)));
    CHECK_MODE("fdiv.d -1/0", DivD(D(kMinusOneD), D(0)));
    CHECK_MODE("fdiv.d max/0.5", DivD(D(kMaxD), D(kHalfD)));
    CHECK_MODE("fdiv.d minnormal/3", DivD(D(kMinNormalD), D(kThreeD)));
    CHECK_MODE("fdiv.s 1/3", DivS(S(kOneS), S(kThreeS)));
    CHECK_MODE("fdiv.s 2/0.1", DivS(S(kTwoS), S(kTenthS)));
    CHECK_MODE("fsqrt.d 2", SqrtD(D(kTwoD)));
    CHECK_MODE("fsqrt.d 3", SqrtD(D(kThreeD)));
    CHECK_MODE("fsqrt.d 0.1", SqrtD(D(kTenthD)));
    CHECK_MODE("fsqrt.d mindenormal", SqrtD(D(kMinDenormalD)));
    CHECK_MODE("fsqrt.d -1", SqrtD(D(kMinusOneD)));
    CHECK_MODE("fsqrt.d -0", SqrtD(D(1ull << 63)));
    CHECK_MODE("fsqrt.s 2", SqrtS(S(kTwoS)));
    CHECK_MODE("fsqrt.s 0.1", SqrtS(S(kTenthS)));
    CHECK_MODE("fmadd.d 0.1*10-1", FmaddD(D(kTenthD), D(0x4024000000000000), D(kMinusOneD)));
    CHECK_MODE("fmadd.d 0.1*0.1 error term", FmaddD(D(kTenthD), D(kTenthD), D(0xbf847ae147ae147c)));
    CHECK_MODE("fmadd.d (1+u)(1-u/2)-1",
               FmaddD(D(kOnePlusUlpD), D(kOneMinusHalfUlpD), D(kMinusOneD)));
    CHECK_MODE("fmadd.d 1*1+(-1) zero sign", FmaddD(D(kOneD), D(kOneD), D(kMinusOneD)));
    CHECK_MODE("fmadd.d max*2-max", FmaddD(D(kMaxD), D(kTwoD), D(kMaxD | 1ull << 63)));
    CHECK_MODE("fmadd.d tiny before rounding",
               FmaddD(D(kMinNormalD), D(0xbc90000000000000), D(kMinNormalD)));
    CHECK_MODE("fmsub.d", FmsubD(D(kTenthD), D(kThirdD), D(kOneD)));
    CHECK_MODE("fnmadd.d", FnmaddD(D(kTenthD), D(kThirdD), D(kOneD)));
    CHECK_MODE("fnmsub.d", FnmsubD(D(kTenthD), D(kThirdD), D(kOneD)));
    CHECK_MODE("fmadd.s 0.1*3+1", FmaddS(S(kTenthS), S(kThreeS), S(kOneS)));
    CHECK_MODE("__builtin_fma 1/3", __builtin_fma(D(kThirdD), D(kThreeD), D(kMinusOneD)));
    CHECK_MODE("scvtf d 2^53+1", ScvtfDX(OPAQUE((int64_t)((1ll << 53) + 1))));
    CHECK_MODE("scvtf d -(2^53+1)", ScvtfDX(OPAQUE((int64_t) - ((1ll << 53) + 1))));
    CHECK_MODE("scvtf d 2^63-1", ScvtfDX(OPAQUE((int64_t)INT64_MAX)));
    CHECK_MODE("scvtf s 2^24+1", ScvtfSW(OPAQUE((int32_t)((1 << 24) + 1))));
    CHECK_MODE("scvtf s -(2^24+3)", ScvtfSW(OPAQUE((int32_t) - ((1 << 24) + 3))));
    CHECK_MODE("scvtf s x 2^63-1", ScvtfSX(OPAQUE((int64_t)INT64_MAX)));
    CHECK_MODE("ucvtf d 2^64-1", UcvtfDX(OPAQUE(~0ull)));
    CHECK_MODE("ucvtf s 2^64-1", UcvtfSX(OPAQUE(~0ull)));
    CHECK_MODE("ucvtf s 2^32+2^8+1", UcvtfSX(OPAQUE(0x100000101ull)));
    CHECK_MODE("fcvt s<-d 0.1", FcvtSD(D(kTenthD)));
    CHECK_MODE("fcvt s<-d 1+2^-24 (tie)", FcvtSD(D(0x3ff0000010000000)));
    CHECK_MODE("fcvt s<-d 1+3*2^-25", FcvtSD(D(0x3ff0000018000000)));
    CHECK_MODE("fcvt s<-d -(1+2^-24)", FcvtSD(D(0xbff0000010000000)));
    CHECK_MODE("fcvt s<-d max", FcvtSD(D(kMaxD)));
    CHECK_MODE("fcvt s<-d 2^-140", FcvtSD(D(0x3730000000000000)));
    CHECK_MODE("fcvt s<-d 2^-160", FcvtSD(D(0x35f0000000000000)));
    CHECK_MODE("fcvt h<-d 0.1", FcvtHD(D(kTenthD)));
    CHECK_MODE("fcvt h<-d 65520", FcvtHD(D(0x40effe0000000000)));
    CHECK_MODE("fcvt h<-d 1/3", FcvtHD(D(kThirdD)));
    CHECK_MODE("fcvt h<-d 2^-25", FcvtHD(D(0x3e60000000000000)));
    CHECK_MODE("fcvt h<-s 0.1", FcvtHS(S(kTenthS)));
    CHECK_MODE("fcvt h<-s 1+2^-11 (tie)", FcvtHS(S(0x3f801000)));
    CHECK_MODE("frinti.d 2.5", FrintiD(D(0x4004000000000000)));
    CHECK_MODE("frinti.d -2.5", FrintiD(D(0xc004000000000000)));
    CHECK_MODE("frinti.d 0.5", FrintiD(D(kHalfD)));
    CHECK_MODE("frinti.d -0.5", FrintiD(D(kHalfD | 1ull << 63)));
    CHECK_MODE("frinti.d 1.5", FrintiD(D(0x3ff8000000000000)));
    CHECK_MODE("frinti.s 3.5", FrintiS(S(0x40600000)));
    CHECK_MODE("frintx.d 2.5", FrintxD(D(0x4004000000000000)));
    CHECK_MODE("frintx.d -0.5", FrintxD(D(kHalfD | 1ull << 63)));
    CHECK_MODE("frintx.d 2^51+0.5", FrintxD(D(0x4320000000000001)));
    CHECK_MODE("frintx.d 7", FrintxD(D(0x401c000000000000)));
#undef CHECK_MODE
}

int main(void) {
    WriteFpcr(0);
    report_text("# rounding: [0] nearest, [1] +inf, [2] -inf, [3] zero; fpsr:result");
    for (unsigned mode = 0; mode < 4; ++mode) {
        RunMode(mode);
    }
    WriteFpcr(0);
    report_u64("fpcr restored", ReadFpcr());
    return 0;
}
