#pragma once

// FPCR / FPSR access for the differential float tests. Every operation whose result depends on
// FPCR, or whose flags are read back from FPSR, goes through a volatile asm statement: the
// compiler then can neither fold it nor move it across the `msr fpcr` that changes its mode.

#include <stdint.h>

#include "report.h"

enum {
    kFpcrFz16 = 1u << 19,  // flush FP16 denormals to zero
    kFpcrRmodeShift = 22,
    kFpcrFz = 1u << 24,  // flush single/double denormals to zero
    kFpcrDn = 1u << 25,  // default NaN
    kFpcrAhp = 1u << 26,
};

enum RoundingMode { kRoundNearest = 0, kRoundPlusInf = 1, kRoundMinusInf = 2, kRoundZero = 3 };

// FPSR cumulative flags.
enum {
    kFpsrIoc = 1u << 0,
    kFpsrDzc = 1u << 1,
    kFpsrOfc = 1u << 2,
    kFpsrUfc = 1u << 3,
    kFpsrIxc = 1u << 4,
    kFpsrIdc = 1u << 7,
    kFpsrQc = 1u << 27,
};

static inline uint64_t ReadFpcr(void) {
    uint64_t value;
    __asm__ volatile("mrs %0, fpcr" : "=r"(value));
    return value;
}

static inline void WriteFpcr(uint64_t value) {
    __asm__ volatile("msr fpcr, %0" : : "r"(value) : "memory");
}

static inline uint64_t ReadFpsr(void) {
    uint64_t value;
    __asm__ volatile("mrs %0, fpsr" : "=r"(value));
    return value;
}

static inline void WriteFpsr(uint64_t value) {
    __asm__ volatile("msr fpsr, %0" : : "r"(value) : "memory");
}

static inline void SetRoundingMode(enum RoundingMode mode) {
    WriteFpcr((ReadFpcr() & ~(3ull << kFpcrRmodeShift)) | ((uint64_t)mode << kFpcrRmodeShift));
}

// Scalar operations as single instructions. `mod` is the register-size modifier (h, s, d).
#define FP_UNARY_OP(name, insn, type, mod)                                      \
    static inline type name(type a) {                                           \
        type result;                                                            \
        __asm__ volatile(insn " %" mod "0, %" mod "1" : "=w"(result) : "w"(a)); \
        return result;                                                          \
    }
#define FP_BINARY_OP(name, insn, type, mod)                                                        \
    static inline type name(type a, type b) {                                                      \
        type result;                                                                               \
        __asm__ volatile(insn " %" mod "0, %" mod "1, %" mod "2" : "=w"(result) : "w"(a), "w"(b)); \
        return result;                                                                             \
    }
#define FP_TERNARY_OP(name, insn, type, mod)                                \
    static inline type name(type a, type b, type c) {                       \
        type result;                                                        \
        __asm__ volatile(insn " %" mod "0, %" mod "1, %" mod "2, %" mod "3" \
                         : "=w"(result)                                     \
                         : "w"(a), "w"(b), "w"(c));                         \
        return result;                                                      \
    }

static inline uint64_t DoubleBits(double value) {
    uint64_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    return bits;
}

static inline double DoubleFromBits(uint64_t bits) {
    double value;
    __builtin_memcpy(&value, &bits, sizeof(value));
    return value;
}

static inline uint32_t FloatBits(float value) {
    uint32_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    return bits;
}

static inline float FloatFromBits(uint32_t bits) {
    float value;
    __builtin_memcpy(&value, &bits, sizeof(value));
    return value;
}

static inline uint64_t HalfBits(_Float16 value) {
    uint16_t bits;
    __builtin_memcpy(&bits, &value, sizeof(bits));
    return bits;
}

static inline _Float16 HalfFromBits(uint16_t bits) {
    _Float16 value;
    __builtin_memcpy(&value, &bits, sizeof(value));
    return value;
}

// The raw bits of a float, double, _Float16 or integer result.
#define FP_BITS(x)                                     \
    _Generic((x), float                                \
             : (uint64_t)FloatBits((float)(x)), double \
             : DoubleBits((double)(x)), _Float16       \
             : HalfBits((_Float16)(x)), default        \
             : (uint64_t)(x))

// FP_REPORT_FLAGS (define it before including this file): 1 reports each CHECK_FP result with
// the FPSR flags it raised, 0 the result alone. The float programs whose flags dynarmic does not
// yet reproduce set 0; their flag-checking variants live in guest/cpu_tests_pending/.
#ifndef FP_REPORT_FLAGS
#define FP_REPORT_FLAGS 1
#endif

// Prints "label = 0x<FPSR, 16 digits><result bits, 16 digits>", or the result alone.
static inline void ReportWithFlags(const char* label, uint64_t bits, uint64_t fpsr) {
    if (FP_REPORT_FLAGS) {
        report_u128(label, ((unsigned __int128)fpsr << 64) | bits);
    } else {
        report_u64(label, bits);
    }
}

// Runs `expr` (built from the volatile asm operations above) with FPSR cleared first, then
// reports its result together with the cumulative flags it raised.
#define CHECK_FP(label, expr)                              \
    do {                                                   \
        WriteFpsr(0);                                      \
        const __typeof__(expr) checked_ = (expr);          \
        const uint64_t flags_ = ReadFpsr();                \
        ReportWithFlags(label, FP_BITS(checked_), flags_); \
    } while (0)
