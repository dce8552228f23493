// Denormals and flush-to-zero: arithmetic on denormal inputs and results with FPCR.FZ off and
// on (FZ flushes denormal inputs, raising IDC, and tiny results before rounding, raising UFC
// without IXC), and the FPSR cumulative flags of each operation class: IOC, DZC, OFC, UFC,
// IXC, IDC, including that they accumulate until cleared.

// dynarmic does not raise all FPSR flags as the architecture does yet, so this program reports
// results only by default; guest/cpu_tests_pending/float_denormal_pending.c builds it with the
// flags (and the instructions dynarmic lacks) and shows the differences that remain.
#ifndef FP_REPORT_FLAGS
#define FP_REPORT_FLAGS 0
#endif
// With FPCR.FZ, a result below the smallest normal before rounding is flushed to zero even when
// it rounds up to the smallest normal; dynarmic (x86 FTZ, tininess after rounding) returns the
// normal. That case runs only when this is 1.
#ifndef CHECK_KNOWN_DIFFERENCES
#define CHECK_KNOWN_DIFFERENCES 0
#endif

#include <stdint.h>

#include "fp_control.h"
#include "report.h"
#include "test_util.h"

FP_BINARY_OP(AddS, "fadd", float, "s")
FP_BINARY_OP(AddD, "fadd", double, "d")
FP_BINARY_OP(SubD, "fsub", double, "d")
FP_BINARY_OP(MulS, "fmul", float, "s")
FP_BINARY_OP(MulD, "fmul", double, "d")
FP_BINARY_OP(DivD, "fdiv", double, "d")
FP_BINARY_OP(MaxD, "fmax", double, "d")
FP_BINARY_OP(MinnmD, "fminnm", double, "d")
FP_UNARY_OP(SqrtD, "fsqrt", double, "d")
FP_UNARY_OP(NegD, "fneg", double, "d")
FP_UNARY_OP(AbsD, "fabs", double, "d")
FP_UNARY_OP(FrintzD, "frintz", double, "d")
FP_UNARY_OP(RecpeS, "frecpe", float, "s")
FP_UNARY_OP(RsqrteS, "frsqrte", float, "s")
FP_TERNARY_OP(FmaddD, "fmadd", double, "d")

static float FcvtSD(double a) {
    float result;
    __asm__ volatile("fcvt %s0, %d1" : "=w"(result) : "w"(a));
    return result;
}

static double FcvtDS(float a) {
    double result;
    __asm__ volatile("fcvt %d0, %s1" : "=w"(result) : "w"(a));
    return result;
}

static int64_t FcvtzsXD(double a) {
    int64_t result;
    __asm__ volatile("fcvtzs %x0, %d1" : "=r"(result) : "w"(a));
    return result;
}

static uint64_t FcmpFlags(double a, double b) {
    uint64_t flags;
    __asm__ volatile("fcmp %d1, %d2\n\tmrs %0, nzcv" : "=r"(flags) : "w"(a), "w"(b) : "cc");
    return flags >> 28;
}

static double D(uint64_t bits) {
    return OPAQUE_FP(DoubleFromBits(bits));
}
static float S(uint32_t bits) {
    return OPAQUE_FP(FloatFromBits(bits));
}

enum : uint64_t {
    kDenormal = 0x000fffffffffffff,  // largest denormal
    kMinDenormal = 0x0000000000000001,
    kMinNormal = 0x0010000000000000,
    kOne = 0x3ff0000000000000,
    kHalf = 0x3fe0000000000000,
    kThree = 0x4008000000000000,
    kMax = 0x7fefffffffffffff,
    kTinyFactorA = 0x1f6ffff800000000,  // product with B: 2^-1022 * (1 - 2^-54)
    kTinyFactorB = 0x2090000400010000,
};

enum : uint32_t {
    kDenormalS = 0x00400000,
    kMinNormalS = 0x00800000,
    kOneS = 0x3f800000,
    kHalfS = 0x3f000000,
};

static void DenormalOperations(const char* title) {
    report_text(title);
    CHECK_FP("fadd den+0", AddD(D(kDenormal), D(0)));
    CHECK_FP("fadd den+1", AddD(D(kDenormal), D(kOne)));
    CHECK_FP("fadd den+den", AddD(D(kDenormal), D(kDenormal)));
    CHECK_FP("fadd -den+den", AddD(D(kDenormal | 1ull << 63), D(kMinDenormal)));
    CHECK_FP("fsub minnormal-den", SubD(D(kMinNormal), D(kMinDenormal)));
    CHECK_FP("fmul den*1", MulD(D(kDenormal), D(kOne)));
    CHECK_FP("fmul den*2^52", MulD(D(kDenormal), D(0x4330000000000000)));
    CHECK_FP("fmul minnormal*0.5", MulD(D(kMinNormal), D(kHalf)));
    CHECK_FP("fmul -minnormal*0.5", MulD(D(kMinNormal | 1ull << 63), D(kHalf)));
    if (CHECK_KNOWN_DIFFERENCES || !(ReadFpcr() & kFpcrFz)) {
        CHECK_FP("fmul tiny before rounding", MulD(D(kTinyFactorA), D(kTinyFactorB)));
    }
    CHECK_FP("fmul mindenormal*0.5", MulD(D(kMinDenormal), D(kHalf)));
    CHECK_FP("fdiv den/1", DivD(D(kDenormal), D(kOne)));
    CHECK_FP("fdiv 1/den", DivD(D(kOne), D(kMinDenormal)));
    CHECK_FP("fdiv minnormal/3", DivD(D(kMinNormal), D(kThree)));
    CHECK_FP("fsqrt den", SqrtD(D(kDenormal)));
    CHECK_FP("fmadd den*1+0", FmaddD(D(kDenormal), D(kOne), D(0)));
    CHECK_FP("fmadd 1*1+den", FmaddD(D(kOne), D(kOne), D(kDenormal)));
    CHECK_FP("fmadd minnormal*0.5+0", FmaddD(D(kMinNormal), D(kHalf), D(0)));
    CHECK_FP("fmadd tiny before rounding",
             FmaddD(D(kMinNormal), D(0xbc90000000000000), D(kMinNormal)));
    CHECK_FP("fmax den,0", MaxD(D(kDenormal), D(0)));
    CHECK_FP("fminnm den,-den", MinnmD(D(kMinDenormal), D(kMinDenormal | 1ull << 63)));
    CHECK_FP("fneg den", NegD(D(kDenormal)));
    CHECK_FP("fabs -den", AbsD(D(kDenormal | 1ull << 63)));
    CHECK_FP("frintz den", FrintzD(D(kDenormal)));
    CHECK_FP("fcvt s<-d den", FcvtSD(D(kDenormal)));
    CHECK_FP("fcvt s<-d 2^-130", FcvtSD(D(0x37d0000000000000)));
    CHECK_FP("fcvt d<-s den", FcvtDS(S(kDenormalS)));
    CHECK_FP("fcvtzs den", FcvtzsXD(D(kDenormal)));
    CHECK_FP("fcmp den,0 (nzcv)", FcmpFlags(D(kMinDenormal), D(0)));
    CHECK_FP("fadd.s den+1", AddS(S(kDenormalS), S(kOneS)));
    CHECK_FP("fadd.s den+den", AddS(S(kDenormalS), S(kDenormalS)));
    CHECK_FP("fmul.s minnormal*0.5", MulS(S(kMinNormalS), S(kHalfS)));
    CHECK_FP("frecpe.s den", RecpeS(S(kDenormalS)));
    CHECK_FP("frecpe.s 2^-128 (overflows)", RecpeS(S(0x00200000)));
    CHECK_FP("frsqrte.s den", RsqrteS(S(kDenormalS)));
}

static void CumulativeFlags(void) {
    report_text("# cumulative FPSR flags");
    WriteFpsr(0);
    (void)DivD(D(kOne), D(0));
    report_u64("after 1/0", ReadFpsr());
    (void)AddD(D(kMax), D(kMax));
    report_u64("plus max+max", ReadFpsr());
    (void)SqrtD(D(0xbff0000000000000));
    report_u64("plus sqrt(-1)", ReadFpsr());
    (void)MulD(D(kMinNormal), D(kHalf));
    report_u64("plus exact denormal result", ReadFpsr());
    (void)MulD(D(kMinDenormal), D(kHalf));
    report_u64("plus inexact denormal result", ReadFpsr());
    WriteFpsr(kFpsrQc | kFpsrIdc | kFpsrIxc);
    report_u64("written qc|idc|ixc", ReadFpsr());
    (void)AddD(D(kOne), D(kOne));
    report_u64("kept by an exact add", ReadFpsr());
    // Bits 31:28 are AArch32's comparison flags, kept only where AArch32 is implemented.
    WriteFpsr(kFpsrQc | 0x9f);
    report_u64("all AArch64 flags", ReadFpsr());
    WriteFpsr(0);
    report_u64("cleared", ReadFpsr());
}

int main(void) {
    WriteFpcr(0);
    DenormalOperations("# denormals, FPCR.FZ=0; fpsr:result");
    WriteFpcr(kFpcrFz);
    report_u64("fpcr with FZ", ReadFpcr());
    DenormalOperations("# denormals, FPCR.FZ=1");
    WriteFpcr(kFpcrFz | ((uint64_t)kRoundPlusInf << kFpcrRmodeShift));
    DenormalOperations("# denormals, FPCR.FZ=1, round to +inf");
    WriteFpcr(0);
    CumulativeFlags();
    return 0;
}
