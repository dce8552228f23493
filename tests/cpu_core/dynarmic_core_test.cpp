#include <gtest/gtest.h>

#include <vector>

#include "cpu/core.h"
#include "cpu/exclusive_monitor.h"
#include "cpu/guest_memory.h"
#include "cpu/lse_patch_area.h"

namespace {

using cpu::GuestFault;
using cpu::Permission;

// A few hand-encoded A64 instructions (Arm ARM encodings).
constexpr u32 Movz(unsigned rd, u16 immediate) {
    return 0xd2800000u | (u32{immediate} << 5) | rd;
}
constexpr u32 MovzShift16(unsigned rd, u16 immediate) {
    return 0xd2a00000u | (u32{immediate} << 5) | rd;
}
constexpr u32 Svc(u16 number) {
    return 0xd4000001u | (u32{number} << 5);
}
constexpr u32 LdrX(unsigned rt, unsigned rn) {
    return 0xf9400000u | (rn << 5) | rt;
}
constexpr u32 StrX(unsigned rt, unsigned rn) {
    return 0xf9000000u | (rn << 5) | rt;
}
constexpr u32 AddImmediate(unsigned rd, unsigned rn, u16 immediate) {
    return 0x91000000u | (u32{immediate} << 10) | (rn << 5) | rd;
}
constexpr u32 Ldadd(unsigned rs, unsigned rt, unsigned rn) {
    return 0xf8200000u | (rs << 16) | (rn << 5) | rt;
}
constexpr u32 kLdxrX3X1 = 0xc85f7c23;    // ldxr x3, [x1]
constexpr u32 kStxrW4X3X1 = 0xc8047c23;  // stxr w4, x3, [x1]
constexpr u32 kMrsTpidrroX3 = 0xd53bd063;
constexpr u32 kMrsCntfrqX1 = 0xd53be001;
constexpr u32 kMrsCntpctX2 = 0xd53be022;
constexpr u32 kUdf = 0x00000000;
constexpr u32 kBrk = 0xd4200000;
constexpr u32 kBlr = 0xd63f0000;  // blr x0

constexpr u64 kCode = 0x100000;
constexpr u64 kData = 0x200000;
constexpr u64 kReadOnly = 0x300000;
constexpr u64 kPatches = 0x400000;

class RecordingHooks final : public cpu::CoreHooks {
public:
    void CallSvc(cpu::Core& core, u32 number) override {
        numbers.push_back(number);
        arguments.push_back(core.GetX(0));
        core.SetX(0, 0x1234);
        if (number == 0x07) {
            core.Halt();
        }
    }
    bool OnFault(cpu::Core&, const GuestFault&) override { return false; }

    std::vector<u32> numbers;
    std::vector<u64> arguments;
};

class DynarmicCoreTest : public ::testing::Test {
protected:
    DynarmicCoreTest() {
        memory.Map(kCode, 0x1000, Permission::ReadExecute);
        memory.Map(kData, 0x1000, Permission::ReadWrite);
        memory.Map(kReadOnly, 0x1000, Permission::Read);
        memory.Map(kPatches, 0x1000, Permission::ReadExecute);
        core = cpu::CreateDynarmicCore(
            cpu::CoreConfig{&memory, &monitor, &hooks, 0, 0xabc000, &patches, true});
    }

    cpu::Core::Stop RunProgram(std::vector<u32> program) {
        memory.WriteInitial(
            kCode, {reinterpret_cast<const u8*>(program.data()), program.size() * sizeof(u32)});
        core->InvalidateCode(kCode, 0x1000);
        core->SetPC(kCode);
        core->SetSP(kData + 0x800);  // LSE trampolines spill below SP
        return core->Run();
    }

    cpu::GuestMemory memory{39};
    cpu::LsePatchArea patches{memory, kPatches, 0x1000};
    cpu::ExclusiveMonitor monitor{1};
    RecordingHooks hooks;
    std::unique_ptr<cpu::Core> core;
};

TEST_F(DynarmicCoreTest, SupervisorCallsReachTheKernelWithRegisters) {
    const auto stop = RunProgram({Movz(0, 42), Svc(0x27), AddImmediate(3, 0, 1), Svc(0x07)});
    EXPECT_EQ(stop.reason, cpu::Core::StopReason::Halted);
    ASSERT_EQ(hooks.numbers, (std::vector<u32>{0x27, 0x07}));
    EXPECT_EQ(hooks.arguments[0], 42u);
    EXPECT_EQ(core->GetX(3), 0x1235u);  // the hook's X0 was seen by the next instruction
    EXPECT_EQ(core->InstructionsExecuted(), 4u);
}

TEST_F(DynarmicCoreTest, SystemRegistersAreTheConsoles) {
    RunProgram({kMrsTpidrroX3, kMrsCntfrqX1, kMrsCntpctX2, Svc(0x07)});
    EXPECT_EQ(core->GetX(3), 0xabc000u);
    EXPECT_EQ(core->GetX(1), 19'200'000u);
    EXPECT_GT(core->GetX(2), 0u);
}

TEST_F(DynarmicCoreTest, ReadOfUnmappedMemoryStopsAtTheLoad) {
    const auto stop = RunProgram({Movz(1, 0x4000), LdrX(2, 1), Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::ReadFault);
    EXPECT_EQ(stop.fault->address, 0x4000u);
    EXPECT_EQ(stop.fault->pc, kCode + 4);
    EXPECT_TRUE(hooks.numbers.empty());
}

TEST_F(DynarmicCoreTest, WriteToReadOnlyMemoryFaultsAndLeavesItUnchanged) {
    const auto stop = RunProgram({MovzShift16(1, 0x30), Movz(2, 7), StrX(2, 1), Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::WriteFault);
    EXPECT_EQ(stop.fault->address, kReadOnly);
    EXPECT_EQ(memory.Read<u64>(kReadOnly), u64{0});
}

TEST_F(DynarmicCoreTest, UndefinedInstructionAndBreakpointAreReported) {
    auto stop = RunProgram({Movz(0, 1), kUdf});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::UndefinedInstruction);
    EXPECT_EQ(stop.fault->pc, kCode + 4);
    stop = RunProgram({kBrk});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::Breakpoint);
}

TEST_F(DynarmicCoreTest, JumpToUnmappedCodeIsAnExecuteFault) {
    const auto stop = RunProgram({Movz(0, 0x5000), kBlr});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::ExecuteFault);
    EXPECT_EQ(stop.fault->pc, 0x5000u);
}

TEST_F(DynarmicCoreTest, LseAtomicsRunThroughTrampolinesAndFaultAtTheirOwnPc) {
    ASSERT_TRUE(memory.Write<u64>(kData, 10));
    auto stop = RunProgram({MovzShift16(1, 0x20), Movz(2, 5), Ldadd(2, 3, 1), Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Halted);
    EXPECT_EQ(core->GetX(3), 10u);
    EXPECT_EQ(memory.Read<u64>(kData), u64{15});
    EXPECT_EQ(patches.TrampolineCount(), 1u);
    // The guest itself still reads its own instruction.
    EXPECT_EQ(memory.Read<u32>(kCode + 8), Ldadd(2, 3, 1));

    stop = RunProgram({MovzShift16(1, 0x30), Movz(2, 5), Ldadd(2, 3, 1), Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::WriteFault);
    EXPECT_EQ(stop.fault->pc, kCode + 8);
    EXPECT_EQ(memory.Read<u64>(kReadOnly), u64{0});
}

TEST_F(DynarmicCoreTest, InterpretedLoadFaultIsAReadFaultAtItsOwnPc) {
    constexpr u32 kLdraaX0X1Minus264 = 0xf87df420;  // no plain load encodes #-264
    const auto stop = RunProgram({MovzShift16(1, 0x20), kLdraaX0X1Minus264, Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::ReadFault);
    EXPECT_EQ(stop.fault->pc, kCode + 4);
    EXPECT_EQ(stop.fault->address, kData - 264);
}

TEST_F(DynarmicCoreTest, WithoutPreciseFaultsTheBlockEndsWithoutItsSupervisorCalls) {
    core = cpu::CreateDynarmicCore(
        cpu::CoreConfig{&memory, &monitor, &hooks, 0, 0xabc000, &patches, false});
    const auto stop = RunProgram({Movz(1, 0x4000), LdrX(2, 1), Svc(0x27), Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Fault);
    EXPECT_EQ(stop.fault->kind, GuestFault::Kind::ReadFault);
    EXPECT_EQ(stop.fault->address, 0x4000u);
    EXPECT_FALSE(stop.fault->pc_is_precise);
    EXPECT_TRUE(hooks.numbers.empty());
}

TEST_F(DynarmicCoreTest, ConstantSignedDivisionOverflowGivesTheArchitecturalResult) {
    // INT64_MIN / -1 and INT32_MIN / -1 with constant operands: dynarmic folds them with the
    // host's idiv, which must not bring nxhost down. (The fold happens without precise faults.)
    core = cpu::CreateDynarmicCore(
        cpu::CoreConfig{&memory, &monitor, &hooks, 0, 0xabc000, &patches, false});
    const auto stop =
        RunProgram({0xd2f00001 /* movz x1, #0x8000, lsl #48 */, 0x92800002 /* movn x2, #0 */,
                    0x9ac20c23 /* sdiv x3, x1, x2 */, 0x52b00004 /* movz w4, #0x8000, lsl #16 */,
                    0x1ac20c85 /* sdiv w5, w4, w2 */, Svc(0x07)});
    ASSERT_EQ(stop.reason, cpu::Core::StopReason::Halted);
    EXPECT_EQ(core->GetX(3), u64{1} << 63);
    EXPECT_EQ(core->GetX(5), u64{0x80000000});
}

// Stops each core's next run after `budget[index]` instructions (at the end of a block).
class BudgetHooks final : public cpu::CoreHooks {
public:
    void CallSvc(cpu::Core& core, u32) override { core.Halt(); }
    bool OnFault(cpu::Core&, const GuestFault&) override { return false; }
    u64 InstructionBudget(const cpu::Core& core) override { return budget[core.Index()]; }

    u64 budget[2] = {~u64{0}, ~u64{0}};
};

// Two cores running "ldxr x3, [x1]; b next; next: stxr w4, x3, [x1]; svc" on one doubleword.
// A core can be stopped between its LDXR and its STXR by a run's end (an exception would
// clear its reservation).
class ExclusivePair {
public:
    explicit ExclusivePair(bool strict_exclusives) {
        memory.Map(kCode, 0x1000, Permission::ReadExecute);
        memory.Map(kData, 0x1000, Permission::ReadWrite);
        constexpr u32 kBranchToNext = 0x14000001;
        const u32 program[] = {MovzShift16(1, 0x20), kLdxrX3X1, kBranchToNext, kStxrW4X3X1,
                               Svc(0x07)};
        memory.WriteInitial(kCode, {reinterpret_cast<const u8*>(program), sizeof(program)});
        for (unsigned index = 0; index < 2; ++index) {
            cores[index] = cpu::CreateDynarmicCore(cpu::CoreConfig{
                .memory = &memory,
                .monitor = &monitor,
                .hooks = &hooks,
                .index = index,
                .strict_exclusives = strict_exclusives,
            });
            cores[index]->SetPC(kCode);
        }
    }
    void RunToTheStore(unsigned index) {
        hooks.budget[index] = 3;  // movz, ldxr, b
        cores[index]->Run();
        hooks.budget[index] = ~u64{0};
        EXPECT_EQ(cores[index]->GetPC(), kCode + 12);
    }
    // Runs on to the end; true when the core's STXR stored.
    bool Finish(unsigned index) {
        cores[index]->Run();
        return cores[index]->GetX(4) == 0;
    }

    cpu::GuestMemory memory{39};
    cpu::ExclusiveMonitor monitor{2};
    BudgetHooks hooks;
    std::unique_ptr<cpu::Core> cores[2];
};

// Core 1's whole exclusive pair stores the value core 0 had loaded: only the reservation table
// of strict exclusives fails core 0's STXR; by default memory still holds what its LDXR read.
TEST(DynarmicExclusives, ValueCheckedByDefaultReservationsWhenStrict) {
    for (const bool strict : {false, true}) {
        ExclusivePair pair(strict);
        ASSERT_TRUE(pair.memory.Write<u64>(kData, 77));
        pair.RunToTheStore(0);
        EXPECT_TRUE(pair.Finish(1));
        EXPECT_EQ(pair.Finish(0), !strict) << "strict " << strict;
        EXPECT_EQ(pair.memory.Read<u64>(kData), u64{77});
    }
}

TEST(DynarmicExclusives, AnotherValueFailsTheStoreEitherWay) {
    for (const bool strict : {false, true}) {
        ExclusivePair pair(strict);
        ASSERT_TRUE(pair.memory.Write<u64>(kData, 5));
        pair.RunToTheStore(0);
        ASSERT_TRUE(pair.memory.Write<u64>(kData, 6));  // a plain store by another writer
        pair.cores[0]->SetX(3, 9);
        EXPECT_FALSE(pair.Finish(0)) << "strict " << strict;
        EXPECT_EQ(pair.memory.Read<u64>(kData), u64{6});
    }
}

}  // namespace
