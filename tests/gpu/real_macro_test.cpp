// Whole macros with known output (sample_macros.h says where each comes from), and the
// MME_DMA_READ_FIFOED sequence of Mesa's dma_read_fifoed hardware test.
#include <gtest/gtest.h>

#include "macro_test_support.h"
#include "sample_macros.h"

namespace gpu::macro {
namespace {

using namespace test;

// What draw.mme's comments say it does: first vertex, base instance (and the driver constant
// buffer's gl_BaseInstance when non-zero), then one BEGIN/COUNT/END per instance with
// INSTANCE_NEXT from the second on, then gl_BaseInstance back to 0.
Methods DekoDrawExpected(u32 primitive, u32 count, u32 instances, u32 first, u32 base) {
    Methods expected = {{kDrawArraysFirst, first}};
    if (instances == 0) {
        return expected;  // the early exit
    }
    expected.emplace_back(kDrawBaseInstance, base);
    if (base != 0) {
        expected.emplace_back(kLoadConstbufOffset, 4);
        expected.emplace_back(kLoadConstbufOffset + 1, base);
    }
    for (u32 i = 0; i < instances; ++i) {
        expected.emplace_back(kVertexBeginGl, i == 0 ? primitive : primitive | kInstanceNext);
        expected.emplace_back(kDrawArraysCount, count);
        expected.emplace_back(kVertexEndGl, 0);
    }
    if (base != 0) {
        expected.emplace_back(kLoadConstbufOffset, 4);
        expected.emplace_back(kLoadConstbufOffset + 1, 0);
    }
    return expected;
}

TEST(RealMacros, Deko3dDrawRepeatsBeginEndPerInstance) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    const std::vector<u32> code = DekoDraw();
    Upload(engine, host, 2, code, 0x80);
    for (u32 instances : {0u, 1u, 2u, 5u}) {
        for (u32 base : {0u, 7u}) {
            host.methods.clear();
            const u32 triangles = 4, count = 3, first = 10;
            const MacroRun run =
                engine.Execute(2, std::vector<u32>{triangles, count, instances, first, base}, host);
            EXPECT_EQ(run.exit, MacroExit::Exited);
            EXPECT_EQ(run.missing_parameters, 0u);
            EXPECT_EQ(host.methods, DekoDrawExpected(triangles, count, instances, first, base))
                << instances << " instances, base " << base;
        }
    }
}

TEST(RealMacros, Deko3dSelectDriverConstbufReadsScratchState) {
    using namespace fermi;
    using A = FermiAssign;
    const std::vector<u32> code = {
        State(A::Move, 2, 0, kMmeDriverConstbufIova),  // ldi MmeDriverConstbufIova to r2
        State(A::Move, 3, 0, kMmeDriverConstbufSize),  // ldi MmeDriverConstbufSize to r3
        AddImm(A::MoveSetMethod, 0, 0, MethodWord(kConstbufSelectorSize, 1)),
        Alu(A::MoveSend, 0, FermiAluOp::Add, 3, 0),                      // r3 to mem
        Bitfield(FermiOp::BfeLslReg, A::MoveSend, 0, 0, 2, 24, 8, 0),    // lsr r2 24
        Bitfield(FermiOp::Merge, A::MoveSend, 0, 0, 2, 0, 24, 8, true),  // *lsl r2 8
        Bitfield(FermiOp::Merge, A::MoveSend, 0, 0, 1, 0, 30, 2),        // lsl r1 2
    };
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    // The driver keeps the constant buffer's address >> 8 and its size in shadow scratch.
    constexpr u64 kIova = 0x8'1234'5600;
    engine.WriteMethod(kMmeDriverConstbufIova, static_cast<u32>(kIova >> 8), host);
    engine.WriteMethod(kMmeDriverConstbufSize, 0x10000, host);
    Upload(engine, host, 0, code);
    const MacroRun run = engine.Execute(0, std::vector<u32>{3}, host);
    EXPECT_EQ(run.exit, MacroExit::Exited);
    EXPECT_EQ(run.instructions, 7u);
    EXPECT_EQ(host.methods, (Methods{{kConstbufSelectorSize, 0x10000},
                                     {kConstbufSelectorSize + 1, static_cast<u32>(kIova >> 32)},
                                     {kConstbufSelectorSize + 2, static_cast<u32>(kIova)},
                                     {kLoadConstbufOffset, 3 * 4}}));
}

TEST(RealMacros, Mme64DrawRepeatsBeginEndPerInstance) {
    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    Upload(engine, host, 9, Mme64Draw(), 0x300);
    for (u32 instances : {0u, 1u, 3u, 40u}) {
        host.methods.clear();
        const u32 begin = 5, first = 100, count = 6;
        const MacroRun run =
            engine.Execute(9, std::vector<u32>{begin, first, count, instances}, host);
        Methods expected;
        for (u32 i = 0; i < instances; ++i) {
            expected.emplace_back(kVertexBeginGl, i == 0 ? begin : begin | kInstanceNext);
            expected.emplace_back(kDrawArraysFirst, first);
            expected.emplace_back(kDrawArraysCount, count);
            expected.emplace_back(kVertexEndGl, 0);
        }
        EXPECT_EQ(run.exit, MacroExit::Exited);
        EXPECT_EQ(host.methods, expected) << instances;
        EXPECT_EQ(run.instructions, instances == 0 ? 3u : 4u + 4 * instances + 2) << instances;
    }
}

TEST(RealMacros, Mme64ReadFifoedLoadsMemoryAheadOfParameters) {
    using namespace mme64;
    using Op = Mme64Op;
    using Src = Mme64Source;
    using Out = Mme64Output;
    constexpr u64 kAddress = 0x1'0000'4000;
    std::vector<Group> groups(7);
    groups[0].alu[0].imm = MethodWord(method::kSetMmeDataRamAddress, 0);
    groups[0].out[0] = {O(Out::Imm0), O(Out::Imm1)};
    groups[1].alu[0].imm = MethodWord(method::kSetMmeMemAddressA, 1);
    groups[1].alu[1].imm = static_cast<u16>(kAddress >> 32);
    groups[1].out[0] = {O(Out::Imm0), O(Out::Imm1)};
    groups[2].alu[0].imm = static_cast<u16>(kAddress >> 16);
    groups[2].alu[1].imm = static_cast<u16>(kAddress);
    groups[2].out[0] = {O(Out::None), O(Out::Imm32)};
    groups[3].alu[0].imm = MethodWord(method::kMmeDmaReadFifoed, 0);
    groups[3].alu[1].imm = 2;
    groups[3].out[0] = {O(Out::Imm0), O(Out::Imm1)};
    groups[4].alu[0] = Alu(Op::Extended, S(Src::Zero), S(Src::Imm), S(Src::ImmPair), 0x1000);
    groups[4].alu[1].imm = 1;
    groups[5].alu = {Alu(Op::Add, R(0), S(Src::Load0), S(Src::Zero)),
                     Alu(Op::Add, R(1), S(Src::Load1), S(Src::Zero))};
    groups[6].alu = {Alu(Op::Add, S(Src::Zero), R(0), S(Src::Zero), MethodWord(0x400, 1)),
                     Alu(Op::Add, S(Src::Zero), R(1), S(Src::Zero))};
    groups[6].out = {Mme64Out{O(Out::Imm0), O(Out::Alu0)}, Mme64Out{O(Out::None), O(Out::Alu1)}};
    Finish(groups);

    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    for (u32 i = 0; i < 64; ++i) {
        host.memory[kAddress + 4 * i] = 1000 + i;
    }
    Upload(engine, host, 0, Assemble(groups));
    const MacroRun run = engine.Execute(0, std::vector<u32>{7}, host);
    EXPECT_EQ(run.exit, MacroExit::Exited);
    EXPECT_EQ(run.missing_parameters, 0u);
    EXPECT_EQ(host.methods, (Methods{{method::kSetMmeDataRamAddress, 0},
                                     {method::kSetMmeMemAddressA, 1},
                                     {method::kSetMmeMemAddressB, 0x4000},
                                     {method::kMmeDmaReadFifoed, 2},
                                     {0x400, 1000},
                                     {0x401, 1001}}));
}

}  // namespace
}  // namespace gpu::macro
