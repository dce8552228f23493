// Advanced SIMD saturating integer instructions that dynarmic 6.4.5 hands to
// InterpreterFallback in every arrangement (probed against the library, each encoding below in
// all sizes and both Q): SQRDMLAH/SQRDMLSH (ARMv8.1 RDM), SQDMLAL{2}/SQDMLSL{2} and
// SQRSHL/UQRSHL, in their vector, by-element and scalar forms; and the scalar forms only of
// SQDMULL, SQRSHRN, UQRSHRN and SQRSHRUN (found by running a random sample of the encodings
// LLVM accepts for the Cortex-A78C through the library). The reserved sizes of each are left
// NotHandled so the guest sees them UNDEFINED, as on hardware.
//
// Arithmetic is done in 128-bit integers, wide enough that no intermediate of the Arm ARM
// pseudocode (at most esize * 2 + 2 bits) wraps before the final saturation; FPSR.QC records
// any saturation.

#include <algorithm>

#include "cpu/a64_extension/extension_internal.h"

namespace cpu::extension {
namespace {

using Vector = ExtensionState::Vector;
using s128 = __int128;

constexpr u32 kFpsrQc = 1u << 27;

u64 GetElement(const Vector& v, unsigned index, unsigned esize) {
    const unsigned per_word = 64 / esize;
    const u64 word = v[index / per_word];
    const unsigned shift = (index % per_word) * esize;
    return esize == 64 ? word : (word >> shift) & ((u64{1} << esize) - 1);
}

void SetElement(Vector& v, unsigned index, unsigned esize, u64 value) {
    const unsigned per_word = 64 / esize;
    const unsigned shift = (index % per_word) * esize;
    const u64 mask = esize == 64 ? ~u64{0} : ((u64{1} << esize) - 1) << shift;
    u64& word = v[index / per_word];
    word = (word & ~mask) | ((value << shift) & mask);
}

s128 SignedElement(const Vector& v, unsigned index, unsigned esize) {
    const u64 raw = GetElement(v, index, esize);
    const unsigned unused = 64 - esize;
    return static_cast<s64>(raw << unused) >> unused;
}

// SignedSatQ / UnsignedSatQ: the value clamped to esize bits, and whether it had to be.
struct Saturated {
    u64 bits;
    bool saturated;
};
Saturated SaturateSigned(s128 value, unsigned esize) {
    const s128 max = (s128{1} << (esize - 1)) - 1;
    const s128 min = -max - 1;
    const s128 clamped = std::clamp(value, min, max);
    return {static_cast<u64>(clamped), clamped != value};
}
Saturated SaturateUnsigned(s128 value, unsigned esize) {
    const s128 max = (s128{1} << esize) - 1;
    const s128 clamped = std::clamp(value, s128{0}, max);
    return {static_cast<u64>(clamped), clamped != value};
}

// Applies the results: writes Vd (the upper half cleared for 64-bit vectors and scalars, as
// every AdvSIMD write) and sets QC when a lane saturated.
void Finish(ExtensionState& state, unsigned rd, Vector result, bool clear_upper, bool saturated) {
    if (clear_upper) {
        result[1] = 0;
    }
    state.SetV(rd, result);
    if (saturated) {
        state.SetFpsr(state.GetFpsr() | kFpsrQc);
    }
}

// SQRDMLAH / SQRDMLSH: Vd = SignedSatQ((Vd << esize ± 2 * n * m + round) >> esize).
Saturated RoundingDoublingMultiplyAccumulate(s128 accumulator, s128 n, s128 m, bool subtract,
                                             unsigned esize) {
    const s128 product = 2 * n * m;
    s128 sum = accumulator * (s128{1} << esize);
    sum = subtract ? sum - product : sum + product;
    sum += s128{1} << (esize - 1);
    return SaturateSigned(sum >> esize, esize);
}

// SQDMLAL / SQDMLSL: the doubled product saturates to 2 * esize first, then the sum does.
Saturated DoublingMultiplyAccumulateLong(s128 accumulator, s128 n, s128 m, bool subtract,
                                         unsigned esize, bool& saturated) {
    const Saturated product = SaturateSigned(2 * n * m, 2 * esize);
    saturated |= product.saturated;
    const s128 signed_product = SignedElement({product.bits, 0}, 0, 2 * esize);
    const Saturated sum = SaturateSigned(
        subtract ? accumulator - signed_product : accumulator + signed_product, 2 * esize);
    saturated |= sum.saturated;
    return sum;
}

// SQRSHL / UQRSHL of one element by the signed low byte of the shift operand: negative shifts
// go right, rounding to nearest with ties up; left shifts saturate.
Saturated RoundingShift(u64 raw, u64 shift_operand, unsigned esize, bool is_unsigned) {
    const int shift = static_cast<s8>(shift_operand & 0xff);
    const unsigned unused = 64 - esize;
    const s128 element = is_unsigned ? s128{raw} : s128{static_cast<s64>(raw << unused) >> unused};
    s128 value;
    if (shift >= 0) {
        if (element != 0 && shift >= static_cast<int>(esize)) {
            value = element < 0 ? -(s128{1} << 100) : s128{1} << 100;  // saturates either way
        } else {
            // Below 2^127 since |element| < 2^64 and shift < 64; multiply to keep negatives
            // defined.
            value = element * (s128{1} << shift);
        }
    } else {
        // Beyond esize + 2 the rounded result is 0 whatever the element, so clamp there to keep
        // the shift within 128 bits.
        const int right = std::min(-shift, static_cast<int>(esize) + 2);
        value = (element + (s128{1} << (right - 1))) >> right;
    }
    return is_unsigned ? SaturateUnsigned(value, esize) : SaturateSigned(value, esize);
}

// Vector and scalar three-same SQRSHL/UQRSHL: 0 Q U 01110 size 1 Rm 01011 1 Rn Rd, and
// 01 U 11110 size 1 Rm 01011 1 Rn Rd.
ExtensionOutcome ExecuteRoundingShift(u32 instruction, ExtensionState& state, bool scalar) {
    const bool q = Field(instruction, 30, 1) != 0;
    const bool is_unsigned = Field(instruction, 29, 1) != 0;
    const unsigned size = Field(instruction, 22, 2);
    if (!scalar && size == 3 && !q) {
        return ExtensionOutcome::NotHandled;  // reserved: 1D is not an arrangement here
    }
    const unsigned esize = 8u << size;
    const unsigned lanes = scalar ? 1 : (q ? 128 : 64) / esize;
    const Vector n = state.GetV(Field(instruction, 5, 5));
    const Vector m = state.GetV(Field(instruction, 16, 5));
    Vector result{0, 0};
    bool saturated = false;
    for (unsigned lane = 0; lane < lanes; ++lane) {
        const Saturated r = RoundingShift(GetElement(n, lane, esize), GetElement(m, lane, esize),
                                          esize, is_unsigned);
        SetElement(result, lane, esize, r.bits);
        saturated |= r.saturated;
    }
    Finish(state, Field(instruction, 0, 5), result, scalar || !q, saturated);
    return ExtensionOutcome::Executed;
}

// The element of Vm a by-element form multiplies with: index H:L:M and Rm<3:0> for 16-bit
// lanes, index H:L and M:Rm for 32-bit lanes.
struct ByElement {
    unsigned rm;
    unsigned index;
};
ByElement DecodeByElement(u32 instruction, unsigned size) {
    const unsigned h = Field(instruction, 11, 1);
    const unsigned l = Field(instruction, 21, 1);
    const unsigned m = Field(instruction, 20, 1);
    if (size == 1) {
        return {Field(instruction, 16, 4), h << 2 | l << 1 | m};
    }
    return {Field(instruction, 16, 5), h << 1 | l};
}

// SQRDMLAH/SQRDMLSH in all forms; `element` is set for by-element.
ExtensionOutcome ExecuteRdm(u32 instruction, ExtensionState& state, bool scalar, bool by_element,
                            bool subtract) {
    const bool q = Field(instruction, 30, 1) != 0;
    const unsigned size = Field(instruction, 22, 2);
    if (size != 1 && size != 2) {
        return ExtensionOutcome::NotHandled;
    }
    const unsigned esize = 8u << size;
    const unsigned lanes = scalar ? 1 : (q ? 128 : 64) / esize;
    const unsigned rd = Field(instruction, 0, 5);
    ByElement source{Field(instruction, 16, 5), 0};
    if (by_element) {
        source = DecodeByElement(instruction, size);
    }
    const Vector n = state.GetV(Field(instruction, 5, 5));
    const Vector m = state.GetV(source.rm);
    const Vector d = state.GetV(rd);
    Vector result{0, 0};
    bool saturated = false;
    for (unsigned lane = 0; lane < lanes; ++lane) {
        const s128 factor = SignedElement(m, by_element ? source.index : lane, esize);
        const Saturated r = RoundingDoublingMultiplyAccumulate(
            SignedElement(d, lane, esize), SignedElement(n, lane, esize), factor, subtract, esize);
        SetElement(result, lane, esize, r.bits);
        saturated |= r.saturated;
    }
    Finish(state, rd, result, scalar || !q, saturated);
    return ExtensionOutcome::Executed;
}

// SQDMLAL{2}/SQDMLSL{2} in all forms: Vd's 2*esize lanes accumulate products of the low
// (Q=0) or high (Q=1, the "2" forms) half of Vn.
ExtensionOutcome ExecuteDoublingLong(u32 instruction, ExtensionState& state, bool scalar,
                                     bool by_element, bool subtract) {
    const bool q = Field(instruction, 30, 1) != 0;
    const unsigned size = Field(instruction, 22, 2);
    if (size != 1 && size != 2) {
        return ExtensionOutcome::NotHandled;
    }
    const unsigned esize = 8u << size;
    const unsigned lanes = scalar ? 1 : 64 / esize;
    const unsigned first = scalar || !q ? 0 : lanes;
    const unsigned rd = Field(instruction, 0, 5);
    ByElement source{Field(instruction, 16, 5), 0};
    if (by_element) {
        source = DecodeByElement(instruction, size);
    }
    const Vector n = state.GetV(Field(instruction, 5, 5));
    const Vector m = state.GetV(source.rm);
    const Vector d = state.GetV(rd);
    Vector result{0, 0};
    bool saturated = false;
    for (unsigned lane = 0; lane < lanes; ++lane) {
        const s128 factor = SignedElement(m, by_element ? source.index : first + lane, esize);
        const Saturated r = DoublingMultiplyAccumulateLong(SignedElement(d, lane, 2 * esize),
                                                           SignedElement(n, first + lane, esize),
                                                           factor, subtract, esize, saturated);
        SetElement(result, lane, 2 * esize, r.bits);
    }
    Finish(state, rd, result, scalar, saturated);
    return ExtensionOutcome::Executed;
}

// Scalar SQDMULL (01 0 11110 size 1 Rm 1101 00 Rn Rd): the doubled product of two esize
// elements, saturated to 2 * esize.
ExtensionOutcome ExecuteDoublingMultiplyLongScalar(u32 instruction, ExtensionState& state) {
    const unsigned size = Field(instruction, 22, 2);
    if (size != 1 && size != 2) {
        return ExtensionOutcome::NotHandled;
    }
    const unsigned esize = 8u << size;
    const s128 n = SignedElement(state.GetV(Field(instruction, 5, 5)), 0, esize);
    const s128 m = SignedElement(state.GetV(Field(instruction, 16, 5)), 0, esize);
    const Saturated product = SaturateSigned(2 * n * m, 2 * esize);
    Vector result{0, 0};
    SetElement(result, 0, 2 * esize, product.bits);
    Finish(state, Field(instruction, 0, 5), result, true, product.saturated);
    return ExtensionOutcome::Executed;
}

// Scalar SQRSHRN, UQRSHRN and SQRSHRUN (01 U 111110 immh immb 100x1 1 Rn Rd): the 2 * esize
// element of Vn shifted right by 2 * esize - immh:immb, rounding, saturated to esize bits
// (unsigned for UQRSHRN and SQRSHRUN, whose source is signed).
ExtensionOutcome ExecuteRoundingNarrowScalar(u32 instruction, ExtensionState& state,
                                             bool signed_source, bool signed_result) {
    const unsigned immh = Field(instruction, 19, 4);
    if (immh == 0 || immh >= 8) {
        return ExtensionOutcome::NotHandled;  // no scalar form / reserved (64-bit result)
    }
    const unsigned esize = immh >= 4 ? 32 : immh >= 2 ? 16 : 8;
    const unsigned shift = 2 * esize - Field(instruction, 16, 7);
    const Vector n = state.GetV(Field(instruction, 5, 5));
    const s128 element =
        signed_source ? SignedElement(n, 0, 2 * esize) : s128{GetElement(n, 0, 2 * esize)};
    const s128 rounded = (element + (s128{1} << (shift - 1))) >> shift;
    const Saturated r =
        signed_result ? SaturateSigned(rounded, esize) : SaturateUnsigned(rounded, esize);
    Vector result{0, 0};
    SetElement(result, 0, esize, r.bits);
    Finish(state, Field(instruction, 0, 5), result, true, r.saturated);
    return ExtensionOutcome::Executed;
}

}  // namespace

ExtensionOutcome ExecuteSimdSaturating(u32 instruction, ExtensionState& state) {
    // Bit 28 tells the scalar (1) from the vector (0) forms; scalar ones have bit 30 set.
    const bool scalar = Field(instruction, 28, 1) != 0;
    if ((instruction & 0x8f20fc00) == 0x0e205c00 && (!scalar || Field(instruction, 30, 1))) {
        return ExecuteRoundingShift(instruction, state, scalar);
    }
    if ((instruction & 0xbf20f400) == 0x2e008400 || (instruction & 0xff20f400) == 0x7e008400) {
        return ExecuteRdm(instruction, state, scalar, false, Field(instruction, 11, 1) != 0);
    }
    if ((instruction & 0xbf00d400) == 0x2f00d000 || (instruction & 0xff00d400) == 0x7f00d000) {
        return ExecuteRdm(instruction, state, scalar, true, Field(instruction, 13, 1) != 0);
    }
    if ((instruction & 0xbf20dc00) == 0x0e209000 || (instruction & 0xff20dc00) == 0x5e209000) {
        return ExecuteDoublingLong(instruction, state, scalar, false,
                                   Field(instruction, 13, 1) != 0);
    }
    if ((instruction & 0xbf00b400) == 0x0f003000 || (instruction & 0xff00b400) == 0x5f003000) {
        return ExecuteDoublingLong(instruction, state, scalar, true,
                                   Field(instruction, 14, 1) != 0);
    }
    if ((instruction & 0xff20fc00) == 0x5e20d000) {
        return ExecuteDoublingMultiplyLongScalar(instruction, state);
    }
    if ((instruction & 0xff80fc00) == 0x5f009c00) {
        return ExecuteRoundingNarrowScalar(instruction, state, true, true);  // SQRSHRN
    }
    if ((instruction & 0xff80fc00) == 0x7f009c00) {
        return ExecuteRoundingNarrowScalar(instruction, state, false, false);  // UQRSHRN
    }
    if ((instruction & 0xff80fc00) == 0x7f008c00) {
        return ExecuteRoundingNarrowScalar(instruction, state, true, false);  // SQRSHRUN
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace cpu::extension
