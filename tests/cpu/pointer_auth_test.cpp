// Pointer authentication with the keys off and ARMv8.4 flag manipulation: the words handed to
// the JIT in place of PAC instructions, and the forms the extension interpreter executes.
// Instruction words are the assembler's (llvm-mc -mattr=+pauth,+flagm -show-encoding).

#include <gtest/gtest.h>

#include <optional>

#include "cpu/a64_extension.h"
#include "cpu/a64_extension/pointer_auth.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"

namespace cpu {
namespace {

using test::FakeExtensionState;

constexpr u32 kNop = 0xd503201f;
constexpr u64 kData = 0x10000;

TEST(PointerAuthRewrite, BranchesBecomePlainBranches) {
    EXPECT_EQ(RewritePointerAuth(0xd65f0bff), 0xd65f03c0u);  // retaa -> ret
    EXPECT_EQ(RewritePointerAuth(0xd65f0fff), 0xd65f03c0u);  // retab -> ret
    EXPECT_EQ(RewritePointerAuth(0xd71f0864), 0xd61f0060u);  // braa x3, x4 -> br x3
    EXPECT_EQ(RewritePointerAuth(0xd71f0c7f), 0xd61f0060u);  // brab x3, sp -> br x3
    EXPECT_EQ(RewritePointerAuth(0xd73f08a6), 0xd63f00a0u);  // blraa x5, x6 -> blr x5
    EXPECT_EQ(RewritePointerAuth(0xd73f0cbf), 0xd63f00a0u);  // blrab x5, sp -> blr x5
    EXPECT_EQ(RewritePointerAuth(0xd61f08ff), 0xd61f00e0u);  // braaz x7 -> br x7
    EXPECT_EQ(RewritePointerAuth(0xd61f0cff), 0xd61f00e0u);  // brabz x7 -> br x7
    EXPECT_EQ(RewritePointerAuth(0xd63f093f), 0xd63f0120u);  // blraaz x9 -> blr x9
    EXPECT_EQ(RewritePointerAuth(0xd63f0d3f), 0xd63f0120u);  // blrabz x9 -> blr x9
}

TEST(PointerAuthRewrite, SigningAndAuthenticatingBecomeNops) {
    EXPECT_EQ(RewritePointerAuth(0xdac10041), kNop);  // pacia x1, x2
    EXPECT_EQ(RewritePointerAuth(0xdac11fe1), kNop);  // autdb x1, sp
    EXPECT_EQ(RewritePointerAuth(0xdac123e3), kNop);  // paciza x3
    EXPECT_EQ(RewritePointerAuth(0xdac13fe3), kNop);  // autdzb x3
}

TEST(PointerAuthRewrite, AuthenticatedLoadsBecomePlainLoadsWhereTheOffsetFits) {
    EXPECT_EQ(RewritePointerAuth(0xf8201420), 0xf9400420u);  // ldraa x0, [x1, #8] -> ldr
    EXPECT_EQ(RewritePointerAuth(0xf83ff420), 0xf947fc20u);  // #4088 -> ldr x0, [x1, #4088]
    EXPECT_EQ(RewritePointerAuth(0xf87ff420), 0xf85f8020u);  // #-8 -> ldur x0, [x1, #-8]
    EXPECT_EQ(RewritePointerAuth(0xf87e0420), 0xf8500020u);  // #-256 -> ldur x0, [x1, #-256]
    EXPECT_EQ(RewritePointerAuth(0xf8202c20), 0xf8410c20u);  // #16! -> ldr x0, [x1, #16]!
    EXPECT_EQ(RewritePointerAuth(0xf87e0fe0), 0xf8500fe0u);  // [sp, #-256]! -> ldr ... [sp]!
    // No plain load encodes these: the interpreter takes them.
    EXPECT_EQ(RewritePointerAuth(0xf87df420), std::nullopt);  // ldraa x0, [x1, #-264]
    EXPECT_EQ(RewritePointerAuth(0xf8e00420), std::nullopt);  // ldrab x0, [x1, #-4096]
    EXPECT_EQ(RewritePointerAuth(0xf8b00c22), std::nullopt);  // ldrab x2, [x1, #2048]!
    EXPECT_EQ(RewritePointerAuth(0xf8202c21), std::nullopt);  // ldraa x1, [x1, #16]!
}

TEST(PointerAuthRewrite, LeavesEverythingElseAlone) {
    for (const u32 word : {
             0xd65f03c0u,  // ret
             0xd61f0060u,  // br x3
             0xd69f0bffu,  // eretaa (EL0 cannot)
             0xdac143e4u,  // xpaci x4 (interpreted)
             0xdac12023u,  // paciza with Rn = x1: unallocated
             0xd61f08e0u,  // braaz with op4 != 31: unallocated
             0xd65f0b9fu,  // retaa with Rn != 31: unallocated
             0x9ac33041u,  // pacga (interpreted)
             0xf9400420u,  // ldr x0, [x1, #8]
             0xf8616820u,  // ldr x0, [x1, x1]
             0xf8200020u,  // ldadd x0, x0, [x1]
             kNop,
         }) {
        EXPECT_EQ(RewritePointerAuth(word), std::nullopt) << std::hex << word;
    }
}

class PointerAuthInterpreter : public ::testing::Test {
protected:
    PointerAuthInterpreter() : memory(39), state(memory) {
        memory.Map(kData, kPageSize, Permission::ReadWrite);
        for (u64 slot = 0; slot < kPageSize / 8; ++slot) {
            memory.Write<u64>(kData + slot * 8, 0x5000 + slot);
        }
    }
    ExtensionOutcome Run(u32 word) { return ExecuteExtension(word, state, fault); }

    GuestMemory memory;
    FakeExtensionState state;
    u64 fault = 0;
};

TEST_F(PointerAuthInterpreter, StripReplacesBitsAboveTheAddressSpaceWithBit55) {
    state.x[4] = 0x002a'0000'0800'1234;
    ASSERT_EQ(Run(0xdac143e4), ExtensionOutcome::Executed);  // xpaci x4
    EXPECT_EQ(state.x[4], 0x0000'0000'0800'1234u);
    state.x[4] = 0x0080'7f00'0800'1234;                      // bit 55 set: a kernel-half pointer
    ASSERT_EQ(Run(0xdac147e4), ExtensionOutcome::Executed);  // xpacd x4
    EXPECT_EQ(state.x[4], 0xffff'ff80'0800'1234u);
}

TEST_F(PointerAuthInterpreter, LoadsAtOffsetsTheRewriteCannotEncode) {
    state.x[1] = kData + 0x400;
    ASSERT_EQ(Run(0xf87df420), ExtensionOutcome::Executed);  // ldraa x0, [x1, #-264]
    EXPECT_EQ(state.x[0], 0x5000u + (0x400 - 264) / 8);
    EXPECT_EQ(state.x[1], kData + 0x400);
    ASSERT_EQ(Run(0xf8b00c22), ExtensionOutcome::Executed);  // ldrab x2, [x1, #2048]!
    EXPECT_EQ(state.x[2], 0x5000u + 0xc00 / 8);
    EXPECT_EQ(state.x[1], kData + 0xc00);
}

TEST_F(PointerAuthInterpreter, WritebackToTheLoadedRegisterIsSuppressed) {
    state.x[1] = kData + 0x100;
    ASSERT_EQ(Run(0xf8202c21), ExtensionOutcome::Executed);  // ldraa x1, [x1, #16]!
    EXPECT_EQ(state.x[1], 0x5000u + 0x110 / 8);
}

TEST_F(PointerAuthInterpreter, WritebackToSp) {
    state.sp = kData + 0x400;
    ASSERT_EQ(Run(0xf87e0fe0), ExtensionOutcome::Executed);  // ldraa x0, [sp, #-256]!
    EXPECT_EQ(state.x[0], 0x5000u + 0x300 / 8);
    EXPECT_EQ(state.sp, kData + 0x300);
}

TEST_F(PointerAuthInterpreter, FaultingLoadChangesNothing) {
    state.x[1] = kData + 0x100;  // -4096 lands on the unmapped page below
    ASSERT_EQ(Run(0xf8e00c20), ExtensionOutcome::ReadFault);  // ldrab x0, [x1, #-4096]!
    EXPECT_EQ(fault, kData + 0x100 - 4096);
    EXPECT_EQ(state.register_writes, 0);
}

TEST_F(PointerAuthInterpreter, PacgaIsAKeyedHashInTheHighHalf) {
    state.x[2] = 0x1122334455667788;
    state.x[3] = 0x99;
    ASSERT_EQ(Run(0x9ac33041), ExtensionOutcome::Executed);  // pacga x1, x2, x3
    const u64 first = state.x[1];
    EXPECT_EQ(first & 0xffffffff, 0u);
    EXPECT_NE(first, 0u);
    state.sp = 0x99;
    ASSERT_EQ(Run(0x9adf3041), ExtensionOutcome::Executed);  // pacga x1, x2, sp
    EXPECT_EQ(state.x[1], first);
    state.x[3] = 0x9a;
    ASSERT_EQ(Run(0x9ac33041), ExtensionOutcome::Executed);
    EXPECT_NE(state.x[1], first);
}

// SETF8/SETF16 against the Arm pseudocode: N = bit (w-1), Z = low w bits zero,
// V = bit w XOR bit (w-1), C kept.
TEST_F(PointerAuthInterpreter, SetfSetsNzvFromTheLowBitsAndKeepsC) {
    struct Case {
        u32 word;
        u64 value;
        u32 nzcv_before;
        u32 nzcv_after;
    };
    for (const Case& c : {
             Case{0x3a00086d, 0x00, 0x00000000, 0x40000000},     // setf8: zero
             Case{0x3a00086d, 0x80, 0x20000000, 0xb0000000},     // negative, bit 8 clear: V
             Case{0x3a00086d, 0x180, 0xf0000000, 0xa0000000},    // negative, bit 8 set
             Case{0x3a00086d, 0x100, 0x00000000, 0x50000000},    // zero low byte, bit 8 set: Z V
             Case{0x3a00486d, 0x8000, 0x00000000, 0x90000000},   // setf16
             Case{0x3a00486d, 0x17fff, 0x20000000, 0x30000000},  // positive, bit 16 set: V
         }) {
        state.x[3] = c.value;
        state.nzcv = c.nzcv_before;
        ASSERT_EQ(Run(c.word), ExtensionOutcome::Executed);
        EXPECT_EQ(state.nzcv, c.nzcv_after) << std::hex << c.word << " " << c.value;
    }
}

}  // namespace
}  // namespace cpu
