// LSE atomics, CAS/CASP and RCpc loads through cpu::ExecuteExtension over a real GuestMemory.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "cpu/a64_extension.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"

namespace cpu {
namespace {

using test::FakeExtensionState;

constexpr u64 kData = 0x10000;
constexpr u64 kReadOnly = 0x20000;

u32 AtomicWord(unsigned size, bool a, bool r, unsigned rs, bool o3, unsigned opc, unsigned rn,
               unsigned rt) {
    return size << 30 | 0x38200000 | u32{a} << 23 | u32{r} << 22 | rs << 16 | u32{o3} << 15 |
           opc << 12 | rn << 5 | rt;
}
u32 CasWord(unsigned size, bool l, bool o0, unsigned rs, unsigned rn, unsigned rt) {
    return size << 30 | 0x08a07c00 | u32{l} << 22 | rs << 16 | u32{o0} << 15 | rn << 5 | rt;
}
u32 CaspWord(bool doubleword, bool l, bool o0, unsigned rs, unsigned rn, unsigned rt) {
    return u32{doubleword} << 30 | 0x08207c00 | u32{l} << 22 | rs << 16 | u32{o0} << 15 | rn << 5 |
           rt;
}

class LseTest : public ::testing::Test {
protected:
    LseTest() : memory(32), state(memory) {
        memory.Map(kData, kPageSize, Permission::ReadWrite);
        memory.Map(kReadOnly, kPageSize, Permission::Read);
    }
    ExtensionOutcome Run(u32 word) { return ExecuteExtension(word, state, fault); }

    GuestMemory memory;
    FakeExtensionState state;
    u64 fault = 0;
};

TEST_F(LseTest, EncodersMatchTheAssembler) {
    EXPECT_EQ(AtomicWord(2, false, false, 0, false, 0, 2, 1), 0xb8200041u);  // ldadd w0, w1, [x2]
    EXPECT_EQ(CasWord(2, false, false, 0, 2, 1), 0x88a07c41u);               // cas w0, w1, [x2]
    EXPECT_EQ(CaspWord(true, false, false, 0, 4, 2), 0x48207c82u);  // casp x0, x1, x2, x3, [x4]
}

// Reference semantics of the nine operations on `bits`-wide values.
u64 Reference(unsigned op, u64 old, u64 operand, unsigned bits) {
    const u64 mask = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
    const auto sext = [&](u64 value) {
        return static_cast<s64>(value << (64 - bits)) >> (64 - bits);
    };
    switch (op) {
        case 0:
            return (old + operand) & mask;
        case 1:
            return old & ~operand & mask;
        case 2:
            return (old ^ operand) & mask;
        case 3:
            return (old | operand) & mask;
        case 4:
            return sext(old) > sext(operand) ? old : operand;
        case 5:
            return sext(old) < sext(operand) ? old : operand;
        case 6:
            return old > operand ? old : operand;
        case 7:
            return old < operand ? old : operand;
        default:
            return operand;  // SWP
    }
}

TEST_F(LseTest, EveryOperationSizeAndOrdering) {
    // Values whose signed and unsigned orders disagree in every size.
    const u64 patterns[][2] = {{0x8badf00dcafe9081, 0x0123456789ab7f3c},
                               {0x0123456789ab7f3c, 0x8badf00dcafe9081},
                               {0xffffffffffffffff, 0x0000000000000001}};
    for (unsigned size = 0; size < 4; ++size) {
        const unsigned bits = 8u << size;
        const u64 mask = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
        for (unsigned op = 0; op < 9; ++op) {
            for (unsigned order = 0; order < 4; ++order) {
                for (const auto& pattern : patterns) {
                    const u64 old = pattern[0] & mask;
                    SCOPED_TRACE(testing::Message() << "size " << size << " op " << op << " order "
                                                    << order << " old " << old);
                    ASSERT_TRUE(memory.Write<u64>(kData + 8, 0x5555555555555555));
                    ASSERT_TRUE(memory.WriteBlock(kData + 8,
                                                  {reinterpret_cast<const u8*>(&old), bits / 8}));
                    state.x[3] = pattern[1] | ~mask;  // upper bits of Rs must be ignored
                    state.x[4] = kData + 8;
                    state.x[5] = 0xdead;
                    const u32 word =
                        AtomicWord(size, order & 1, order >> 1, 3, op == 8, op == 8 ? 0 : op, 4, 5);
                    ASSERT_EQ(Run(word), ExtensionOutcome::Executed);
                    EXPECT_EQ(state.x[5], old);  // zero-extended old value
                    u64 now = 0x5555555555555555;
                    ASSERT_TRUE(memory.ReadBlock(kData + 8, {reinterpret_cast<u8*>(&now), 8}));
                    EXPECT_EQ(now & mask, Reference(op, old, pattern[1] & mask, bits) & mask);
                    if (bits < 64) {
                        EXPECT_EQ(now & ~mask, 0x5555555555555555 & ~mask);  // neighbours kept
                    }
                }
            }
        }
    }
}

TEST_F(LseTest, StoreAliasWritesNoRegister) {
    ASSERT_TRUE(memory.Write<u32>(kData, 40));
    state.x[1] = 2;
    state.x[2] = kData;
    ASSERT_EQ(Run(AtomicWord(2, false, true, 1, false, 0, 2, 31)), ExtensionOutcome::Executed);
    EXPECT_EQ(memory.Read<u32>(kData), 42u);  // staddl w1, [x2]
    EXPECT_EQ(state.register_writes, 0);
}

TEST_F(LseTest, BaseRegister31IsSp) {
    ASSERT_TRUE(memory.Write<u64>(kData + 0x100, 7));
    state.sp = kData + 0x100;
    state.x[1] = 99;
    ASSERT_EQ(Run(AtomicWord(3, true, true, 1, true, 0, 31, 2)), ExtensionOutcome::Executed);
    EXPECT_EQ(state.x[2], 7u);  // swpal x1, x2, [sp]
    EXPECT_EQ(memory.Read<u64>(kData + 0x100), 99u);
}

TEST_F(LseTest, SameRegisterForOperandAndResult) {
    ASSERT_TRUE(memory.Write<u64>(kData, 10));
    state.x[1] = 5;
    state.x[2] = kData;
    ASSERT_EQ(Run(AtomicWord(3, false, false, 1, false, 0, 2, 1)), ExtensionOutcome::Executed);
    EXPECT_EQ(state.x[1], 10u);  // ldadd x1, x1, [x2]
    EXPECT_EQ(memory.Read<u64>(kData), 15u);
}

TEST_F(LseTest, CompareAndSwapSucceedsAndFails) {
    for (unsigned size = 0; size < 4; ++size) {
        for (unsigned order = 0; order < 4; ++order) {
            const unsigned bits = 8u << size;
            const u64 mask = bits == 64 ? ~u64{0} : (u64{1} << bits) - 1;
            const u32 word = CasWord(size, order & 1, order >> 1, 1, 3, 2);
            ASSERT_TRUE(memory.Write<u64>(kData, 0x1122334455667788));
            state.x[3] = kData;
            state.x[1] = 0x1122334455667788 | ~mask;  // expected, upper bits ignored
            state.x[2] = 0xa1a2a3a4a5a6a7a8;
            ASSERT_EQ(Run(word), ExtensionOutcome::Executed);
            EXPECT_EQ(state.x[1], 0x1122334455667788 & mask);
            EXPECT_EQ(*memory.Read<u64>(kData) & mask, 0xa1a2a3a4a5a6a7a8 & mask);
            // Now the memory holds the new value, so the same compare fails.
            state.x[1] = 0x1122334455667788;
            ASSERT_EQ(Run(word), ExtensionOutcome::Executed);
            EXPECT_EQ(state.x[1], 0xa1a2a3a4a5a6a7a8 & mask);
            EXPECT_EQ(*memory.Read<u64>(kData) & mask, 0xa1a2a3a4a5a6a7a8 & mask);
        }
    }
}

TEST_F(LseTest, CompareAndSwapWithZeroRegister) {
    ASSERT_TRUE(memory.Write<u32>(kData, 0));
    state.x[2] = 77;
    state.x[3] = kData;
    ASSERT_EQ(Run(CasWord(2, true, true, 31, 3, 2)), ExtensionOutcome::Executed);  // casal wzr
    EXPECT_EQ(memory.Read<u32>(kData), 77u);
    EXPECT_EQ(state.register_writes, 0);
}

TEST_F(LseTest, CompareAndSwapPair64) {
    ASSERT_TRUE(memory.Write<u64>(kData + 16, 0x1111));
    ASSERT_TRUE(memory.Write<u64>(kData + 24, 0x2222));
    state.x[0] = 0x1111;
    state.x[1] = 0x2222;
    state.x[2] = 0x3333;
    state.x[3] = 0x4444;
    state.x[4] = kData + 16;
    const u32 word = CaspWord(true, true, true, 0, 4, 2);  // caspal x0, x1, x2, x3, [x4]
    ASSERT_EQ(Run(word), ExtensionOutcome::Executed);
    EXPECT_EQ(memory.Read<u64>(kData + 16), 0x3333u);
    EXPECT_EQ(memory.Read<u64>(kData + 24), 0x4444u);
    EXPECT_EQ(state.x[0], 0x1111u);
    EXPECT_EQ(state.x[1], 0x2222u);
    // Half of the pair differs: no store, both old halves returned.
    state.x[0] = 0x3333;
    state.x[1] = 0x9999;
    ASSERT_EQ(Run(word), ExtensionOutcome::Executed);
    EXPECT_EQ(memory.Read<u64>(kData + 16), 0x3333u);
    EXPECT_EQ(state.x[0], 0x3333u);
    EXPECT_EQ(state.x[1], 0x4444u);
}

TEST_F(LseTest, CompareAndSwapPair32) {
    ASSERT_TRUE(memory.Write<u32>(kData, 5));
    ASSERT_TRUE(memory.Write<u32>(kData + 4, 6));
    state.x[4] = 0xffffffff00000005;  // upper halves of W registers are ignored
    state.x[5] = 6;
    state.x[6] = 7;
    state.x[7] = 8;
    state.x[8] = kData;
    ASSERT_EQ(Run(CaspWord(false, false, false, 4, 8, 6)), ExtensionOutcome::Executed);
    EXPECT_EQ(memory.Read<u32>(kData), 7u);
    EXPECT_EQ(memory.Read<u32>(kData + 4), 8u);
    EXPECT_EQ(state.x[4], 5u);
    EXPECT_EQ(state.x[5], 6u);
}

TEST_F(LseTest, CompareAndSwapPairWithOddRegisterIsUndefined) {
    EXPECT_EQ(Run(CaspWord(true, false, false, 1, 4, 2)), ExtensionOutcome::NotHandled);
    EXPECT_EQ(Run(CaspWord(true, false, false, 0, 4, 3)), ExtensionOutcome::NotHandled);
}

TEST_F(LseTest, FaultsWriteNothing) {
    struct Case {
        const char* what;
        u32 word;
        u64 address;
        ExtensionOutcome outcome = ExtensionOutcome::WriteFault;
    };
    constexpr auto kRead = ExtensionOutcome::ReadFault;
    const Case cases[] = {
        {"ldadd unmapped", AtomicWord(3, false, false, 1, false, 0, 4, 2), 0x40000},
        {"ldadd read-only", AtomicWord(3, false, false, 1, false, 0, 4, 2), kReadOnly},
        {"ldadd misaligned", AtomicWord(3, false, false, 1, false, 0, 4, 2), kData + 4},
        {"ldaddh misaligned", AtomicWord(1, false, false, 1, false, 0, 4, 2), kData + 1},
        {"swp read-only", AtomicWord(2, true, true, 1, true, 0, 4, 2), kReadOnly},
        {"cas read-only", CasWord(2, false, false, 1, 4, 2), kReadOnly},
        {"cas misaligned", CasWord(2, false, false, 1, 4, 2), kData + 2},
        {"casp misaligned", CaspWord(true, false, false, 0, 4, 2), kData + 8},
        {"casp unmapped", CaspWord(false, false, false, 0, 4, 2), 0x40000},
        {"ldapr unmapped", 0xf8bfc082, 0x40000, kRead},  // ldapr x2, [x4]
        {"ldapr misaligned", 0xb8bfc082, kData + 2, kRead},
        {"stlur read-only", 0x99000082, kReadOnly},  // stlur w2, [x4]
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        ASSERT_TRUE(memory.Write<u64>(kData, 0x0123456789abcdef));
        ASSERT_TRUE(memory.Write<u64>(kData + 8, 0x0123456789abcdef));
        state.x[0] = 1;
        state.x[1] = 1;
        state.x[2] = 2;
        state.x[4] = c.address;
        state.register_writes = 0;
        fault = 0;
        EXPECT_EQ(Run(c.word), c.outcome);
        EXPECT_EQ(fault, c.address);
        EXPECT_EQ(state.register_writes, 0);
        EXPECT_EQ(memory.Read<u64>(kData), 0x0123456789abcdefu);
        EXPECT_EQ(memory.Read<u64>(kData + 8), 0x0123456789abcdefu);
        EXPECT_EQ(memory.Read<u64>(kReadOnly), 0u);
    }
}

TEST_F(LseTest, LoadAcquireRcpc) {
    ASSERT_TRUE(memory.Write<u64>(kData, 0x8182838485868788));
    state.x[1] = kData;
    ASSERT_EQ(Run(0xf8bfc020), ExtensionOutcome::Executed);  // ldapr x0, [x1]
    EXPECT_EQ(state.x[0], 0x8182838485868788u);
    ASSERT_EQ(Run(0xb8bfc020), ExtensionOutcome::Executed);  // ldapr w0, [x1]
    EXPECT_EQ(state.x[0], 0x85868788u);
    ASSERT_EQ(Run(0x78bfc020), ExtensionOutcome::Executed);  // ldaprh w0, [x1]
    EXPECT_EQ(state.x[0], 0x8788u);
    ASSERT_EQ(Run(0x38bfc020), ExtensionOutcome::Executed);  // ldaprb w0, [x1]
    EXPECT_EQ(state.x[0], 0x88u);
    state.sp = kData;
    ASSERT_EQ(Run(0x38bfc3e0), ExtensionOutcome::Executed);  // ldaprb w0, [sp]
    EXPECT_EQ(state.x[0], 0x88u);
}

TEST_F(LseTest, UnscaledRcpcLoadsAndStores) {
    ASSERT_TRUE(memory.Write<u64>(kData, 0x8182838485868788));
    state.x[1] = kData + 8;
    ASSERT_EQ(Run(0xd95f8020), ExtensionOutcome::Executed);  // ldapur x0, [x1, #-8]
    EXPECT_EQ(state.x[0], 0x8182838485868788u);
    state.x[1] = kData;
    ASSERT_EQ(Run(0x19c01020), ExtensionOutcome::Executed);  // ldapursb w0, [x1, #1]
    EXPECT_EQ(state.x[0], 0xffffff87u);
    ASSERT_EQ(Run(0x59802020), ExtensionOutcome::Executed);  // ldapursh x0, [x1, #2]
    EXPECT_EQ(state.x[0], 0xffffffffffff8586u);
    ASSERT_EQ(Run(0x99804020), ExtensionOutcome::Executed);  // ldapursw x0, [x1, #4]
    EXPECT_EQ(state.x[0], 0xffffffff81828384u);
    state.x[0] = 0xaabb;
    ASSERT_EQ(Run(0x59002020), ExtensionOutcome::Executed);  // stlurh w0, [x1, #2]
    EXPECT_EQ(memory.Read<u64>(kData), 0x81828384aabb8788u);
}

TEST_F(LseTest, NotAnExtensionInstruction) {
    EXPECT_EQ(Run(0xd503201f), ExtensionOutcome::NotHandled);  // nop
    EXPECT_EQ(Run(0x8b020020), ExtensionOutcome::NotHandled);  // add x0, x1, x2
    EXPECT_EQ(Run(0xc85f7c20), ExtensionOutcome::NotHandled);  // ldxr x0, [x1]
    EXPECT_EQ(state.register_writes, 0);
}

// 4 host threads x 100000 LDADDs on one word: exactly 400000 when every one is atomic.
TEST_F(LseTest, ConcurrentAddsAreAtomic) {
    constexpr int kThreads = 4;
    constexpr int kIterations = 100000;
    ASSERT_TRUE(memory.Write<u64>(kData, 0));
    std::atomic<int> ready{0};  // start together, so the threads really contend
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            ready.fetch_add(1);
            while (ready.load() < kThreads) {
            }
            FakeExtensionState local(memory);
            local.x[1] = 1;
            local.x[2] = kData;
            u64 fault_address = 0;
            for (int i = 0; i < kIterations; ++i) {
                // ldadd x1, x3, [x2]
                ExecuteExtension(AtomicWord(3, false, false, 1, false, 0, 2, 3), local,
                                 fault_address);
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(memory.Read<u64>(kData), u64{kThreads} * kIterations);
}

// The same with a CASP retry loop incrementing both halves of a 128-bit pair: any torn or
// lost update makes the halves disagree or the count fall short.
TEST_F(LseTest, ConcurrentPairSwapsAreAtomic) {
    constexpr int kThreads = 4;
    constexpr int kIterations = 20000;
    ASSERT_TRUE(memory.Write<u64>(kData, 0));
    ASSERT_TRUE(memory.Write<u64>(kData + 8, 0));
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            FakeExtensionState local(memory);
            local.x[4] = kData;
            u64 fault_address = 0;
            for (int i = 0; i < kIterations; ++i) {
                u64 low = local.x[0];
                u64 high = local.x[1];
                do {
                    low = local.x[0];
                    high = local.x[1];
                    local.x[2] = low + 1;
                    local.x[3] = high + 1;
                    ExecuteExtension(CaspWord(true, true, true, 0, 4, 2), local, fault_address);
                } while (local.x[0] != low || local.x[1] != high);
                local.x[0] = low + 1;
                local.x[1] = high + 1;
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(memory.Read<u64>(kData), u64{kThreads} * kIterations);
    EXPECT_EQ(memory.Read<u64>(kData + 8), u64{kThreads} * kIterations);
}

}  // namespace
}  // namespace cpu
