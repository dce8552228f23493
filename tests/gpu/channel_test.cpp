#include "gpu/channel.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "gpu/engines/register_engine.h"
#include "gpu/gpu_timer.h"
#include "gpu_test_rig.h"
#include "macro_test_support.h"

namespace {

using namespace gpu_test;

constexpr u32 kSetObject = 0;

const gpu::engines::RegisterEngine& ThreedOn(const Rig& rig, u32 subchannel) {
    const auto* engine = rig.channel->EngineOn(subchannel);
    EXPECT_NE(engine, nullptr);
    return static_cast<const gpu::engines::RegisterEngine&>(*engine);
}

TEST(Channel, SetObjectBindsEachSubchannelsClass) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    Method(words, 1, kSetObject, {0xB1C0});
    Method(words, 2, kSetObject, {0xA140});
    Method(words, 3, kSetObject, {0x902D});
    Method(words, 4, kSetObject, {0xB0B5});
    Method(words, 5, kSetObject, {0x1234});  // no such class
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    const u32 expected[] = {0xB197, 0xB1C0, 0xA140, 0x902D, 0xB0B5};
    for (u32 subchannel = 0; subchannel < 5; ++subchannel) {
        ASSERT_NE(rig.channel->EngineOn(subchannel), nullptr);
        EXPECT_EQ(rig.channel->EngineOn(subchannel)->ClassNumber(), expected[subchannel]);
    }
    EXPECT_EQ(rig.channel->EngineOn(5), nullptr);
    EXPECT_EQ(rig.channel->MethodsExecuted(), 6u);
}

TEST(Channel, MethodsReachTheSubchannelsEngineAndItsRegisters) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xC797});
    Method(words, 0, 0x800 / 4, {0x12, 0x3456'0000, 1280, 720});  // SET_COLOR_TARGET_A..HEIGHT(0)
    words.push_back(Immediate(0, 0x1618 / 4, 4));                 // BEGIN: a draw not executed
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    const auto& registers = ThreedOn(rig, 0).Registers();
    EXPECT_EQ(registers.Get(0x800 / 4), 0x12u);
    EXPECT_EQ(registers.Get(0x804 / 4), 0x3456'0000u);
    EXPECT_EQ(registers.Get(0x808 / 4), 1280u);
    EXPECT_EQ(registers.Get(0x80C / 4), 720u);
    EXPECT_EQ(registers.Get(0x1618 / 4), 4u);
}

// deko3d and NVN upload macros through LOAD_MME_* and call them with CALL_MME_MACRO(j) +
// CALL_MME_DATA; the methods a macro emits land in the 3D class as pushbuffer methods do.
TEST(Channel, AMacroUploadedAndCalledThroughThePushbufferEmitsItsMethods) {
    using namespace gpu::macro::test::fermi;
    using A = gpu::macro::FermiAssign;
    namespace method = gpu::macro::method;
    // Sends its first parameter (preloaded in r1) to 0x600 and its second to 0x601.
    const std::vector<u32> code = {
        AddImm(A::MoveSetMethod, 0, 0, MethodWord(0x600, 1)),
        Alu(A::MoveSend, 0, gpu::macro::FermiAluOp::Add, 1, 0),
        AddImm(A::Fetch, 2, 0, 0),
        Alu(A::MoveSend, 0, gpu::macro::FermiAluOp::Add, 2, 0),
        AddImm(A::Move, 0, 0, 0, true),
        kNop,
    };
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    words.push_back(Immediate(0, method::kLoadMmeInstructionRamPointer, 8));
    words.push_back(
        NonIncrementing(0, method::kLoadMmeInstructionRam, static_cast<u32>(code.size())));
    words.insert(words.end(), code.begin(), code.end());
    words.push_back(Immediate(0, method::kLoadMmeStartAddressRamPointer, 3));
    words.push_back(Immediate(0, method::kLoadMmeStartAddressRam, 8));
    Method(words, 0, method::kCallMmeMacro0 + 2 * 3, {0xAAAA, 0xBBBB});
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    const auto& registers = ThreedOn(rig, 0).Registers();
    EXPECT_EQ(registers.Get(0x600), 0xAAAAu);
    EXPECT_EQ(registers.Get(0x601), 0xBBBBu);
}

// deko3d's WriteHardwareReg macro calls FIRMWARE_CALL(4) and then spins until the firmware has
// set MmeFirmwareArgs[0] to 1; STATE reads see it through the macro engine's shadow RAM.
TEST(Channel, FirmwareCallFourReportsItsWorkDone) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    words.push_back(Immediate(0, 0x2310 / 4, 0));
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(ThreedOn(rig, 0).Registers().Get(0x3400 / 4), 1u);
}

TEST(Channel, ARunCrossesSegmentsAndASubroutineSegmentKeepsItsOwnRun) {
    Rig rig;
    std::vector<u32> bind;
    Method(bind, 0, kSetObject, {0xB197});
    const u64 first = rig.Segment(bind);
    // A main segment ends inside a run of three; a subroutine segment runs a method of its
    // own; the next main segment carries the run's last two words.
    const u64 opens = rig.Segment({Incrementing(0, 0x200, 3), 0xA1});
    const u64 subroutine = rig.Segment({Incrementing(0, 0x300, 1), 0xB1}, true);
    const u64 closes = rig.Segment({0xA2, 0xA3, Immediate(0, 0x301, 0x55)});
    // A control entry between them changes nothing.
    rig.channel->Queue(gpu::Submission{{}, {first, opens, u64{0}, subroutine, closes}, {}});
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle);
    const auto& registers = ThreedOn(rig, 0).Registers();
    EXPECT_EQ(registers.Get(0x200), 0xA1u);
    EXPECT_EQ(registers.Get(0x201), 0xA2u);
    EXPECT_EQ(registers.Get(0x202), 0xA3u);
    EXPECT_EQ(registers.Get(0x300), 0xB1u);
    EXPECT_EQ(registers.Get(0x301), 0x55u);
}

TEST(Channel, EndOfSegmentSkipsTheRestOfTheSegment) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    words.push_back(Immediate(0, 0x400, 1));
    words.push_back(kEndSegment);
    words.push_back(Immediate(0, 0x401, 2));
    EXPECT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(ThreedOn(rig, 0).Registers().Get(0x400), 1u);
    EXPECT_EQ(ThreedOn(rig, 0).Registers().Get(0x401), 0u);
}

TEST(Channel, TheDriversWordsRunAroundTheEntries) {
    Rig rig;
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    words.push_back(Immediate(0, 0x400, 9));
    const u32 id = 20;
    rig.syncpoints->Reserve(id, 1);
    gpu::Submission submission{{}, {rig.Segment(words)}, {}};
    Method(submission.epilogue, 0, 0x74 / 4, {(id << 8) | 1});  // SYNCPOINTB increment
    rig.channel->Queue(std::move(submission));
    EXPECT_EQ(rig.syncpoints->Read(id), 0u);
    EXPECT_EQ(rig.channel->Run(), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.syncpoints->Read(id), 1u);
    EXPECT_EQ(ThreedOn(rig, 0).Registers().Get(0x400), 9u);
}

TEST(Channel, TheThreedClassReleasesReportSemaphores) {
    Rig rig;
    const u64 at = Rig::kData;
    rig.Put<u64>(at + 8, ~u64{0});
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    // One word (STRUCTURE_SIZE 28 set), as deko3d's fences: 0x1000f010.
    Method(words, 0, 0x1B00 / 4, {High(at), Low(at), 0x31, 0x1000'F010});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(at), 0x31u);
    EXPECT_EQ(rig.Get<u64>(at + 8), ~u64{0});
    // Four words: the payload as 64 bits, then the timestamp.
    words.clear();
    Method(words, 0, 0x1B00 / 4, {High(at + 0x20), Low(at + 0x20), 0x32, 0});
    rig.Put<u64>(at + 0x20, ~u64{0});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u64>(at + 0x20), 0x32u);
    EXPECT_GT(rig.Get<u64>(at + 0x28), 0u);
    // A counter report (REPORT 2, ZPASS_PIXEL_CNT) writes nothing: nothing is counted.
    words.clear();
    Method(words, 0, 0x1B00 / 4, {High(at + 0x40), Low(at + 0x40), 0x33, (2u << 23) | (1u << 28)});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(at + 0x40), 0u);
}

// REPORT_ONLY (OPERATION 2) writes the counter REPORT names: NONE the payload, with the GPU
// timer's time (here a source set by the test, as a run sets the guest clock); a counter
// nxhost does not count (VS_INVOCATIONS 5), or samples passed on a host GPU that cannot count
// them (none here), writes nothing.
TEST(Channel, CounterReportsWriteWhatIsCountedAndNothingElse) {
    gpu::SetGpuTimerSource([] { return u64{123'456'789}; });
    Rig rig;
    const u64 at = Rig::kData;
    std::memset(rig.Data(at), 0xEE, 0x40);
    std::vector<u32> words;
    Method(words, 0, kSetObject, {0xB197});
    Method(words, 0, 0x1B00 / 4, {High(at), Low(at), 0x77, 2});
    Method(words, 0, 0x1B00 / 4, {High(at + 0x10), Low(at + 0x10), 0x78, 2 | 5u << 23});
    Method(words, 0, 0x1B00 / 4, {High(at + 0x20), Low(at + 0x20), 0x79, 2 | 2u << 23});
    ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
    gpu::SetGpuTimerSource({});
    EXPECT_EQ(rig.Get<u64>(at), 0x77u);
    EXPECT_EQ(rig.Get<u64>(at + 8), 123'456'789u);
    EXPECT_EQ(rig.Get<u64>(at + 0x10), 0xEEEE'EEEE'EEEE'EEEEu);
    EXPECT_EQ(rig.Get<u64>(at + 0x20), 0xEEEE'EEEE'EEEE'EEEEu);
}

TEST(Channel, TheDumpNamesEveryExecutedMethod) {
    const auto path = std::filesystem::temp_directory_path() / "nxhost_gpu_dump_test.txt";
    {
        auto dump = gpu::GpuDump::Open(path);
        ASSERT_NE(dump, nullptr);
        Rig rig;
        gpu::ChannelSetup setup = ChannelSetupFor(7, 0xB06F, rig.syncpoints);
        setup.dump = dump;
        auto channel = std::make_shared<gpu::Channel>(setup);
        channel->BindMemory(rig.memory);
        std::vector<u32> words;
        Method(words, 2, kSetObject, {0xA140});
        Method(words, 2, 0x180 / 4, {16});
        Method(words, 2, 0x1234 / 4, {5});  // no name in the tables
        channel->Queue(gpu::Submission{{}, {rig.Segment(words)}, {}});
        EXPECT_EQ(channel->Run(), gpu::ChannelProgress::Idle);
    }
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    const std::string dump = text.str();
    EXPECT_NE(dump.find("# ch 7 gp entry 0x100000000, 6 words, main"), std::string::npos) << dump;
    EXPECT_NE(dump.find("ch 7 sub 2 MAXWELL_CHANNEL_GPFIFO_A   0x0000 SET_OBJECT"),
              std::string::npos)
        << dump;
    EXPECT_NE(dump.find("ch 7 sub 2 KEPLER_INLINE_TO_MEMORY_B  0x0180 LINE_LENGTH_IN"),
              std::string::npos)
        << dump;
    EXPECT_NE(dump.find("0x1234" + std::string(36, ' ') + "0x00000005"), std::string::npos) << dump;
    std::filesystem::remove(path);
}

}  // namespace
