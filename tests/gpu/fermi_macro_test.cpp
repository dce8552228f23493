// The Fermi-format MME instruction by instruction. Expected values follow the documented
// semantics (yuzu macro_interpreter.cpp, Mesa mme_fermi_sim.c and its hardware tests), computed
// here independently of the interpreter.
#include <gtest/gtest.h>

#include "macro_test_support.h"

namespace gpu::macro {
namespace {

using namespace test;
using namespace test::fermi;
using A = FermiAssign;

constexpr u32 kOut = 0x400;

struct Result {
    MacroRun run;
    Methods methods;
};

Result RunMacro(const std::vector<u32>& code, const std::vector<u32>& parameters,
                ExecutionLimits limits = {}, u32 at = 0) {
    MacroEngine engine(MacroFormat::Fermi, limits);
    RecordingHost host;
    Upload(engine, host, 0, code, at);
    Result result;
    result.run = engine.Execute(0, parameters, host);
    result.methods = host.methods;
    return result;
}

u32 SetOut(u32 increment = 1) {
    return AddImm(A::MoveSetMethod, 0, 0, MethodWord(kOut, increment));
}

u32 SendImm(s32 value) {
    return AddImm(A::MoveSend, 0, 0, value);
}

void End(std::vector<u32>& code) {
    code.push_back(AddImm(A::Move, 0, 0, 0, true));
    code.push_back(kNop);
}

std::vector<u32> Values() {
    return {0, 1, 2, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF, 0x12345678};
}

// r1 = x (preloaded), r2 = y, then r3 = op(r1, r2) sent to kOut.
u32 AluResult(FermiAluOp op, u32 x, u32 y) {
    std::vector<u32> code = {AddImm(A::Fetch, 2, 0, 0), SetOut(), Alu(A::MoveSend, 3, op, 1, 2)};
    End(code);
    const Result r = RunMacro(code, {x, y});
    EXPECT_EQ(r.run.exit, MacroExit::Exited);
    EXPECT_EQ(r.methods.size(), 1u);
    return r.methods.empty() ? 0 : r.methods[0].second;
}

TEST(FermiMacro, LogicalAndArithmeticOpsOnEdgeValues) {
    for (u32 x : Values()) {
        for (u32 y : Values()) {
            SCOPED_TRACE(testing::Message() << std::hex << x << " " << y);
            EXPECT_EQ(AluResult(FermiAluOp::Add, x, y), static_cast<u32>(u64{x} + y));
            EXPECT_EQ(AluResult(FermiAluOp::Subtract, x, y), static_cast<u32>(u64{x} - y));
            EXPECT_EQ(AluResult(FermiAluOp::Xor, x, y), x ^ y);
            EXPECT_EQ(AluResult(FermiAluOp::Or, x, y), x | y);
            EXPECT_EQ(AluResult(FermiAluOp::And, x, y), x & y);
            EXPECT_EQ(AluResult(FermiAluOp::AndNot, x, y), x & ~y);
            EXPECT_EQ(AluResult(FermiAluOp::Nand, x, y), ~(x & y));
        }
    }
    EXPECT_EQ(AluResult(FermiAluOp::AndNot, 0xF0F0F0F0, 0xFF00FF00), 0x00F000F0u);
    EXPECT_EQ(AluResult(FermiAluOp::Nand, 0xF0F0F0F0, 0xFF00FF00), 0x0FFF0FFFu);
}

// A 64-bit add or subtract as a carry chain: (r1, r2) op (r3, r4).
std::pair<u32, u32> Chain(FermiAluOp low, FermiAluOp high, u64 a, u64 b) {
    std::vector<u32> code = {AddImm(A::Fetch, 2, 0, 0),      AddImm(A::Fetch, 3, 0, 0),
                             AddImm(A::Fetch, 4, 0, 0),      SetOut(),
                             Alu(A::MoveSend, 5, low, 1, 3), Alu(A::MoveSend, 6, high, 2, 4)};
    End(code);
    const Result r = RunMacro(code, {static_cast<u32>(a), static_cast<u32>(a >> 32),
                                     static_cast<u32>(b), static_cast<u32>(b >> 32)});
    EXPECT_EQ(r.methods.size(), 2u);
    return r.methods.size() == 2 ? std::pair{r.methods[0].second, r.methods[1].second}
                                 : std::pair{0u, 0u};
}

TEST(FermiMacro, CarryAndBorrowChainsGive64BitResults) {
    const std::vector<u64> values = {0,
                                     1,
                                     0xFFFFFFFF,
                                     0x100000000,
                                     0x80008650'00000596,
                                     0x8000A8F6'00000836,
                                     0xFFFFFFFF'FFFFFFFF,
                                     0xFFFFFFFE'FFFFFFFF,
                                     0x00000001'00000000};
    for (u64 a : values) {
        for (u64 b : values) {
            SCOPED_TRACE(testing::Message() << std::hex << a << " " << b);
            const u64 sum = a + b;
            const u64 difference = a - b;
            EXPECT_EQ(Chain(FermiAluOp::Add, FermiAluOp::AddWithCarry, a, b),
                      (std::pair{static_cast<u32>(sum), static_cast<u32>(sum >> 32)}));
            EXPECT_EQ(
                Chain(FermiAluOp::Subtract, FermiAluOp::SubtractWithBorrow, a, b),
                (std::pair{static_cast<u32>(difference), static_cast<u32>(difference >> 32)}));
        }
    }
}

TEST(FermiMacro, AddImmediateLeavesTheCarry) {
    // Mesa's add_imm_carry hardware test: ADD sets the carry, ADD_IMM keeps it, ADDC reads it.
    for (bool carry : {false, true}) {
        std::vector<u32> code = {Alu(A::Move, 2, FermiAluOp::Add, carry ? 1 : 0, carry ? 1 : 0),
                                 AddImm(A::Move, 3, carry ? 0 : 1, 1), SetOut(),
                                 Alu(A::MoveSend, 4, FermiAluOp::AddWithCarry, 0, 0),
                                 Alu(A::MoveSend, 0, FermiAluOp::Add, 3, 0)};
        End(code);
        const Result r = RunMacro(code, {0xFFFFFFFF});
        ASSERT_EQ(r.methods.size(), 2u);
        EXPECT_EQ(r.methods[0].second, carry ? 1u : 0u);
        EXPECT_EQ(r.methods[1].second, carry ? 1u : 0u);  // 0 + 1, or 0xFFFFFFFF + 1 wrapped
    }
}

TEST(FermiMacro, AddImmediateIsSigned18Bits) {
    for (s32 imm : {0, 1, -1, 0x1FFFF, -0x20000, -5}) {
        std::vector<u32> code = {SetOut(), AddImm(A::MoveSend, 2, 1, imm)};
        End(code);
        const Result r = RunMacro(code, {1000});
        ASSERT_EQ(r.methods.size(), 1u);
        EXPECT_EQ(r.methods[0].second, 1000u + static_cast<u32>(imm)) << imm;
    }
}

u32 BitfieldResult(FermiOp op, u32 a, u32 b, u32 src_bit, u32 size, u32 dst_bit) {
    std::vector<u32> code = {AddImm(A::Fetch, 2, 0, 0), SetOut(),
                             Bitfield(op, A::MoveSend, 3, 1, 2, src_bit, size, dst_bit)};
    End(code);
    const Result r = RunMacro(code, {a, b});
    EXPECT_EQ(r.methods.size(), 1u);
    return r.methods.empty() ? 0 : r.methods[0].second;
}

TEST(FermiMacro, MergeInsertsAFieldOfB) {
    EXPECT_EQ(BitfieldResult(FermiOp::Merge, 0xFFFFFFFF, 0x12345678, 4, 8, 16), 0xFF67FFFFu);
    EXPECT_EQ(BitfieldResult(FermiOp::Merge, 0xAAAAAAAA, 0x12345678, 0, 0, 0), 0xAAAAAAAAu);
    EXPECT_EQ(BitfieldResult(FermiOp::Merge, 0, 0xFFFFFFFF, 0, 31, 1), 0xFFFFFFFEu);
    EXPECT_EQ(BitfieldResult(FermiOp::Merge, 0, 0x80000000, 31, 1, 0), 1u);
    EXPECT_EQ(BitfieldResult(FermiOp::Merge, 0x0000FFFF, 0x3, 0, 2, 31), 0x8000FFFFu);
}

TEST(FermiMacro, ExtractShiftLeftByImmediateAndByRegister) {
    // BfeLslImm: ((B >> A) & mask) << dst_bit; A is register r1 here.
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslImm, 4, 0x12345678, 0, 8, 8), 0x6700u);
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslImm, 31, 0x80000000, 0, 1, 0), 1u);
    // A shift past bit 31 gives 0 (Mesa's sll/srl hardware tests shift by 51).
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslImm, 51, 0xFFFFFFFF, 0, 31, 0), 0u);
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslImm, 32, 0xFFFFFFFF, 0, 31, 0), 0u);
    // BfeLslReg: ((B >> src_bit) & mask) << A.
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslReg, 8, 0x12345678, 4, 8, 0), 0x6700u);
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslReg, 31, 0x1, 0, 1, 0), 0x80000000u);
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslReg, 51, 0x1, 0, 1, 0), 0u);
    EXPECT_EQ(BitfieldResult(FermiOp::BfeLslReg, 0, 0xFFFFFFFF, 0, 0, 0), 0u);  // width 0
}

TEST(FermiMacro, StateReadsTheShadowRamAtRegisterPlusImmediate) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    engine.WriteMethod(0x500, 0xABCD1234, host);
    std::vector<u32> code = {SetOut(), State(A::MoveSend, 2, 1, 0x4F0),
                             State(A::MoveSend, 2, 0, 0x501)};
    End(code);
    Upload(engine, host, 0, code);
    engine.Execute(0, std::vector<u32>{0x10}, host);
    EXPECT_EQ(host.methods, (Methods{{kOut, 0xABCD1234}, {kOut + 1, 0}}));
    // Past the 0x1000 methods (the byte address wraps at 16 bits, so 0x4500 is 0x500 again).
    host.methods.clear();
    std::vector<u32> far = {SetOut(), State(A::MoveSend, 2, 1, 0x1FF0),
                            State(A::MoveSend, 2, 1, 0x44F0)};
    End(far);
    Upload(engine, host, 1, far);
    engine.Execute(1, std::vector<u32>{0x10}, host);
    EXPECT_EQ(host.methods, (Methods{{kOut, 0}, {kOut + 1, 0xABCD1234}}));
}

Methods AssignMethods(FermiAssign assign) {
    constexpr s32 kValue = MethodWord(0x600, 2);
    std::vector<u32> code = {SetOut(), AddImm(assign, 3, 0, kValue), SendImm(0x55),
                             AddImm(A::MoveSetMethod, 0, 0, MethodWord(0x700, 1)),
                             Alu(A::MoveSend, 0, FermiAluOp::Add, 3, 0)};
    End(code);
    return RunMacro(code, {0xA0, 0xA1, 0xA2}).methods;
}

TEST(FermiMacro, EveryAssignmentMode) {
    constexpr u32 v = 0x2600;  // method 0x600, increment 2
    EXPECT_EQ(AssignMethods(A::Fetch), (Methods{{kOut, 0x55}, {0x700, 0xA1}}));
    EXPECT_EQ(AssignMethods(A::Move), (Methods{{kOut, 0x55}, {0x700, v}}));
    EXPECT_EQ(AssignMethods(A::MoveSetMethod), (Methods{{0x600, 0x55}, {0x700, v}}));
    EXPECT_EQ(AssignMethods(A::FetchSend), (Methods{{kOut, v}, {kOut + 1, 0x55}, {0x700, 0xA1}}));
    EXPECT_EQ(AssignMethods(A::MoveSend), (Methods{{kOut, v}, {kOut + 1, 0x55}, {0x700, v}}));
    EXPECT_EQ(AssignMethods(A::FetchSetMethod), (Methods{{0x600, 0x55}, {0x700, 0xA1}}));
    EXPECT_EQ(AssignMethods(A::MoveSetMethodFetchSend),
              (Methods{{0x600, 0xA1}, {0x602, 0x55}, {0x700, v}}));
    EXPECT_EQ(AssignMethods(A::MoveSetMethodSendHigh),
              (Methods{{0x600, 2}, {0x602, 0x55}, {0x700, v}}));
}

TEST(FermiMacro, MethodIncrementIsSixBitsAndTheAddressWraps) {
    std::vector<u32> code = {
        AddImm(A::MoveSetMethod, 0, 0, MethodWord(0x123, 0)),    SendImm(1), SendImm(2),
        AddImm(A::MoveSetMethod, 0, 0, MethodWord(0x100, 0x3F)), SendImm(3), SendImm(4),
        AddImm(A::MoveSetMethod, 0, 0, MethodWord(0xFFF, 1)),    SendImm(5), SendImm(6)};
    End(code);
    EXPECT_EQ(RunMacro(code, {0}).methods,
              (Methods{{0x123, 1}, {0x123, 2}, {0x100, 3}, {0x13F, 4}, {0xFFF, 5}, {0x000, 6}}));
}

// SetOut; branch on r1 to +3; send 1 (delay slot); send 2; send 3 (the target).
std::vector<u32> BranchOver(bool not_zero, bool annul) {
    std::vector<u32> code = {SetOut(), Branch(not_zero, annul, 1, 3), SendImm(1), SendImm(2),
                             SendImm(3)};
    End(code);
    return code;
}

std::vector<u32> Sent(const Methods& methods) {
    std::vector<u32> values;
    for (const auto& [m, v] : methods) {
        values.push_back(v);
    }
    return values;
}

TEST(FermiMacro, BranchesWithAndWithoutDelaySlot) {
    EXPECT_EQ(Sent(RunMacro(BranchOver(false, false), {0}).methods), (std::vector<u32>{1, 3}));
    EXPECT_EQ(Sent(RunMacro(BranchOver(false, true), {0}).methods), (std::vector<u32>{3}));
    EXPECT_EQ(Sent(RunMacro(BranchOver(false, false), {5}).methods), (std::vector<u32>{1, 2, 3}));
    EXPECT_EQ(Sent(RunMacro(BranchOver(true, false), {5}).methods), (std::vector<u32>{1, 3}));
    EXPECT_EQ(Sent(RunMacro(BranchOver(true, true), {5}).methods), (std::vector<u32>{3}));
    EXPECT_EQ(Sent(RunMacro(BranchOver(true, true), {0}).methods), (std::vector<u32>{1, 2, 3}));
}

TEST(FermiMacro, BackwardBranchLoopsAndItsDelaySlotRunsEachTime) {
    // r1 counts down; the delayed branch's slot sends a marker every iteration.
    std::vector<u32> code = {SetOut(0), AddImm(A::MoveSend, 1, 1, -1), Branch(true, false, 1, -1),
                             SendImm(0x99)};
    End(code);
    const Result r = RunMacro(code, {3});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{2, 0x99, 1, 0x99, 0, 0x99}));
    EXPECT_EQ(r.run.exit, MacroExit::Exited);
}

TEST(FermiMacro, ExitRunsItsDelaySlotOnly) {
    std::vector<u32> code = {SetOut(), SendImm(6), AddImm(A::Move, 0, 0, 0, true), SendImm(7),
                             SendImm(8)};
    const Result r = RunMacro(code, {0});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{6, 7}));
    EXPECT_EQ(r.run.instructions, 4u);
}

TEST(FermiMacro, ExitBitInADelaySlotIsIgnored) {
    std::vector<u32> code = {SetOut(), Branch(false, false, 0, 3),
                             AddImm(A::MoveSend, 0, 0, 1, true), SendImm(2), SendImm(3)};
    End(code);
    EXPECT_EQ(Sent(RunMacro(code, {0}).methods), (std::vector<u32>{1, 3}));
}

TEST(FermiMacro, ExitBitOnATakenBranchIsIgnoredAndOnAnUntakenOneExits) {
    // The form deko3d's Draw macro uses for its early exit ("*bnz r7 .cancelExit").
    std::vector<u32> code = {SetOut(), Branch(true, false, 1, 2, true), SendImm(1), SendImm(2)};
    End(code);
    EXPECT_EQ(Sent(RunMacro(code, {1}).methods), (std::vector<u32>{1, 2}));
    EXPECT_EQ(Sent(RunMacro(code, {0}).methods), (std::vector<u32>{1}));
}

TEST(FermiMacro, BranchInADelaySlotStops) {
    std::vector<u32> code = {Branch(false, false, 0, 2), Branch(false, false, 0, 2), kNop, kNop};
    End(code);
    const Result r = RunMacro(code, {0});
    EXPECT_EQ(r.run.exit, MacroExit::IllegalInstruction);
    EXPECT_EQ(r.run.instructions, 2u);
}

TEST(FermiMacro, FirstParameterIsPreloadedAndMissingOnesReadZero) {
    std::vector<u32> code = {SetOut(),
                             AddImm(A::Fetch, 2, 0, 0),
                             AddImm(A::Fetch, 3, 0, 0),
                             Alu(A::MoveSend, 0, FermiAluOp::Add, 1, 0),
                             Alu(A::MoveSend, 0, FermiAluOp::Add, 2, 0),
                             Alu(A::MoveSend, 0, FermiAluOp::Add, 3, 0)};
    End(code);
    Result r = RunMacro(code, {7, 8});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{7, 8, 0}));
    EXPECT_EQ(r.run.parameters_fetched, 3u);
    EXPECT_EQ(r.run.missing_parameters, 1u);
    r = RunMacro(code, {});
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{0, 0, 0}));
    EXPECT_EQ(r.run.missing_parameters, 3u);
}

TEST(FermiMacro, RegisterZeroStaysZero) {
    std::vector<u32> code = {AddImm(A::Move, 0, 0, 55), SetOut(),
                             Alu(A::MoveSend, 0, FermiAluOp::Add, 0, 0)};
    End(code);
    EXPECT_EQ(Sent(RunMacro(code, {1}).methods), (std::vector<u32>{0}));
}

TEST(FermiMacro, UndefinedEncodingsStop) {
    std::vector<u32> op6 = {SetOut(), SendImm(1), 6u, SendImm(2)};
    Result r = RunMacro(op6, {0});
    EXPECT_EQ(r.run.exit, MacroExit::IllegalInstruction);
    EXPECT_EQ(Sent(r.methods), (std::vector<u32>{1}));
    for (u32 alu_op : {4u, 5u, 6u, 7u, 13u, 31u}) {
        std::vector<u32> code = {Alu(A::Move, 1, static_cast<FermiAluOp>(alu_op), 1, 1)};
        End(code);
        EXPECT_EQ(RunMacro(code, {0}).run.exit, MacroExit::IllegalInstruction) << alu_op;
    }
}

TEST(FermiMacro, EndlessMacroStopsAtTheBudget) {
    const std::vector<u32> code = {Branch(false, true, 0, 0)};
    const Result r = RunMacro(code, {1, 2}, ExecutionLimits{1000, 10});
    EXPECT_EQ(r.run.exit, MacroExit::BudgetExhausted);
    EXPECT_EQ(r.run.instructions, 1020u);
}

TEST(FermiMacro, RunningOffTheInstructionRamStops) {
    const Result r = RunMacro({kNop, kNop}, {0}, {}, kInstructionRamWords - 2);
    EXPECT_EQ(r.run.exit, MacroExit::CodeOutOfRange);
    EXPECT_EQ(r.run.instructions, 2u);
    const Result back = RunMacro({Branch(false, true, 0, -100)}, {0});
    EXPECT_EQ(back.run.exit, MacroExit::CodeOutOfRange);
}

}  // namespace
}  // namespace gpu::macro
