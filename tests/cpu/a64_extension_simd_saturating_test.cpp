// Saturating AdvSIMD multiply-accumulates and rounding shifts through cpu::ExecuteExtension,
// checked against values worked out by hand from the Arm ARM pseudocode (SQRDMLAH: rounding
// constant 1 << (esize - 1) added before the >> esize; SQDMLAL: the doubled product saturates
// before the accumulation; SQRSHL/UQRSHL: the signed low byte of each shift lane, negative
// meaning a right shift that adds 1 << (-shift - 1) first).
//
// dynarmic 6.4.5 sends every one of these encodings, in all sizes and arrangements, to
// InterpreterFallback (probed once with a throwaway program); the reserved sizes must stay
// UNDEFINED. Encodings from llvm-mc.

#include <gtest/gtest.h>

#include <initializer_list>

#include "cpu/a64_extension.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"

namespace cpu {
namespace {

using test::FakeExtensionState;
using Vector = ExtensionState::Vector;

constexpr u32 kQc = 1u << 27;

// Operands: Vn = v0, Vm = v1 (v15 for one by-element form), Vd = v2.
constexpr u32 kSqrdmlah8h = 0x6e418402;        // sqrdmlah v2.8h, v0.8h, v1.8h
constexpr u32 kSqrdmlah4h = 0x2e418402;        // sqrdmlah v2.4h, v0.4h, v1.4h
constexpr u32 kSqrdmlshS = 0x7e818c02;         // sqrdmlsh s2, s0, s1
constexpr u32 kSqrdmlah4sElem3 = 0x6fa1d802;   // sqrdmlah v2.4s, v0.4s, v1.s[3]
constexpr u32 kSqrdmlah8hElem7 = 0x6f7fd802;   // sqrdmlah v2.8h, v0.8h, v15.h[7]
constexpr u32 kSqrdmlshHElem2 = 0x7f61f002;    // sqrdmlsh h2, h0, v1.h[2]
constexpr u32 kSqdmlal2d = 0x0ea19002;         // sqdmlal v2.2d, v0.2s, v1.2s
constexpr u32 kSqdmlal2_2d = 0x4ea19002;       // sqdmlal2 v2.2d, v0.4s, v1.4s
constexpr u32 kSqdmlslS = 0x5e61b002;          // sqdmlsl s2, h0, h1
constexpr u32 kSqdmlal2_4sElem1 = 0x4f513002;  // sqdmlal2 v2.4s, v0.8h, v1.h[1]
constexpr u32 kSqdmlslDElem3 = 0x5fa17802;     // sqdmlsl d2, s0, v1.s[3]
constexpr u32 kSqrshl16b = 0x4e215c02;         // sqrshl v2.16b, v0.16b, v1.16b
constexpr u32 kUqrshl16b = 0x6e215c02;         // uqrshl v2.16b, v0.16b, v1.16b
constexpr u32 kSqrshl8h = 0x4e615c02;          // sqrshl v2.8h, v0.8h, v1.8h
constexpr u32 kSqrshlD = 0x5ee15c02;           // sqrshl d2, d0, d1
constexpr u32 kUqrshlD = 0x7ee15c02;           // uqrshl d2, d0, d1
constexpr u32 kUqrshlB = 0x7e215c02;           // uqrshl b2, b0, b1
constexpr u32 kSqrshl2d = 0x4ee15c02;          // sqrshl v2.2d, v0.2d, v1.2d

// A vector from lanes of `bits` each, lane 0 first.
Vector Lanes(unsigned bits, std::initializer_list<u64> values) {
    Vector v{0, 0};
    unsigned index = 0;
    for (u64 value : values) {
        const unsigned per_word = 64 / bits;
        const u64 mask = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
        v[index / per_word] |= (value & mask) << (index % per_word * bits);
        ++index;
    }
    return v;
}

class SimdSaturatingTest : public ::testing::Test {
protected:
    SimdSaturatingTest() : memory(16), state(memory) {}

    // Runs `instruction` on v0, v1 (or v15), v2 and returns v2.
    Vector Run(u32 instruction, Vector n, Vector m, Vector d = {0, 0}) {
        state.v[0] = n;
        state.v[1] = m;
        state.v[15] = m;
        state.v[2] = d;
        u64 fault = 0;
        EXPECT_EQ(ExecuteExtension(instruction, state, fault), ExtensionOutcome::Executed);
        return state.v[2];
    }
    bool Qc() const { return (state.fpsr & kQc) != 0; }

    GuestMemory memory;
    FakeExtensionState state;
};

TEST_F(SimdSaturatingTest, SqrdmlahRoundsAndSaturates16BitLanes) {
    const Vector n = Lanes(16, {0x4000, 0x7fff, 0x8000, 1, 1, 0xffff, 0xffff, 0});
    const Vector m = Lanes(16, {0x4000, 0x7fff, 0x8000, 0x4000, 0x3fff, 0x4000, 0x4001, 0});
    const Vector d = Lanes(16, {0, 0x7fff, 0, 0, 0, 0, 0, 5});
    // 0.5 * 0.5; max + max saturates; -1 * -1 = +1 saturates; 2^15 / 2^16 rounds up to 1;
    // 0x7ffe / 2^16 rounds to 0; -2^15 / 2^16 + 0.5 is 0; -(2^15 + 2) / 2^16 + 0.5 floors to -1.
    EXPECT_EQ(Run(kSqrdmlah8h, n, m, d), Lanes(16, {0x2000, 0x7fff, 0x7fff, 1, 0, 0, 0xffff, 5}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, SqrdmlahOnHalfVectorClearsTheUpperHalfAndLeavesQc) {
    state.fpsr = 0x10;  // other FPSR bits are kept
    EXPECT_EQ(Run(kSqrdmlah4h, Lanes(16, {0x4000, 0, 0, 0, 9, 9, 9, 9}),
                  Lanes(16, {0x4000, 0, 0, 0, 9, 9, 9, 9}), Lanes(16, {1, 2, 3, 4, 5, 6, 7, 8})),
              Lanes(16, {0x2001, 2, 3, 4}));
    EXPECT_EQ(state.fpsr, 0x10u);
}

TEST_F(SimdSaturatingTest, SqrdmlshScalarSaturatesDownward) {
    // -2^31 - (max * max * 2 / 2^32) is below the 32-bit minimum.
    EXPECT_EQ(Run(kSqrdmlshS, {0x7fffffff, 0xffff}, {0x7fffffff, 0xffff}, {0x80000000, 0xffff}),
              (Vector{0x80000000, 0}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, SqrdmlahByElement) {
    const Vector n = Lanes(32, {0x40000000, 2, 0xfffffffd, 0x7fffffff});
    const Vector m = Lanes(32, {0, 0, 0, 0x40000000});
    const Vector d = Lanes(32, {0, 0, 0, 0x7fffffff});
    // n * 0.5 (doubled, so n / 2^32 * 2^31): 2^29; 2 -> 1 (rounded up from 0.5*2^32 / 2^32);
    // -3 -> -1; max + something saturates.
    EXPECT_EQ(Run(kSqrdmlah4sElem3, n, m, d), Lanes(32, {0x20000000, 1, 0xffffffff, 0x7fffffff}));
    EXPECT_TRUE(Qc());

    // 16-bit lanes: index 7 of v15, register field of four bits.
    state.fpsr = 0;
    const Vector n16 = Lanes(16, {0x4000, 0x2000, 0, 0, 0, 0, 0, 0});
    const Vector m16 = Lanes(16, {0, 0, 0, 0, 0, 0, 0, 0x4000});
    EXPECT_EQ(Run(kSqrdmlah8hElem7, n16, m16), Lanes(16, {0x2000, 0x1000}));
    EXPECT_FALSE(Qc());

    // Scalar by element: h2 = 100 - round(2 * 0x4000 * 0x2000 / 2^16).
    EXPECT_EQ(Run(kSqrdmlshHElem2, Lanes(16, {0x4000, 7}), Lanes(16, {0, 0, 0x2000}),
                  Lanes(16, {100, 1, 1, 1, 1, 1, 1, 1})),
              Lanes(16, {static_cast<u64>(100 - 0x1000)}));
}

TEST_F(SimdSaturatingTest, SqdmlalSaturatesTheProductAndTheSum) {
    // -2^31 * -2^31 * 2 = 2^63 does not fit; 10 + 2 * 3 * -4 = -14.
    EXPECT_EQ(Run(kSqdmlal2d, Lanes(32, {0x80000000, 3, 1, 1}), Lanes(32, {0x80000000, 0xfffffffc}),
                  {0, 10}),
              (Vector{0x7fffffffffffffff, static_cast<u64>(-14)}));
    EXPECT_TRUE(Qc());

    // The "2" form reads the upper halves; max + 2 saturates in the accumulation.
    state.fpsr = 0;
    EXPECT_EQ(Run(kSqdmlal2_2d, Lanes(32, {0x80000000, 0x80000000, 1, 5}),
                  Lanes(32, {0x80000000, 0x80000000, 1, 7}), {0x7fffffffffffffff, 1}),
              (Vector{0x7fffffffffffffff, 71}));
    EXPECT_TRUE(Qc());

    state.fpsr = 0;
    EXPECT_EQ(Run(kSqdmlal2d, Lanes(32, {2, 3}), Lanes(32, {5, 7}), {1, 2}), (Vector{21, 44}));
    EXPECT_FALSE(Qc());
}

TEST_F(SimdSaturatingTest, SqdmlslScalarSubtractsTheSaturatedProduct) {
    // The product of -2^15 and -2^15 saturates to 2^31 - 1 first, so 0 minus it is
    // -2^31 + 1, not the minimum.
    EXPECT_EQ(Run(kSqdmlslS, {0x8000, 0}, {0x8000, 0}, {0xffffffff00000000, 1}),
              (Vector{0x80000001, 0}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, SqdmlalByElement) {
    // Upper four 16-bit lanes of v0 times v1.h[1] = 3, doubled, added to the 32-bit lanes.
    EXPECT_EQ(Run(kSqdmlal2_4sElem1, Lanes(16, {9, 9, 9, 9, 1, 2, 0xffff, 0x8000}),
                  Lanes(16, {100, 3}), Lanes(32, {1, 1, 1, 1})),
              Lanes(32, {7, 13, static_cast<u64>(-5), static_cast<u64>(-196607)}));
    // Scalar: d2 = 0 - 2 * s0 * v1.s[3].
    EXPECT_EQ(Run(kSqdmlslDElem3, Lanes(32, {6, 99}), Lanes(32, {0, 0, 0, 0xfffffff9})),
              (Vector{84, 0}));
}

TEST_F(SimdSaturatingTest, SqrshlShiftsBothWaysWithRounding) {
    // Shift lanes are signed bytes: 0xff = -1, 0x80 = -128, 0x64 = 100.
    const Vector n =
        Lanes(8, {1, 0xff, 0x40, 5, 0xfb, 7, 0x7f, 0x80, 0x80, 1, 0, 0xff, 3, 0x7f, 0x80, 0x81});
    const Vector s =
        Lanes(8, {7, 7, 1, 0xff, 0xff, 0xfe, 0xf8, 0xf8, 0xf9, 0x64, 0x7f, 0x80, 0x80, 0, 1, 0xc0});
    EXPECT_EQ(Run(kSqrshl16b, n, s),
              Lanes(8, {0x7f, 0x80, 0x7f, 3, 0xfe, 2, 0, 0, 0xff, 0x7f, 0, 0, 0, 0x7f, 0x80, 0}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, SqrshlUsesOnlyTheLowByteOfEachShiftLane) {
    // 0x0101 shifts by 1, not 257; 0xff00 shifts by 0.
    EXPECT_EQ(Run(kSqrshl8h, Lanes(16, {0x100, 0x1234, 0xffff, 0x4000}),
                  Lanes(16, {0x0101, 0xff00, 0x01ff, 0x0001})),
              Lanes(16, {0x200, 0x1234, 0, 0x7fff}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, UqrshlIsUnsigned) {
    const Vector n = Lanes(8, {0xff, 0xff, 0x80, 1, 0xff, 0x80, 0x40, 0});
    const Vector s = Lanes(8, {1, 0xff, 0xf8, 0xff, 0xf7, 0, 1, 0x7f});
    EXPECT_EQ(Run(kUqrshl16b, n, s), Lanes(8, {0xff, 0x80, 1, 1, 0, 0x80, 0x80, 0}));
    EXPECT_TRUE(Qc());
    state.fpsr = 0;
    EXPECT_EQ(Run(kUqrshlB, {0xf0f1, 3}, {0xfc, 3}, {7, 7}), (Vector{0x0f, 0}));
    EXPECT_FALSE(Qc());
}

TEST_F(SimdSaturatingTest, SixtyFourBitLanes) {
    EXPECT_EQ(Run(kSqrshlD, {0x4000000000000000, 5}, {1, 0}), (Vector{0x7fffffffffffffff, 0}));
    EXPECT_TRUE(Qc());
    state.fpsr = 0;
    EXPECT_EQ(Run(kSqrshlD, {~u64{0}, 0}, {static_cast<u64>(-64), 0}), (Vector{0, 0}));
    EXPECT_EQ(Run(kSqrshlD, {0x8000000000000000, 0}, {static_cast<u64>(-63), 0}),
              (Vector{~u64{0}, 0}));
    EXPECT_EQ(Run(kSqrshlD, {0x8000000000000000, 0}, {63, 0}), (Vector{0x8000000000000000, 0}));
    EXPECT_TRUE(Qc());  // the last: -2^63 << 63 saturates to the minimum
    state.fpsr = 0;
    // (2^64 - 1 + 2^0) >> 1 = 2^63; (2^64 - 1 + 2^63) >> 64 rounds to 1.
    EXPECT_EQ(Run(kUqrshlD, {~u64{0}, 0}, {0xff, 0}), (Vector{0x8000000000000000, 0}));
    EXPECT_EQ(Run(kUqrshlD, {~u64{0}, 0}, {0xc0, 0}), (Vector{1, 0}));
    EXPECT_EQ(Run(kUqrshlD, {~u64{0}, 0}, {0x80, 0}), (Vector{0, 0}));
    EXPECT_FALSE(Qc());
    EXPECT_EQ(Run(kSqrshl2d, {1, ~u64{0}}, {64, 64}), (Vector{0x7fffffffffffffff, 1ull << 63}));
    EXPECT_TRUE(Qc());
}

TEST_F(SimdSaturatingTest, ReservedSizesStayUndefined) {
    u64 fault = 0;
    for (u32 word : {
             0x6e018402u,  // sqrdmlah with 8-bit lanes
             0x6ec18402u,  // sqrdmlah with 64-bit lanes
             0x7f01d002u,  // scalar sqrdmlah by element, 8-bit
             0x0ee19002u,  // sqdmlal from 64-bit lanes
             0x0e219002u,  // sqdmlal from 8-bit lanes
             0x4fc13002u,  // sqdmlal by element, 64-bit
             0x0ee15c02u,  // sqrshl v.1d
             0x2ee15c02u,  // uqrshl v.1d
             0x5e22d020u,  // scalar sqdmull from 8-bit
             0x5ee2d020u,  // scalar sqdmull from 64-bit
             0x5f409c20u,  // scalar sqrshrn to 64-bit (immh 1xxx)
             0x7f009c20u,  // scalar uqrshrn with immh 0000
         }) {
        EXPECT_EQ(ExecuteExtension(word, state, fault), ExtensionOutcome::NotHandled)
            << std::hex << word;
    }
    EXPECT_EQ(state.register_writes, 0);
}

}  // namespace
}  // namespace cpu
