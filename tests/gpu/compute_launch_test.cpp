// The compute classes' launches as the host GPU receives them: QMDs written here at NVIDIA's
// bit positions (compute_launch_support.h), launched by SEND_PCAS_A + SEND_SIGNALING_PCAS_B,
// and a recording host GPU shows the program, grid, block, memory sizes and constant buffers
// each launch carried, checked against the values written; the QMD's release semaphore lands
// after the launch, and launches nxhost refuses reach no host GPU and release nothing.

#include <gtest/gtest.h>

#include <cstring>

#include "compute_launch_support.h"

namespace {

using namespace gpu_test;

class RecordingHostGpu final : public gpu::HostGpu {
public:
    std::string_view Name() const override { return "recording"; }
    void ClearColor(const gpu::ColorClear&) override {}
    void ClearDepthStencil(const gpu::DepthStencilClear&) override {}
    bool Draw(const gpu::DrawCall&) override { return true; }
    bool Dispatch(const gpu::ComputeCall& call) override {
        calls.push_back(call);
        return true;
    }
    void Synchronize() override {}
    std::vector<gpu::ComputeCall> calls;
};

constexpr u64 kQmd = Rig::kData;              // 256-byte aligned
constexpr u64 kRegion = Rig::kData + 0x1000;  // SET_PROGRAM_REGION
constexpr u64 kProgramOffset = 0x300;
constexpr u64 kSemaphore = Rig::kData + 0x8000;

void PutQmd(Rig& rig, const std::array<u32, 64>& qmd) {
    std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
}

// Three bundles of Maxwell code whose third instruction of the last is the self-branch, then
// words that are not code.
std::vector<u64> MaxwellProgram() {
    return {0x001f8000fc0007e0ull, 0x1111111111111111ull, 0x2222222222222222ull,
            0x3333333333333333ull, 0x001f8000fc0007e0ull, 0x4444444444444444ull,
            0x5555555555555555ull, 0x6666666666666666ull, 0x001f8000fc0007e0ull,
            0x7777777777777777ull, 0x8888888888888888ull, kMaxwellSelfBranch,
            0x9999999999999999ull, 0xAAAAAAAAAAAAAAAAull};
}

QmdFields SampleFields(u64 program) {
    QmdFields fields;
    fields.program = program;
    fields.grid = {3, 2, 5};
    fields.block = {64, 2, 1};
    fields.shared_bytes = 0x400;
    fields.local_bytes = 0x30;
    fields.barriers = 1;
    fields.constant_buffers[0] = {{Rig::kData + 0x2000, 0x300}};
    fields.constant_buffers[1] = {{Rig::kData + 0x2400, 0x100}};
    fields.constant_buffers[5] = {{Rig::kData + 0x2800, 0x40}};
    fields.release0 = QmdRelease{kSemaphore, 0xC0FFEE, true};
    return fields;
}

void ExpectSampleCall(const gpu::ComputeCall& call, u32 class_id, u64 program_address) {
    EXPECT_EQ(call.class_number, class_id);
    EXPECT_EQ(call.program_address, program_address);
    EXPECT_EQ(call.grid, (std::array<u32, 3>{3, 2, 5}));
    EXPECT_EQ(call.block, (std::array<u32, 3>{64, 2, 1}));
    EXPECT_EQ(call.shared_bytes, 0x400u);
    EXPECT_EQ(call.local_bytes, 0x30u);
    EXPECT_EQ(call.barriers, 1u);
    for (u32 i = 0; i < 8; ++i) {
        EXPECT_EQ(call.constant_buffers[i].has_value(), i == 0 || i == 1 || i == 5) << i;
    }
    ASSERT_TRUE(call.constant_buffers[0] && call.constant_buffers[1] && call.constant_buffers[5]);
    EXPECT_EQ(call.constant_buffers[0]->address, Rig::kData + 0x2000);
    EXPECT_EQ(call.constant_buffers[0]->size, 0x300u);
    EXPECT_EQ(call.constant_buffers[1]->address, Rig::kData + 0x2400);
    EXPECT_EQ(call.constant_buffers[1]->size, 0x100u);
    EXPECT_EQ(call.constant_buffers[5]->address, Rig::kData + 0x2800);
    EXPECT_EQ(call.constant_buffers[5]->size, 0x40u);
}

TEST(ComputeLaunch, MaxwellQmdReachesTheHostGpuAndReleases) {
    auto host = std::make_shared<RecordingHostGpu>();
    Rig rig(0xB06F, std::chrono::milliseconds(5000), host);
    const std::vector<u64> code = MaxwellProgram();
    std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size() * 8);
    PutQmd(rig, MaxwellQmd(SampleFields(kProgramOffset)));
    ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
    ASSERT_EQ(host->calls.size(), 1u);
    const gpu::ComputeCall& call = host->calls[0];
    ExpectSampleCall(call, 0xB1C0, kRegion + kProgramOffset);
    EXPECT_EQ(call.architecture, gpu::ShaderArchitecture::Maxwell);
    // The code ends with the bundle of the self-branch: three bundles.
    ASSERT_EQ(call.code.size(), 3 * 32u);
    EXPECT_EQ(std::memcmp(call.code.data(), code.data(), 96), 0);
    EXPECT_EQ(rig.Get<u32>(kSemaphore), 0xC0FFEEu);
}

TEST(ComputeLaunch, AmpereQmdReachesTheHostGpuAndReleasesFourWords) {
    auto host = std::make_shared<RecordingHostGpu>();
    Rig rig(0xC76F, std::chrono::milliseconds(5000), host);
    const u64 program = Rig::kData + 0x3000;
    const std::vector<u64> code = {0x1111111111111111ull, 0x2222222222222222ull,
                                   kAmpereSelfBranchLow,  kAmpereSelfBranchHigh,
                                   0x3333333333333333ull, 0x4444444444444444ull};
    std::memcpy(rig.Data(program), code.data(), code.size() * 8);
    QmdFields fields = SampleFields(program);
    fields.release0->one_word = false;
    PutQmd(rig, AmpereQmd(fields));
    rig.Put<u64>(kSemaphore + 8, 0);
    ASSERT_EQ(rig.Execute(LaunchWords(0xC7C0, kQmd, 0)), gpu::ChannelProgress::Idle);
    ASSERT_EQ(host->calls.size(), 1u);
    const gpu::ComputeCall& call = host->calls[0];
    ExpectSampleCall(call, 0xC7C0, program);
    EXPECT_EQ(call.architecture, gpu::ShaderArchitecture::Ampere);
    ASSERT_EQ(call.code.size(), 32u);  // two 16-byte words, the second the self-branch
    EXPECT_EQ(std::memcmp(call.code.data(), code.data(), 32), 0);
    EXPECT_EQ(rig.Get<u32>(kSemaphore), 0xC0FFEEu);
    EXPECT_NE(rig.Get<u64>(kSemaphore + 8), 0u);  // the GPU timer
}

TEST(ComputeLaunch, RefusedLaunchesReachNoHostGpuAndReleaseNothing) {
    for (const u32 case_number : {0u, 1u, 2u, 3u}) {
        auto host = std::make_shared<RecordingHostGpu>();
        Rig rig(0xB06F, std::chrono::milliseconds(5000), host);
        std::vector<u64> code = MaxwellProgram();
        QmdFields fields = SampleFields(kProgramOffset);
        u64 qmd = kQmd;
        if (case_number == 0) {
            fields.major_version = 2;  // not the class's QMD version
        } else if (case_number == 1) {
            fields.block = {1024, 2, 1};  // more threads than a block has
        } else if (case_number == 2) {
            code[11] = 0;  // no end within mapped memory: the program runs past the mapping
            std::fill(rig.Data(kRegion + kProgramOffset), rig.ram->bytes.data() + rig.ram->Size(),
                      u8{0});
        } else {
            qmd = 0x7'0000'0000;  // not mapped
        }
        if (case_number != 2) {
            std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size() * 8);
        }
        PutQmd(rig, MaxwellQmd(fields));
        rig.Put<u32>(kSemaphore, 0);
        ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, qmd, kRegion)), gpu::ChannelProgress::Idle);
        EXPECT_TRUE(host->calls.empty()) << "case " << case_number;
        EXPECT_EQ(rig.Get<u32>(kSemaphore), 0u) << "case " << case_number;
    }
}

TEST(ComputeLaunch, WithoutAHostGpuNothingIsReleased) {
    Rig rig;  // gpu::MakeNoHostGpu()
    const std::vector<u64> code = MaxwellProgram();
    std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size() * 8);
    PutQmd(rig, MaxwellQmd(SampleFields(kProgramOffset)));
    rig.Put<u32>(kSemaphore, 0);
    ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
    EXPECT_EQ(rig.Get<u32>(kSemaphore), 0u);
}

}  // namespace

// Ampere's SEND_SIGNALING_PCAS2_B (0x2C0, clc6c0.h): PCAS_ACTION INVALIDATE_COPY_SCHEDULE (3)
// launches the QMD, as NVK sends it; INVALIDATE (1) alone launches nothing.
TEST(ComputeLaunch, AmperePcas2ScheduleLaunchesAndInvalidateAloneDoesNot) {
    for (const u32 action : {1u, 3u}) {
        auto host = std::make_shared<RecordingHostGpu>();
        Rig rig(0xC56F, std::chrono::milliseconds(5000), host);
        const u64 program = Rig::kData + 0x3000;
        const std::vector<u64> code = {kAmpereSelfBranchLow, kAmpereSelfBranchHigh};
        std::memcpy(rig.Data(program), code.data(), code.size() * 8);
        PutQmd(rig, AmpereQmd(SampleFields(program)));
        std::vector<u32> words;
        Method(words, 1, 0, {0xC7C0});
        Method(words, 1, 0x2B4 / 4, {static_cast<u32>(kQmd >> 8)});
        Method(words, 1, 0x2C0 / 4, {action});
        ASSERT_EQ(rig.Execute(words), gpu::ChannelProgress::Idle);
        EXPECT_EQ(host->calls.size(), action == 3 ? 1u : 0u) << "action " << action;
        EXPECT_EQ(rig.Get<u32>(kSemaphore), action == 3 ? 0xC0FFEEu : 0u) << "action " << action;
    }
}

// Volta+ words written here by their fields (src/shader/sass/forms_control.cpp): opcode in
// 11:0, guard predicate 14:12 (7 = PT), the branch offset in 4-byte units at 81:34, the
// condition predicate 89:87 (7 = PT).
constexpr u64 kPtGuard = 7u << 12;
constexpr u64 kPtCondition = u64{7} << (87 - 64);
std::array<u64, 2> AmpereWord(u32 opcode, s64 offset_words = 0, u64 guard = kPtGuard) {
    const u64 offset = static_cast<u64>(offset_words) & ((u64{1} << 48) - 1);
    return {opcode | guard | offset << 34, offset >> 30 | kPtCondition};
}

// Mesa NAK ends a program with EXIT and no self-branch: the code read ends at the first EXIT
// under PT that no earlier branch passes; one under a predicate, or one a forward BRA jumps
// over, does not end it.
TEST(ComputeLaunch, AmpereCodeEndsAtAnExitNoBranchPasses) {
    auto host = std::make_shared<RecordingHostGpu>();
    Rig rig(0xC56F, std::chrono::milliseconds(5000), host);
    const u64 program = Rig::kData + 0x3000;
    const std::vector<std::array<u64, 2>> words = {
        AmpereWord(0x947, 4),            // 0x00: BRA to 0x10 + 4 * 4 = 0x20
        AmpereWord(0x94D),               // 0x10: EXIT, which the BRA passes
        AmpereWord(0x94D, 0, 0u << 12),  // 0x20: @P0 EXIT
        AmpereWord(0x918),               // 0x30: NOP
        AmpereWord(0x94D),               // 0x40: EXIT: the end
        {0x5555555555555555ull, 0x5555555555555555ull}};
    std::memcpy(rig.Data(program), words.data(), words.size() * 16);
    PutQmd(rig, AmpereQmd(SampleFields(program)));
    ASSERT_EQ(rig.Execute(LaunchWords(0xC7C0, kQmd, 0)), gpu::ChannelProgress::Idle);
    ASSERT_EQ(host->calls.size(), 1u);
    EXPECT_EQ(host->calls[0].code.size(), 5 * 16u);
}
