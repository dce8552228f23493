// AMPERE_B's shader programs as the draws carry them: PIPELINE_PROGRAM_ADDRESS_A/B(j) (0x2014 /
// 0x2018 + 64j: address bits 39:32, 31:0; OGD classes/3d/clc797.h) name the 0x80-byte header
// (SPH v4) of each enabled stage, whose 128-bit code follows up to the unconditional branch to
// itself that ends it. A recording host GPU shows the bytes each draw was given.

#include <gtest/gtest.h>

#include <cstring>

#include "gpu_test_rig.h"
#include "recording_host_gpu.h"

namespace {

using namespace gpu_test;

constexpr u32 kProgramRegion = 0x1608;
constexpr u32 kPipelineShader = 0x2000;  // + 64 per slot
constexpr u32 kPipelineProgram = 0x2004;
constexpr u32 kPipelineProgramAddress = 0x2014;
constexpr u32 kDrawControl = 0x0260;
constexpr u32 kDrawVertexArrayBeginEnd = 0x0270;
constexpr u32 kTriangles = 4;

constexpr u64 kVertexProgram = Rig::kData + 0x1000;
constexpr u64 kFragmentProgram = Rig::kData + 0x2000;
constexpr u64 kDecoy = Rig::kData + 0x3000;

// nvdisasm -hex of the Ampere graphics fixture: "BRA 0x190" at 0x190 (the end of
// nvidia_headsurface_vertex) is 0xfffffff000007947 0x000fc0000383ffff. The same under the guard
// P0 (bits 14:12 = 0: "@P0 BRA") or with the condition P0 (bits 89:87 = 0: "BRA P0, ...") loops
// while P0 holds and is no end.
constexpr u64 kSelfBranchLo = 0xFFFF'FFF0'0000'7947;
constexpr u64 kSelfBranchHi = 0x000F'C000'0383'FFFF;
constexpr u64 kGuardedSelfBranchLo = 0xFFFF'FFF0'0000'0947;
constexpr u64 kP0SelfBranchHi = 0x000F'C000'0003'FFFF;
constexpr u64 kNopLo = 0x0000'0000'0000'7918;  // NOP (opcode 0x918)

class AmperePrograms : public ::testing::Test {
protected:
    void SetUp() override {
        host_ = std::make_shared<RecordingHostGpu>();
        rig_ = std::make_unique<Rig>(0xC76F, std::chrono::milliseconds(5000), host_);
        Set(0, {0xC797});
    }
    void Set(u32 offset, std::initializer_list<u32> arguments) {
        Method(words_, 0, offset / 4, arguments);
    }
    void Word(u64 address, u64 lo, u64 hi) {
        rig_->Put<u64>(address, lo);
        rig_->Put<u64>(address + 8, hi);
    }
    // A header of distinct bytes, `words` code words of distinct bytes, two self-branches
    // depending on P0, the end and two NOPs.
    void Program(u64 address, u32 words) {
        for (u32 i = 0; i < 0x80 + 16 * words; ++i) {
            *rig_->Data(address + i) = static_cast<u8>(3 * i + address / 0x1000);
        }
        const u64 end = address + 0x80 + 16 * words;
        Word(end, kSelfBranchLo, kP0SelfBranchHi);
        Word(end + 16, kGuardedSelfBranchLo, kSelfBranchHi);
        Word(end + 32, kSelfBranchLo, kSelfBranchHi);
        Word(end + 48, kNopLo, 0);
        Word(end + 64, kNopLo, 0);
    }
    void Stage(u32 slot, u64 address) {
        Set(kPipelineShader + 64 * slot, {1 | slot << 4});
        Set(kPipelineProgramAddress + 64 * slot, {High(address), Low(address)});
    }
    void Draw() {
        Set(kDrawControl, {kTriangles, 1});
        Set(kDrawVertexArrayBeginEnd, {0, 3});
        Set(kDrawVertexArrayBeginEnd + 4, {0});
        rig_->Execute(words_);
        words_.clear();
    }
    // The bytes of guest memory at `address`.
    std::vector<u8> Bytes(u64 address, u64 size) {
        return {rig_->Data(address), rig_->Data(address) + size};
    }

    std::shared_ptr<RecordingHostGpu> host_;
    std::unique_ptr<Rig> rig_;
    std::vector<u32> words_;
};

// Both stages read at their 40-bit addresses (bits 39:32 are 1 here: Rig::kBase is 2^32), the
// MAXWELL_B program region and offsets ignored: each header's 0x80 bytes, and the code through
// the unconditional self-branch (past the two on P0), not the NOPs after it.
TEST_F(AmperePrograms, ProgramsAtTheirAddresses) {
    Program(kVertexProgram, 5);
    Program(kFragmentProgram, 2);
    Set(kProgramRegion, {High(kDecoy), Low(kDecoy)});
    Set(kPipelineProgram + 64 * 1, {0});
    Stage(1, kVertexProgram);
    Stage(5, kFragmentProgram);
    Draw();
    ASSERT_EQ(host_->draws.size(), 1u);
    const auto& programs = host_->draws[0].programs;
    ASSERT_EQ(programs.size(), 2u);
    EXPECT_EQ(programs[0].kind, gpu::ShaderStageKind::VertexB);
    EXPECT_EQ(programs[0].architecture, gpu::ShaderArchitecture::Ampere);
    EXPECT_EQ(programs[0].address, kVertexProgram);
    EXPECT_EQ(programs[0].header, Bytes(kVertexProgram, 0x80));
    EXPECT_EQ(programs[0].code, Bytes(kVertexProgram + 0x80, 16 * (5 + 3)));
    EXPECT_EQ(programs[1].kind, gpu::ShaderStageKind::Fragment);
    EXPECT_EQ(programs[1].architecture, gpu::ShaderArchitecture::Ampere);
    EXPECT_EQ(programs[1].header, Bytes(kFragmentProgram, 0x80));
    EXPECT_EQ(programs[1].code, Bytes(kFragmentProgram + 0x80, 16 * (2 + 3)));
}

// A program whose code runs to the end of mapped memory without its self-branch, and one at an
// address nothing maps: neither draw reaches the host GPU (each named in the log), and a good
// program after them does.
TEST_F(AmperePrograms, ProgramsWithoutAnEndOrMemoryAreNotDrawn) {
    const u64 last_page = Rig::kBase + rig_->ram->Size() - 0x1000;
    for (u64 at = last_page; at < last_page + 0x1000; at += 16) {
        Word(at, kNopLo, 0);
    }
    Stage(1, last_page);
    Draw();
    Stage(1, 0x50'0000'0000);
    Draw();
    EXPECT_TRUE(host_->draws.empty());
    Program(kVertexProgram, 1);
    Stage(1, kVertexProgram);
    Draw();
    ASSERT_EQ(host_->draws.size(), 1u);
    EXPECT_EQ(host_->draws[0].programs.at(0).code, Bytes(kVertexProgram + 0x80, 16 * 4));
}

}  // namespace
