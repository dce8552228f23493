// ARMv8.2 half-precision arithmetic (FEAT_FP16), scalar and vector: arithmetic, fused
// multiply-add, sqrt, min/max, compares, estimates, rounding and conversions, under the four
// rounding modes, with NaNs (propagation, FPCR.DN), denormals (FPCR.FZ16 flushes half precision;
// FPCR.FZ alone must not), FPCR.AHP on conversions, and the FPSR flags of each result.

#include <arm_fp16.h>
#include <arm_neon.h>
#include <stdint.h>

#include "fp_control.h"
#include "report.h"
#include "test_util.h"

typedef _Float16 half;

FP_BINARY_OP(AddH, "fadd", half, "h")
FP_BINARY_OP(SubH, "fsub", half, "h")
FP_BINARY_OP(MulH, "fmul", half, "h")
FP_BINARY_OP(DivH, "fdiv", half, "h")
FP_BINARY_OP(NmulH, "fnmul", half, "h")
FP_BINARY_OP(MulxH, "fmulx", half, "h")
FP_BINARY_OP(AbdH, "fabd", half, "h")
FP_BINARY_OP(MaxH, "fmax", half, "h")
FP_BINARY_OP(MinH, "fmin", half, "h")
FP_BINARY_OP(MaxnmH, "fmaxnm", half, "h")
FP_BINARY_OP(MinnmH, "fminnm", half, "h")
FP_BINARY_OP(RecpsH, "frecps", half, "h")
FP_BINARY_OP(RsqrtsH, "frsqrts", half, "h")
FP_UNARY_OP(SqrtH, "fsqrt", half, "h")
FP_UNARY_OP(AbsH, "fabs", half, "h")
FP_UNARY_OP(NegH, "fneg", half, "h")
FP_UNARY_OP(RecpeH, "frecpe", half, "h")
FP_UNARY_OP(RsqrteH, "frsqrte", half, "h")
FP_UNARY_OP(RecpxH, "frecpx", half, "h")
FP_UNARY_OP(FrintnH, "frintn", half, "h")
FP_UNARY_OP(FrintaH, "frinta", half, "h")
FP_UNARY_OP(FrintpH, "frintp", half, "h")
FP_UNARY_OP(FrintmH, "frintm", half, "h")
FP_UNARY_OP(FrintzH, "frintz", half, "h")
FP_UNARY_OP(FrintiH, "frinti", half, "h")
FP_UNARY_OP(FrintxH, "frintx", half, "h")
FP_TERNARY_OP(FmaddH, "fmadd", half, "h")
FP_TERNARY_OP(FmsubH, "fmsub", half, "h")
FP_TERNARY_OP(FnmaddH, "fnmadd", half, "h")
FP_TERNARY_OP(FnmsubH, "fnmsub", half, "h")

#define TO_INT(name, insn, reg)                                           \
    static uint64_t name(half a) {                                        \
        uint64_t result;                                                  \
        __asm__ volatile(insn " %" reg "0, %h1" : "=r"(result) : "w"(a)); \
        return result;                                                    \
    }
TO_INT(FcvtzsW, "fcvtzs", "w")
TO_INT(FcvtzuX, "fcvtzu", "x")
TO_INT(FcvtnsX, "fcvtns", "x")
TO_INT(FcvtasW, "fcvtas", "w")
TO_INT(FcvtmuW, "fcvtmu", "w")
TO_INT(FcvtpsX, "fcvtps", "x")

static half ScvtfW(int32_t a) {
    half result;
    __asm__ volatile("scvtf %h0, %w1" : "=w"(result) : "r"(a));
    return result;
}

static half UcvtfX(uint64_t a) {
    half result;
    __asm__ volatile("ucvtf %h0, %x1" : "=w"(result) : "r"(a));
    return result;
}

static half ScvtfFixedW(int32_t a) {
    half result;
    __asm__ volatile("scvtf %h0, %w1, #4" : "=w"(result) : "r"(a));
    return result;
}

static half FcvtHS(float a) {
    half result;
    __asm__ volatile("fcvt %h0, %s1" : "=w"(result) : "w"(a));
    return result;
}

static float FcvtSH(half a) {
    float result;
    __asm__ volatile("fcvt %s0, %h1" : "=w"(result) : "w"(a));
    return result;
}

static double FcvtDH(half a) {
    double result;
    __asm__ volatile("fcvt %d0, %h1" : "=w"(result) : "w"(a));
    return result;
}

static uint64_t FcmpH(half a, half b) {
    uint64_t flags;
    __asm__ volatile("fcmp %h1, %h2\n\tmrs %0, nzcv" : "=r"(flags) : "w"(a), "w"(b) : "cc");
    return flags >> 28;
}

static uint64_t FcmpeH(half a, half b) {
    uint64_t flags;
    __asm__ volatile("fcmpe %h1, %h2\n\tmrs %0, nzcv" : "=r"(flags) : "w"(a), "w"(b) : "cc");
    return flags >> 28;
}

static half FcselH(half a, half b, uint64_t choose_first) {
    half result;
    __asm__ volatile("cmp %x3, #0\n\tfcsel %h0, %h1, %h2, ne"
                     : "=w"(result)
                     : "w"(a), "w"(b), "r"(choose_first)
                     : "cc");
    return result;
}

static half H(uint16_t bits) {
    return OPAQUE_FP(HalfFromBits(bits));
}

enum : uint16_t {
    kOne = 0x3c00,
    kMinusOne = 0xbc00,
    kTwo = 0x4000,
    kThree = 0x4200,
    kTenth = 0x2e66,
    kThird = 0x3555,
    kHalf = 0x3800,
    kMax = 0x7bff,
    kMinNormal = 0x0400,
    kDenormal = 0x0200,
    kMinDenormal = 0x0001,
    kInf = 0x7c00,
    kMinusInf = 0xfc00,
    kMinusZero = 0x8000,
    kQnanA = 0x7e55,
    kQnanB = 0xfe66,
    kSnanA = 0x7c55,
    kSnanB = 0xfc66,
    kTwoPowMinus11 = 0x1000,  // half an ulp of 1.0
    k2049 = 0x6801,           // 2050: 2049 is not representable
};

static void RoundedOperations(unsigned mode) {
    char label[64];
    SetRoundingMode((enum RoundingMode)mode);
#define CHECK_MODE(name, expr) CHECK_FP(IndexedLabel(label, name, mode), expr)
    CHECK_MODE("fadd 1+2^-11 (tie)", AddH(H(kOne), H(kTwoPowMinus11)));
    CHECK_MODE("fadd 1+2^-11+2^-20", AddH(H(kOne), H(0x1001)));
    CHECK_MODE("fadd -1-2^-11", AddH(H(kMinusOne), H(kTwoPowMinus11 | 0x8000)));
    CHECK_MODE("fadd max+max", AddH(H(kMax), H(kMax)));
    CHECK_MODE("fadd 1+-1", AddH(H(kOne), H(kMinusOne)));
    CHECK_MODE("fsub 2050-1", SubH(H(k2049), H(kOne)));
    CHECK_MODE("fmul 0.1*0.1", MulH(H(kTenth), H(kTenth)));
    CHECK_MODE("fmul third*3", MulH(H(kThird), H(kThree)));
    CHECK_MODE("fmul max*2", MulH(H(kMax), H(kTwo)));
    CHECK_MODE("fmul minnormal*0.5", MulH(H(kMinNormal), H(kHalf)));
    CHECK_MODE("fmul mindenormal*0.5", MulH(H(kMinDenormal), H(kHalf)));
    CHECK_MODE("fnmul 0.1*3", NmulH(H(kTenth), H(kThree)));
    CHECK_MODE("fdiv 1/3", DivH(H(kOne), H(kThree)));
    CHECK_MODE("fdiv -2/3", DivH(H(kTwo | 0x8000), H(kThree)));
    CHECK_MODE("fdiv 1/0", DivH(H(kOne), H(0)));
    CHECK_MODE("fdiv minnormal/3", DivH(H(kMinNormal), H(kThree)));
    CHECK_MODE("fsqrt 2", SqrtH(H(kTwo)));
    CHECK_MODE("fsqrt 0.1", SqrtH(H(kTenth)));
    CHECK_MODE("fsqrt -1", SqrtH(H(kMinusOne)));
    CHECK_MODE("fsqrt mindenormal", SqrtH(H(kMinDenormal)));
    CHECK_MODE("fmadd 0.1*3-0.3", FmaddH(H(kTenth), H(kThree), H(0xb4cd)));
    CHECK_MODE("fmadd third*3-1", FmaddH(H(kThird), H(kThree), H(kMinusOne)));
    CHECK_MODE("fmadd max*2-max", FmaddH(H(kMax), H(kTwo), H(kMax | 0x8000)));
    CHECK_MODE("fmsub", FmsubH(H(kTenth), H(kThird), H(kOne)));
    CHECK_MODE("fnmadd", FnmaddH(H(kTenth), H(kThird), H(kOne)));
    CHECK_MODE("fnmsub", FnmsubH(H(kTenth), H(kThird), H(kOne)));
    CHECK_MODE("frinti 2.5", FrintiH(H(0x4100)));
    CHECK_MODE("frinti -0.5", FrintiH(H(0xb800)));
    CHECK_MODE("frintx 1.5", FrintxH(H(0x3e00)));
    CHECK_MODE("scvtf 2049", ScvtfW(OPAQUE(2049)));
    CHECK_MODE("scvtf -65520", ScvtfW(OPAQUE(-65520)));
    CHECK_MODE("ucvtf 2^64-1", UcvtfX(OPAQUE(~0ull)));
    CHECK_MODE("scvtf #4 -33", ScvtfFixedW(OPAQUE(-33)));
    CHECK_MODE("fcvt h<-s 0.1", FcvtHS(OPAQUE_FP(0.1f)));
    CHECK_MODE("fcvt h<-s 65520", FcvtHS(OPAQUE_FP(65520.0f)));
    CHECK_MODE("C _Float16 0.1+0.2", (half)(H(kTenth) + H(0x3266)));
#undef CHECK_MODE
}

static void SpecialValues(const char* title) {
    report_text(title);
    CHECK_FP("fadd qA+qB", AddH(H(kQnanA), H(kQnanB)));
    CHECK_FP("fadd 1+sB", AddH(H(kOne), H(kSnanB)));
    CHECK_FP("fadd qA+sB", AddH(H(kQnanA), H(kSnanB)));
    CHECK_FP("fmul inf*0", MulH(H(kInf), H(0)));
    CHECK_FP("fmulx inf*-0", MulxH(H(kInf), H(kMinusZero)));
    CHECK_FP("fsub inf-inf", SubH(H(kInf), H(kInf)));
    CHECK_FP("fdiv 0/0", DivH(H(0), H(0)));
    CHECK_FP("fsqrt sA", SqrtH(H(kSnanA)));
    CHECK_FP("fmadd qA*1+qB", FmaddH(H(kQnanA), H(kOne), H(kQnanB)));
    CHECK_FP("fmadd inf*0+qB", FmaddH(H(kInf), H(0), H(kQnanB)));
    CHECK_FP("fmadd sA*1+qB", FmaddH(H(kSnanA), H(kOne), H(kQnanB)));
    CHECK_FP("fnmadd qA*1+1", FnmaddH(H(kQnanA), H(kOne), H(kOne)));
    CHECK_FP("fmax qA,1", MaxH(H(kQnanA), H(kOne)));
    CHECK_FP("fmin 0,-0", MinH(H(0), H(kMinusZero)));
    CHECK_FP("fmax -0,0", MaxH(H(kMinusZero), H(0)));
    CHECK_FP("fmaxnm qA,1", MaxnmH(H(kQnanA), H(kOne)));
    CHECK_FP("fminnm 1,sB", MinnmH(H(kOne), H(kSnanB)));
    CHECK_FP("fabd -inf,1", AbdH(H(kMinusInf), H(kOne)));
    CHECK_FP("fabs sB", AbsH(H(kSnanB)));
    CHECK_FP("fneg qA", NegH(H(kQnanA)));
    CHECK_FP("frecpe 3", RecpeH(H(kThree)));
    CHECK_FP("frecpe 0.1", RecpeH(H(kTenth)));
    CHECK_FP("frecpe -0", RecpeH(H(kMinusZero)));
    CHECK_FP("frecpe denormal", RecpeH(H(kMinDenormal)));
    CHECK_FP("frecpe max", RecpeH(H(kMax)));
    CHECK_FP("frsqrte 3", RsqrteH(H(kThree)));
    CHECK_FP("frsqrte 0.1", RsqrteH(H(kTenth)));
    CHECK_FP("frsqrte -1", RsqrteH(H(kMinusOne)));
    CHECK_FP("frsqrte denormal", RsqrteH(H(kDenormal)));
    CHECK_FP("frecps 3,0.333", RecpsH(H(kThree), H(kThird)));
    CHECK_FP("frecps inf,0", RecpsH(H(kInf), H(0)));
    CHECK_FP("frsqrts 3,0.577", RsqrtsH(H(kThree), H(0x389e)));
    CHECK_FP("frecpx 3", RecpxH(H(kThree)));
    CHECK_FP("frecpx denormal", RecpxH(H(kDenormal)));
    CHECK_FP("frintn 2.5", FrintnH(H(0x4100)));
    CHECK_FP("frinta -2.5", FrintaH(H(0xc100)));
    CHECK_FP("frintp -0.5", FrintpH(H(0xb800)));
    CHECK_FP("frintm 0.5", FrintmH(H(0x3800)));
    CHECK_FP("frintz -1.75", FrintzH(H(0xbf00)));
    CHECK_FP("frintx 2^10+0.5", FrintxH(H(0x6401)));
    CHECK_FP("fcvtzs w max", FcvtzsW(H(kMax)));
    CHECK_FP("fcvtzs w -inf", FcvtzsW(H(kMinusInf)));
    CHECK_FP("fcvtzs w nan", FcvtzsW(H(kQnanA)));
    CHECK_FP("fcvtzu x -1", FcvtzuX(H(kMinusOne)));
    CHECK_FP("fcvtns x 2.5", FcvtnsX(H(0x4100)));
    CHECK_FP("fcvtas w -2.5", FcvtasW(H(0xc100)));
    CHECK_FP("fcvtmu w 1.5", FcvtmuW(H(0x3e00)));
    CHECK_FP("fcvtps x -1.5", FcvtpsX(H(0xbe00)));
    CHECK_FP("fcvt s<-h sA", FcvtSH(H(kSnanA)));
    CHECK_FP("fcvt s<-h denormal", FcvtSH(H(kMinDenormal)));
    CHECK_FP("fcvt d<-h qB", FcvtDH(H(kQnanB)));
    CHECK_FP("fcvt h<-s 2^-25", FcvtHS(OPAQUE_FP(0x1p-25f)));
    CHECK_FP("fcvt h<-s inf", FcvtHS(OPAQUE_FP(__builtin_inff())));
    CHECK_FP("fcvt h<-s nan", FcvtHS(OPAQUE_FP(__builtin_nanf("0x123"))));
    CHECK_FP("fcvt h<-s 1e6", FcvtHS(OPAQUE_FP(1e6f)));
    CHECK_FP("fcsel first", FcselH(H(kOne), H(kTwo), OPAQUE(1ull)));
    CHECK_FP("fcsel second", FcselH(H(kOne), H(kTwo), OPAQUE(0ull)));
}

static void Denormals(const char* title) {
    report_text(title);
    CHECK_FP("fadd den+den", AddH(H(kDenormal), H(kDenormal)));
    CHECK_FP("fadd den+1", AddH(H(kDenormal), H(kOne)));
    CHECK_FP("fadd minnormal-mindenormal", SubH(H(kMinNormal), H(kMinDenormal)));
    CHECK_FP("fmul den*2", MulH(H(kDenormal), H(kTwo)));
    CHECK_FP("fmul minnormal*0.5", MulH(H(kMinNormal), H(kHalf)));
    CHECK_FP("fmul 0x0401*0.99", MulH(H(0x0401), H(0x3bfe)));
    CHECK_FP("fdiv den/1", DivH(H(kDenormal), H(kOne)));
    CHECK_FP("fsqrt den", SqrtH(H(kDenormal)));
    CHECK_FP("fmadd den*1+0", FmaddH(H(kDenormal), H(kOne), H(0)));
    CHECK_FP("fmax den,0", MaxH(H(kDenormal), H(0)));
    CHECK_FP("fcmp den,0 (nzcv)", FcmpH(H(kDenormal), H(0)));
    CHECK_FP("fcvt s<-h den", FcvtSH(H(kDenormal)));
    CHECK_FP("fcvt h<-s 2^-20", FcvtHS(OPAQUE_FP(0x1p-20f)));
    CHECK_FP("fcvtzs den", FcvtzsW(H(kDenormal)));
    CHECK_FP("frecpe den", RecpeH(H(kDenormal)));
}

static void Comparisons(void) {
    report_text("# compares: nzcv of fcmp / fcmpe and the fpsr they raised");
    static const uint16_t kOperands[] = {0, kMinusZero, kOne, kMinusOne, kInf, kQnanA, kSnanB};
    enum { kCount = sizeof(kOperands) / sizeof(kOperands[0]) };
    char label[64];
    for (unsigned i = 0; i < kCount; ++i) {
        uint64_t quiet = 0, signalling = 0, fpsr = 0;
        for (unsigned j = 0; j < kCount; ++j) {
            WriteFpsr(0);
            quiet |= FcmpH(H(kOperands[i]), H(kOperands[j])) << (4 * j);
            signalling |= FcmpeH(H(kOperands[i]), H(kOperands[j])) << (4 * j);
            fpsr |= ReadFpsr() << (8 * j);
        }
        report_u64(IndexedLabel(label, "fcmp row", i), quiet);
        report_u64(IndexedLabel(label, "fcmpe row", i), signalling);
        report_u64(IndexedLabel(label, "fpsr row", i), fpsr);
    }
}

// Vector operands live in volatile variables so every use is a load ordered after the
// preceding `msr fpsr`; each result passes through an asm statement before FPSR is read.
static volatile float16x8_t g_a, g_b, g_c;

static const uint16_t kVectorA[8] = {kOne, kTenth, kMax, kDenormal, kQnanA, kSnanA, kInf, 0xc100};
static const uint16_t kVectorB[8] = {kThree, kThree, kTwo, kHalf, kOne, kOne, kMinusZero, 0x3800};
static const uint16_t kVectorC[8] = {kMinusOne, kTenth, kMax, kMinDenormal, kQnanB, kOne, kOne, 0};

#define SHOW_FP(label, expr)                          \
    do {                                              \
        WriteFpsr(0);                                 \
        __typeof__(expr) shown_ = (expr);             \
        __asm__ volatile("" : "+w"(shown_));          \
        report_bytes(label, &shown_, sizeof(shown_)); \
        report_u64(label, ReadFpsr());                \
    } while (0)

static void Vectors(const char* title) {
    report_text(title);
    g_a = vreinterpretq_f16_u16(vld1q_u16(kVectorA));
    g_b = vreinterpretq_f16_u16(vld1q_u16(kVectorB));
    g_c = vreinterpretq_f16_u16(vld1q_u16(kVectorC));
#define a (g_a)
#define b (g_b)
#define c (g_c)
    SHOW_FP("fadd.8h", vaddq_f16(a, b));
    SHOW_FP("fsub.8h", vsubq_f16(a, b));
    SHOW_FP("fmul.8h", vmulq_f16(a, b));
    SHOW_FP("fmulx.8h", vmulxq_f16(a, b));
    SHOW_FP("fdiv.8h", vdivq_f16(a, b));
    SHOW_FP("fsqrt.8h", vsqrtq_f16(a));
    SHOW_FP("fmla.8h", vfmaq_f16(c, a, b));
    SHOW_FP("fmls.8h", vfmsq_f16(c, a, b));
    SHOW_FP("fmla.8h by lane", vfmaq_laneq_f16(c, a, b, 1));
    SHOW_FP("fmul.4h by lane", vmul_lane_f16(vget_low_f16(a), vget_high_f16(b), 3));
    SHOW_FP("fmax.8h", vmaxq_f16(a, b));
    SHOW_FP("fmin.8h", vminq_f16(a, c));
    SHOW_FP("fmaxnm.8h", vmaxnmq_f16(a, c));
    SHOW_FP("fminnm.8h", vminnmq_f16(a, c));
    SHOW_FP("fabd.8h", vabdq_f16(a, b));
    SHOW_FP("fabs.8h", vabsq_f16(c));
    SHOW_FP("fneg.8h", vnegq_f16(a));
    SHOW_FP("faddp.8h", vpaddq_f16(a, b));
    SHOW_FP("fmaxnmp.8h", vpmaxnmq_f16(a, c));
    SHOW_FP("fcmeq.8h", vceqq_f16(a, c));
    SHOW_FP("fcmge.8h", vcgeq_f16(a, b));
    SHOW_FP("fcmgt.8h", vcgtq_f16(a, b));
    SHOW_FP("fcmlt #0", vcltzq_f16(a));
    SHOW_FP("facge.8h", vcageq_f16(a, b));
    SHOW_FP("frintn.8h", vrndnq_f16(vmulq_f16(b, vdupq_n_f16(2.5))));
    SHOW_FP("frinta.8h", vrndaq_f16(a));
    SHOW_FP("frintm.8h", vrndmq_f16(a));
    SHOW_FP("frintx.8h", vrndxq_f16(a));
    SHOW_FP("fcvtzs.8h", vcvtq_s16_f16(a));
    SHOW_FP("fcvtzu.8h", vcvtq_u16_f16(a));
    SHOW_FP("fcvtns.8h", vcvtnq_s16_f16(vmulq_f16(b, vdupq_n_f16(2.5))));
    SHOW_FP("fcvtzs.8h #8", vcvtq_n_s16_f16(a, 8));
    SHOW_FP("scvtf.8h", vcvtq_f16_s16(vreinterpretq_s16_f16(a)));
    SHOW_FP("ucvtf.8h", vcvtq_f16_u16(vreinterpretq_u16_f16(c)));
    SHOW_FP("frecpe.8h", vrecpeq_f16(a));
    SHOW_FP("frsqrte.8h", vrsqrteq_f16(b));
    SHOW_FP("frecps.8h", vrecpsq_f16(a, b));
    SHOW_FP("frsqrts.8h", vrsqrtsq_f16(a, b));
    SHOW_FP("fcvtl.4s", vcvt_f32_f16(vget_low_f16(a)));
    SHOW_FP("fcvtn.4h", vcvt_f16_f32(vcvt_f32_f16(vget_high_f16(c))));
    report_u64("fmaxnmv.8h", HalfBits(vmaxnmvq_f16(b)));
    report_u64("fminv.8h", HalfBits(vminvq_f16(c)));
#undef a
#undef b
#undef c
}

static void AlternativeHalfPrecision(void) {
    report_text("# FPCR.AHP: conversions only");
    WriteFpcr(kFpcrAhp);
    CHECK_FP("ahp fcvt h<-s 65536", FcvtHS(OPAQUE_FP(65536.0f)));
    CHECK_FP("ahp fcvt h<-s 131000", FcvtHS(OPAQUE_FP(131000.0f)));
    CHECK_FP("ahp fcvt h<-s inf", FcvtHS(OPAQUE_FP(__builtin_inff())));
    CHECK_FP("ahp fcvt h<-s nan", FcvtHS(OPAQUE_FP(__builtin_nanf(""))));
    CHECK_FP("ahp fcvt s<-h 0x7fff", FcvtSH(H(0x7fff)));
    CHECK_FP("ahp fcvt s<-h 0x7c00", FcvtSH(H(0x7c00)));
    CHECK_FP("ahp fadd 0x7c00+0 (arithmetic is IEEE)", AddH(H(kInf), H(0)));
    WriteFpcr(0);
}

int main(void) {
    WriteFpcr(0);
    report_text("# rounding: [0] nearest, [1] +inf, [2] -inf, [3] zero; fpsr:result");
    for (unsigned mode = 0; mode < 4; ++mode) {
        RoundedOperations(mode);
    }
    WriteFpcr(0);
    SpecialValues("# special values");
    WriteFpcr(kFpcrDn);
    SpecialValues("# special values with FPCR.DN");
    WriteFpcr(0);
    Denormals("# denormals, FZ16=0");
    WriteFpcr(kFpcrFz);
    Denormals("# denormals, FZ=1 FZ16=0 (FZ does not apply to half precision)");
    WriteFpcr(kFpcrFz16);
    Denormals("# denormals, FZ16=1");
    WriteFpcr(0);
    Comparisons();
    Vectors("# vectors");
    WriteFpcr(kFpcrFz16 | kFpcrDn);
    Vectors("# vectors with FZ16 and DN");
    WriteFpcr(0);
    AlternativeHalfPrecision();
    return 0;
}
