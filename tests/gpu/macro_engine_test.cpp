// Uploads, the shadow RAM, MME64's data RAM DMA and the disassembly of both formats.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "macro_test_support.h"

namespace gpu::macro {
namespace {

using namespace test;
using Op = Mme64Op;
using Src = Mme64Source;
using Out = Mme64Output;

TEST(MacroEngine, UploadsFillTheInstructionRamAndStartTable) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    const std::vector<u32> a = {fermi::kNop, fermi::AddImm(FermiAssign::Move, 0, 0, 0, true),
                                fermi::kNop};
    Upload(engine, host, 0, a, 0x10);
    Upload(engine, host, 127, a, 0x20);
    EXPECT_EQ(engine.MacroStart(0), 0x10u);
    EXPECT_EQ(engine.MacroStart(127), 0x20u);
    EXPECT_EQ(engine.InstructionRam()[0x11], a[1]);
    EXPECT_EQ(engine.InstructionRam()[0x22], a[2]);
    // The pointers auto-increment: a second run of data words continues where the first ended.
    engine.WriteMethod(method::kLoadMmeInstructionRam, 0xAAAA, host);
    EXPECT_EQ(engine.InstructionRam()[0x23], 0xAAAAu);
    engine.WriteMethod(method::kLoadMmeStartAddressRamPointer, 5, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRam, 0x100, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRam, 0x200, host);
    EXPECT_EQ(engine.MacroStart(5), 0x100u);
    EXPECT_EQ(engine.MacroStart(6), 0x200u);
    EXPECT_EQ(engine.Execute(0, std::vector<u32>{1}, host).exit, MacroExit::Exited);
    EXPECT_EQ(engine.Execute(kMacroCount, std::vector<u32>{1}, host).exit, MacroExit::NoSuchMacro);
    // Writes past the RAM or the table are dropped, never stored elsewhere.
    engine.WriteMethod(method::kLoadMmeInstructionRamPointer, kInstructionRamWords, host);
    engine.WriteMethod(method::kLoadMmeInstructionRam, 1, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRamPointer, kMacroCount, host);
    engine.WriteMethod(method::kLoadMmeStartAddressRam, 1, host);
    EXPECT_EQ(engine.MacroStart(0), 0x10u);
}

TEST(MacroEngine, CallMethodsNameTheirMacro) {
    EXPECT_FALSE(IsMacroCallMethod(0xDFF));
    EXPECT_TRUE(IsMacroCallMethod(0xE00));
    EXPECT_EQ(CalledMacro(0xE00), 0u);
    EXPECT_EQ(CalledMacro(0xE01), 0u);  // CALL_MME_DATA(0)
    EXPECT_EQ(CalledMacro(0xE24), 0x12u);
    EXPECT_EQ(CalledMacro(0xFFF), 0x7Fu);
}

TEST(MacroEngine, ShadowRamTrackPassthroughAndReplay) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    EXPECT_EQ(engine.ShadowMode(), ShadowRamMode::Track);
    EXPECT_EQ(engine.WriteMethod(0x360, 11, host), 11u);
    EXPECT_EQ(engine.ShadowValue(0x360), 11u);
    engine.WriteMethod(method::kSetMmeShadowRamControl, 2, host);  // METHOD_PASSTHROUGH
    EXPECT_EQ(engine.ShadowMode(), ShadowRamMode::Passthrough);
    EXPECT_EQ(engine.WriteMethod(0x360, 22, host), 22u);
    EXPECT_EQ(engine.ShadowValue(0x360), 11u);
    engine.WriteMethod(method::kSetMmeShadowRamControl, 3, host);  // METHOD_REPLAY
    EXPECT_EQ(engine.WriteMethod(0x360, 33, host), 11u);           // the tracked value is applied
    EXPECT_EQ(engine.ShadowValue(0x360), 11u);
    engine.WriteMethod(method::kSetMmeShadowRamControl, 1, host);  // METHOD_TRACK_WITH_FILTER
    EXPECT_EQ(engine.WriteMethod(0x360, 44, host), 44u);
    EXPECT_EQ(engine.ShadowValue(0x360), 44u);
    // The class's control methods below 0x80 are not shadowed.
    engine.WriteMethod(method::kSetMmeShadowRamControl, 3, host);
    EXPECT_EQ(engine.WriteMethod(0x40, 5, host), 5u);

    // A macro's STATE read sees the shadow RAM, not what passthrough wrote.
    engine.WriteMethod(method::kSetMmeShadowRamControl, 2, host);
    engine.WriteMethod(0x360, 99, host);
    const std::vector<u32> code = {
        fermi::AddImm(FermiAssign::MoveSetMethod, 0, 0, fermi::MethodWord(0x400, 0)),
        fermi::State(FermiAssign::MoveSend, 0, 0, 0x360, true), fermi::kNop};
    Upload(engine, host, 1, code);
    engine.Execute(1, std::vector<u32>{0}, host);
    EXPECT_EQ(host.methods, (Methods{{0x400, 44}}));
}

TEST(MacroEngine, MacroEmitsPassThroughTheShadowRamAndReachTheHost) {
    // Mesa's multi_param test: a macro writes SET_MME_SHADOW_SCRATCH and reads it back.
    using namespace test::mme64;
    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    const u32 scratch12 = method::kSetMmeShadowScratch0 + 12;
    const u32 scratch35 = method::kSetMmeShadowScratch0 + 35;
    Group write;
    write.alu[0].imm = MethodWord(scratch12, 1);
    write.alu[1].imm = MethodWord(scratch35, 1);
    write.out[0] = {O(Out::Imm0), O(Out::Load0)};
    write.out[1] = {O(Out::Imm1), O(Out::Load1)};
    Group read;
    read.alu[0] = Alu(Op::State, R(0), S(Src::Imm), S(Src::Zero), static_cast<u16>(scratch12));
    Group read2;
    read2.alu[0] = Alu(Op::State, R(1), S(Src::Imm), S(Src::Zero), static_cast<u16>(scratch35));
    Group send;
    send.alu[0] = Alu(Op::Add, S(Src::Zero), R(0), S(Src::Zero), MethodWord(0x400, 1));
    send.alu[1] = Alu(Op::Add, S(Src::Zero), R(1), S(Src::Zero));
    send.out[0] = {O(Out::Imm0), O(Out::Alu0)};
    send.out[1] = {O(Out::None), O(Out::Alu1)};
    std::vector<Group> groups = {write, read, read2, send};
    Finish(groups);
    Upload(engine, host, 0, Assemble(groups));
    engine.Execute(0, std::vector<u32>{2581, 3048}, host);
    EXPECT_EQ(host.methods,
              (Methods{{scratch12, 2581}, {scratch35, 3048}, {0x400, 2581}, {0x401, 3048}}));
    EXPECT_EQ(engine.ShadowValue(scratch35), 3048u);
}

TEST(MacroEngine, Mme64DmaWriteAndReadBetweenDataRamAndMemory) {
    MacroEngine engine(MacroFormat::Mme64);
    RecordingHost host;
    constexpr u64 kAddress = 0x12'3456'7000;
    host.Map(kAddress, 32);
    // Mesa's dwrite_dma test: data RAM words 3..22 go to memory words 0..19.
    using namespace test::mme64;
    Group write;
    write.alu[0] = Alu(Op::Dwrite, S(Src::Zero), S(Src::Imm), S(Src::Load0), 5);
    write.alu[1] = Alu(Op::Dwrite, S(Src::Zero), S(Src::Imm), S(Src::Load1), 8);
    std::vector<Group> groups = {write};
    Finish(groups);
    Upload(engine, host, 0, Assemble(groups));
    engine.Execute(0, std::vector<u32>{0xC0FFEE01, 0x00FFEE00}, host);
    engine.WriteMethod(method::kSetMmeMemAddressA, static_cast<u32>(kAddress >> 32), host);
    engine.WriteMethod(method::kSetMmeMemAddressB, static_cast<u32>(kAddress), host);
    engine.WriteMethod(method::kSetMmeDataRamAddress, 3, host);
    engine.WriteMethod(method::kMmeDmaWrite, 20, host);
    for (u32 i = 0; i < 20; ++i) {
        EXPECT_EQ(host.memory[kAddress + 4 * i], i == 2   ? 0xC0FFEE01u
                                                 : i == 5 ? 0x00FFEE00u
                                                          : 0u)
            << i;
    }
    // MME_DMA_READ the other way, into data RAM word 100.
    host.memory[kAddress + 4] = 0x5555;
    engine.WriteMethod(method::kSetMmeDataRamAddress, 100, host);
    engine.WriteMethod(method::kMmeDmaRead, 3, host);
    EXPECT_EQ(engine.DataRam()[100], 0u);
    EXPECT_EQ(engine.DataRam()[101], 0x5555u);
    EXPECT_EQ(engine.DataRam()[102], 0xC0FFEE01u);
    // Unmapped memory and runs past the data RAM are refused, not a crash.
    engine.WriteMethod(method::kSetMmeMemAddressB, 0, host);
    engine.WriteMethod(method::kMmeDmaRead, 4, host);
    EXPECT_EQ(engine.DataRam()[101], 0u);
    engine.WriteMethod(method::kSetMmeDataRamAddress, kDataRamWords - 1, host);
    engine.WriteMethod(method::kMmeDmaWrite, 0xFFFFFFFF, host);
    engine.WriteMethod(method::kMmeDmaReadFifoed, 0xFFFFFFFF, host);
}

TEST(MacroEngine, FermiClassesDoNotOwnTheMme64DmaOffsets) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    engine.WriteMethod(method::kSetMmeDataRamAddress, 0, host);
    host.Map(0, 4);
    engine.WriteMethod(method::kMmeDmaRead, 4, host);  // MAXWELL_B method 0x55C, not a DMA
    EXPECT_EQ(engine.ShadowValue(method::kMmeDmaRead), 4u);
}

TEST(MacroDisassembly, FermiInstructions) {
    using namespace test::fermi;
    EXPECT_EQ(DisassembleFermi(Alu(FermiAssign::MoveSend, 2, FermiAluOp::Add, 1, 3)),
              "move.send r2, add r1, r3");
    EXPECT_EQ(DisassembleFermi(AddImm(FermiAssign::Fetch, 6, 0, 0)), "fetch r6, addi r0, 0");
    EXPECT_EQ(DisassembleFermi(AddImm(FermiAssign::MoveSetMethod, 0, 0, MethodWord(0x586, 0))),
              "move.maddr r0, addi r0, 1414");
    EXPECT_EQ(DisassembleFermi(Branch(true, false, 7, -5)), "bnz r7, -5");
    EXPECT_EQ(DisassembleFermi(Branch(false, true, 5, 3, true)), "bz.annul r5, +3; exit");
    EXPECT_EQ(DisassembleFermi(Bitfield(FermiOp::Merge, FermiAssign::Move, 1, 1, 2, 0, 2, 26)),
              "move r1, merge r1, r2 (dst 26, size 2, src 0)");
    EXPECT_EQ(DisassembleFermi(State(FermiAssign::Move, 2, 0, 0xD18)), "move r2, state r0 + 0xd18");
    EXPECT_EQ(DisassembleFermi(6), "fetch r0, undefined6");
}

TEST(MacroDisassembly, Mme64Groups) {
    using namespace test::mme64;
    Group g;
    g.predicate_mode = 3;
    g.predicate = R(3);
    g.alu[0] = Alu(Op::Add, R(4), R(1), S(Src::Imm), 5);
    g.alu[1].imm = MethodWord(0x586, 1);
    g.out[0] = {O(Out::Imm1), O(Out::Alu0)};
    g.end_next = true;
    auto words = Encode(g);
    EXPECT_EQ(DisassembleMme64(words[0], words[1], words[2]),
              "pred TTUU r3 | r4 = add r1, 5 | mthd(0x586, +1) emit(alu0) | end_next");
    Group branch;
    branch.alu[0] = Alu(Op::Blt, S(Src::Zero), R(0), S(Src::ImmPair), 0x8000 | (-8 & 0x1FFF));
    branch.alu[1].imm = 3;
    words = Encode(branch);
    EXPECT_EQ(DisassembleMme64(words[0], words[1], words[2]), "blt r0, 3, -8");
    Group exit;
    exit.alu[0] = Alu(Op::Beq, S(Src::Zero), S(Src::Zero), S(Src::Zero), 0x1000);
    words = Encode(exit);
    EXPECT_EQ(DisassembleMme64(words[0], words[1], words[2]), "beq.not zero, zero, exit");
    words = Encode(Group{});
    EXPECT_EQ(DisassembleMme64(words[0], words[1], words[2]), "nop");
}

TEST(MacroDisassembly, EngineListsAMacroFromItsStart) {
    MacroEngine engine(MacroFormat::Fermi);
    RecordingHost host;
    const std::vector<u32> code = {test::fermi::AddImm(FermiAssign::Fetch, 6, 0, 0),
                                   test::fermi::kNop};
    Upload(engine, host, 3, code, 0x40);
    EXPECT_EQ(
        engine.Disassemble(3, 2),
        fmt::format("00040: {:08x}  fetch r6, addi r0, 0\n00041: {:08x}  move r0, addi r0, 0\n",
                    code[0], code[1]));
}

}  // namespace
}  // namespace gpu::macro
