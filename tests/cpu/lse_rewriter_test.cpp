// The LSE trampolines run in dynarmic itself and are compared with the extension interpreter
// on random instructions, registers and memory, in both rewrite modes (LDXR/STXR loops and the
// single-core load/op/store); then the paths are timed side by side.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "cpu/a64_extension.h"
#include "cpu/a64_extension/lse_rewriter.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"
#include "flat_dynarmic.h"

namespace cpu {
namespace {

constexpr u64 kCode = 0x1000;
constexpr u64 kTrampoline = 0x3000;
constexpr u64 kData = 0x10000;
constexpr u64 kStack = 0x20000;  // one page; SP starts in its middle
constexpr u32 kSvc0 = 0xd4000001;

std::span<const u8> Bytes(std::span<const u32> words) {
    return {reinterpret_cast<const u8*>(words.data()), words.size_bytes()};
}

using Region = std::array<u64, 32>;  // the 256 bytes around every non-SP target

class LseRewriterTest : public ::testing::Test {
protected:
    LseRewriterTest() : memory(32) {
        memory.Map(0, 0x4000, Permission::ReadWrite | Permission::Execute);
        memory.Map(kData, kPageSize, Permission::ReadWrite);
        memory.Map(kStack, kPageSize, Permission::ReadWrite);
    }

    // Loads `word` at kCode (followed by SVC) with its trampoline; false if not rewritable.
    bool Install(test::FlatDynarmic& core, u32 word, LseRewriteMode mode) {
        const auto rewrite = RewriteLse(word, kCode, kTrampoline, mode);
        if (!rewrite) {
            return false;
        }
        EXPECT_LE(rewrite->trampoline.size() * 4, kLseTrampolineMaxBytes);
        memory.WriteInitial(kCode, Bytes(std::span(&word, 1)));
        const u32 svc = kSvc0;
        memory.WriteInitial(kCode + 4, Bytes(std::span(&svc, 1)));
        memory.WriteInitial(kTrampoline, Bytes(rewrite->trampoline));
        core.substitutions[kCode] = rewrite->replacement;
        core.Jit().ClearCache();
        return true;
    }

    GuestMemory memory;
};

// A random LSE instruction: the nine atomic ops, CAS, CASP or LDAPR, every size and order.
u32 RandomLse(std::mt19937_64& random) {
    const unsigned kind = random() % 12;
    const unsigned size = random() % 4;
    const unsigned rs = random() % 32;
    const unsigned rn = random() % 32;
    const unsigned rt = random() % 32;
    const u32 a = random() % 2;
    const u32 r = random() % 2;
    if (kind < 9) {
        const u32 o3 = kind == 8;
        const u32 opc = kind == 8 ? 0 : kind;
        return size << 30 | 0x38200000 | a << 23 | r << 22 | rs << 16 | o3 << 15 | opc << 12 |
               rn << 5 | rt;
    }
    if (kind == 9) {
        return size << 30 | 0x08a07c00 | a << 22 | rs << 16 | r << 15 | rn << 5 | rt;
    }
    if (kind == 10) {
        return (size & 1) << 30 | 0x08207c00 | a << 22 | (rs & 30) << 16 | r << 15 | rn << 5 |
               (rt & 30);
    }
    return size << 30 | 0x38bfc000 | rn << 5 | rt;  // LDAPR
}

class LseRewriterModeTest : public LseRewriterTest,
                            public ::testing::WithParamInterface<LseRewriteMode> {};

TEST_P(LseRewriterModeTest, TrampolinesMatchTheInterpreter) {
    test::FlatDynarmic core(memory);
    std::mt19937_64 random(2024);
    int checked = 0;
    for (int iteration = 0; iteration < 1500; ++iteration) {
        const u32 word = RandomLse(random);
        if (!Install(core, word, GetParam())) {
            continue;
        }
        SCOPED_TRACE(testing::Message() << "word " << std::hex << word);
        const unsigned rn = (word >> 5) & 31;
        const bool pair = (word & 0xbfa07c00) == 0x08207c00;
        // The target: 16-byte aligned, so every size and pair is aligned; SP targets lie in
        // the stack page with room below for the spills.
        const u64 address = (rn == 31 ? kStack + 0x800 : kData + 0x100) + (random() % 8) * 16;
        std::array<u64, 31> registers;
        for (u64& value : registers) {
            // Small values make CAS and min/max comparisons hit both outcomes.
            value = random() % 3 == 0 ? random() % 4 : random();
        }
        if (rn != 31) {
            registers[rn] = address;
        }
        const u64 sp = rn == 31 ? address : kStack + 0x800;
        const u64 nzcv = (random() % 16) << 28;
        u64 initial[2] = {random() % 3 == 0 ? random() % 4 : random(), random()};
        if (pair && random() % 2) {
            // Let the compare succeed half the time.
            const unsigned rs = (word >> 16) & 31;
            const bool x = (word >> 30) & 1;
            const u64 first = rs == 31 ? 0 : registers[rs];
            const u64 second = rs + 1 >= 31 ? 0 : registers[rs + 1];
            initial[0] = x ? first : (first & 0xffffffff) | second << 32;
            initial[1] = x ? second : initial[1];
        }

        // The interpreter's answer.
        memory.Write(kData + 0x100, Region{});
        memory.Write(address, initial);
        test::FakeExtensionState expected(memory);
        std::copy(registers.begin(), registers.end(), expected.x.begin());
        expected.sp = sp;
        expected.nzcv = static_cast<u32>(nzcv);
        u64 fault = 0;
        ASSERT_EQ(ExecuteExtension(word, expected, fault), ExtensionOutcome::Executed);
        using Target = std::array<u64, 2>;
        const auto expected_target = memory.Read<Target>(address);
        const auto expected_region = memory.Read<Region>(kData + 0x100);

        // The trampoline's, in dynarmic.
        memory.Write(kData + 0x100, Region{});
        memory.Write(address, initial);
        core.Jit().SetRegisters(registers);
        core.Jit().SetSP(sp);
        core.Jit().SetPstate(static_cast<u32>(nzcv));
        core.fallbacks = 0;
        core.RunFrom(kCode);
        ASSERT_EQ(core.Jit().GetPC(), kCode + 8) << "did not come back";
        ASSERT_EQ(core.fallbacks, 0);
        ASSERT_EQ(core.exceptions, 0);
        EXPECT_EQ(core.Jit().GetPC(), kCode + 8);
        for (unsigned i = 0; i < 31; ++i) {
            EXPECT_EQ(core.Jit().GetRegister(i), expected.x[i]) << "X" << i;
        }
        EXPECT_EQ(core.Jit().GetSP(), sp);
        EXPECT_EQ(core.Jit().GetPstate() & 0xf0000000, nzcv);
        EXPECT_EQ(memory.Read<Target>(address), expected_target);
        // Nothing else near the target changed (the spills went below SP, in another page).
        EXPECT_EQ(memory.Read<Region>(kData + 0x100), expected_region);
        ++checked;
    }
    EXPECT_GT(checked, 1200);
}

INSTANTIATE_TEST_SUITE_P(BothModes, LseRewriterModeTest,
                         ::testing::Values(LseRewriteMode::kExclusive, LseRewriteMode::kSingleCore),
                         [](const auto& info) {
                             return info.param == LseRewriteMode::kExclusive ? "Exclusive"
                                                                             : "SingleCore";
                         });

bool IsBranch(u32 word) {
    return (word & 0x7c000000) == 0x14000000 ||  // B, BL
           (word & 0xff000010) == 0x54000000 ||  // B.cond
           (word & 0x7e000000) == 0x34000000 ||  // CBZ, CBNZ
           (word & 0x7e000000) == 0x36000000 ||  // TBZ, TBNZ
           (word & 0xfe000000) == 0xd6000000;    // BR, BLR, RET
}
bool IsExclusive(u32 word) {
    return (word & 0x3f000000) == 0x08000000 && (word & 0x00800000) == 0;  // LDXR/STXR family
}

// What makes a single-core trampoline atomic: dynarmic ends a block only at a branch, so a
// trampoline whose one branch is the last word keeps its load and store in one block.
TEST_F(LseRewriterTest, SingleCoreTrampolinesAreOneBlockWithoutExclusives) {
    std::mt19937_64 random(7);
    for (int iteration = 0; iteration < 2000; ++iteration) {
        const u32 word = RandomLse(random);
        const auto rewrite = RewriteLse(word, kCode, kTrampoline, LseRewriteMode::kSingleCore);
        if (!rewrite || rewrite->trampoline.empty()) {
            continue;
        }
        SCOPED_TRACE(testing::Message() << "word " << std::hex << word);
        const auto& words = rewrite->trampoline;
        EXPECT_LE(words.size() * 4, kLseTrampolineMaxBytes);
        for (size_t i = 0; i + 1 < words.size(); ++i) {
            EXPECT_FALSE(IsBranch(words[i])) << i;
            EXPECT_FALSE(IsExclusive(words[i])) << i;
        }
        EXPECT_TRUE(IsBranch(words.back()));
    }
}

TEST_F(LseRewriterTest, RejectsWhatItCannotRewrite) {
    EXPECT_FALSE(RewriteLse(0xd503201f, kCode, kTrampoline));               // nop
    EXPECT_FALSE(RewriteLse(0x48217c82, kCode, kTrampoline));               // casp with odd Rs
    EXPECT_FALSE(RewriteLse(0xb8200041, kCode, kCode + (u64{128} << 20)));  // out of range
    EXPECT_TRUE(RewriteLse(0xb8200041, kCode, kCode + (u64{128} << 20) - 4));
    const auto ldapr = RewriteLse(0xb8bfc020, kCode, kTrampoline);  // ldapr w0, [x1]
    ASSERT_TRUE(ldapr);
    EXPECT_EQ(ldapr->replacement, 0x88dffc20u);  // ldar w0, [x1]
    EXPECT_TRUE(ldapr->trampoline.empty());
}

// Guest loop: ldadd x1, x2, [x3]; subs x4, x4, #1; b.ne loop; svc #0.
double NanosecondsPerIteration(test::FlatDynarmic& core, GuestMemory& memory, u64 iterations) {
    memory.Write<u64>(kData, 0);
    core.Jit().SetRegister(1, 1);
    core.Jit().SetRegister(3, kData);
    core.Jit().SetRegister(4, iterations);
    core.Jit().SetSP(kStack + 0x800);  // the trampoline spills below SP
    core.tick_budget = iterations * 64;
    const auto start = std::chrono::steady_clock::now();
    core.RunFrom(kCode);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(memory.Read<u64>(kData), iterations);
    return std::chrono::duration<double, std::nano>(elapsed).count() / double(iterations);
}

// Prints the timings rather than asserting an order: on a busy 2-core machine the numbers move
// by 2x between runs, and with dynarmic 6.4.5 an LDXR/STXR pair through its global exclusive
// monitor costs about as much as a trip through InterpreterFallback (see the inline loop).
TEST_F(LseRewriterTest, TrampolineAndFallbackTimedSideBySide) {
    const u32 loop[] = {0xf8210062, 0xf1000484, 0x54ffffc1, kSvc0};
    memory.WriteInitial(kCode, Bytes(loop));
    test::FlatDynarmic fallback(memory);
    NanosecondsPerIteration(fallback, memory, 1000);  // compile once before timing
    const double slow = NanosecondsPerIteration(fallback, memory, 300000);
    EXPECT_GT(fallback.fallbacks, 0);

    double quick[2];
    for (const LseRewriteMode mode : {LseRewriteMode::kExclusive, LseRewriteMode::kSingleCore}) {
        test::FlatDynarmic fast(memory);
        const auto rewrite = RewriteLse(loop[0], kCode, kTrampoline, mode);
        ASSERT_TRUE(rewrite);
        memory.WriteInitial(kTrampoline, Bytes(rewrite->trampoline));
        fast.substitutions[kCode] = rewrite->replacement;
        NanosecondsPerIteration(fast, memory, 1000);
        quick[static_cast<int>(mode)] = NanosecondsPerIteration(fast, memory, 3000000);
        EXPECT_EQ(fast.fallbacks, 0);
    }
    std::printf(
        "LDADD loop: InterpreterFallback %.1f ns/iteration, exclusive trampoline %.1f "
        "ns/iteration (%.1fx), single-core trampoline %.1f ns/iteration (%.1fx)\n",
        slow, quick[0], slow / quick[0], quick[1], slow / quick[1]);

    // For scale: the same loop written with ARMv8.0 exclusives inline, no spills or branches.
    // ldxr x5, [x3]; add x6, x5, x1; stxr w7, x6, [x3]; cbnz w7, -12; subs; b.ne; svc
    const u32 inline_loop[] = {0xc85f7c65, 0x8b0100a6, 0xc8077c66, 0x35ffffa7,
                               0xf1000484, 0x54ffff61, kSvc0};
    memory.WriteInitial(kCode, Bytes(inline_loop));
    test::FlatDynarmic plain(memory);
    NanosecondsPerIteration(plain, memory, 1000);
    std::printf("same loop with inline LDXR/ADD/STXR: %.1f ns/iteration\n",
                NanosecondsPerIteration(plain, memory, 3000000));
}

}  // namespace
}  // namespace cpu
