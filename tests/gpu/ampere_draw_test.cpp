// AMPERE_B's draws as the host GPU receives them (a recording host GPU shows what each carried).
// Its shader programs: PIPELINE_PROGRAM_ADDRESS_A/B(j) (0x2014 / 0x2018 + 64j: address bits
// 39:32, 31:0; OGD classes/3d/clc797.h) name the 0x80-byte header (SPH v4) of each enabled
// stage, whose 128-bit code follows up to the unconditional branch to itself that ends it. Its
// state where clc797.h differs from clb197.h: sizes instead of limits for vertex streams and the
// index buffer, and no SET_BINDLESS_TEXTURE (0x2608 is no method).

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
constexpr u32 kDrawIndexBufferBeginEnd = 0x0268;
constexpr u32 kIndexBuffer = 0x17C8;        // A (39:32), B; E 0x17D8: the index size
constexpr u32 kIndexBufferSize = 0x0238;    // A (39:32), B
constexpr u32 kVertexStream = 0x1C00;       // + 16j: FORMAT, LOCATION_A, LOCATION_B, FREQUENCY
constexpr u32 kVertexStreamSize = 0x0600;   // + 8j: A (39:32), B
constexpr u32 kVertexStreamLimit = 0x1F00;  // MAXWELL_B's limits; nothing in clc797.h
constexpr u32 kHeaderPool = 0x1574;
constexpr u32 kBindlessTexture = 0x2608;
constexpr u32 kTriangles = 4;

constexpr u64 kVertexProgram = Rig::kData + 0x1000;
constexpr u64 kFragmentProgram = Rig::kData + 0x2000;
constexpr u64 kDecoy = Rig::kData + 0x3000;
constexpr u64 kVertices = Rig::kData + 0x4000;
constexpr u64 kIndices = Rig::kData + 0x5000;
constexpr u64 kTexturePools = Rig::kData + 0x6000;

// nvdisasm -hex of the Ampere graphics fixture: "BRA 0x190" at 0x190 (the end of
// nvidia_headsurface_vertex) is 0xfffffff000007947 0x000fc0000383ffff. The same under the guard
// P0 (bits 14:12 = 0: "@P0 BRA") or with the condition P0 (bits 89:87 = 0: "BRA P0, ...") loops
// while P0 holds and is no end.
constexpr u64 kSelfBranchLo = 0xFFFF'FFF0'0000'7947;
constexpr u64 kSelfBranchHi = 0x000F'C000'0383'FFFF;
constexpr u64 kGuardedSelfBranchLo = 0xFFFF'FFF0'0000'0947;
constexpr u64 kP0SelfBranchHi = 0x000F'C000'0003'FFFF;
constexpr u64 kNopLo = 0x0000'0000'0000'7918;  // NOP (opcode 0x918)

class AmpereDraws : public ::testing::Test {
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
TEST_F(AmpereDraws, ProgramsAtTheirAddresses) {
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
TEST_F(AmpereDraws, ProgramsWithoutAnEndOrMemoryAreNotDrawn) {
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

// Vertex stream 3 and the index buffer take their sizes from SET_VERTEX_STREAM_SIZE_A/B(3) and
// SET_INDEX_BUFFER_SIZE_A/B (upper bits 7:0 only: bits above them are ignored), not from
// MAXWELL_B's limit methods; DRAW_INDEX_BUFFER_BEGIN_END_A/B draws 6 indices from index 2; the
// header pool is read with AMPERE_B's texture header layout; a write to 0x2608 (MAXWELL_B's
// SET_BINDLESS_TEXTURE) leaves the texture bank at 0.
TEST_F(AmpereDraws, StreamAndIndexSizesAndNoBindlessTextureBank) {
    Program(kVertexProgram, 1);
    Stage(1, kVertexProgram);
    Set(kVertexStream + 16 * 3, {24 | 1 << 12, High(kVertices), Low(kVertices), 1});
    Set(kVertexStreamSize + 8 * 3, {0xFFFF'FF00, 0x180});
    Set(kVertexStreamLimit + 8 * 3, {High(kVertices + 0xFFF), Low(kVertices + 0xFFF)});
    Set(kIndexBuffer, {High(kIndices), Low(kIndices)});
    Set(kIndexBuffer + 0x10, {2});  // SET_INDEX_BUFFER_E: four-byte indices
    Set(kIndexBufferSize, {0x0100, 0x40});
    Set(kHeaderPool, {High(kTexturePools), Low(kTexturePools), 7});
    Set(kBindlessTexture, {5});
    Set(kDrawControl, {kTriangles, 1});
    Set(kDrawIndexBufferBeginEnd, {2, 6});
    rig_->Execute(words_);
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawCall& draw = host_->draws[0];
    const gpu::VertexStream& stream = draw.state.streams[3];
    EXPECT_TRUE(stream.enabled);
    EXPECT_EQ(stream.address, kVertices);
    EXPECT_EQ(stream.stride, 24u);
    EXPECT_EQ(stream.size, 0x180u);
    ASSERT_TRUE(draw.index_buffer);
    EXPECT_EQ(draw.index_buffer->address, kIndices);
    EXPECT_EQ(draw.index_buffer->size, 0x40u);
    EXPECT_EQ(draw.index_buffer->index_size, gpu::IndexSize::U32);
    EXPECT_EQ(draw.first, 2u);
    EXPECT_EQ(draw.count, 6u);
    EXPECT_EQ(draw.state.texture_pools.headers.address, kTexturePools);
    EXPECT_EQ(draw.state.texture_pools.headers.maximum_index, 7u);
    EXPECT_EQ(draw.state.texture_pools.layout, gpu::TextureHeaderLayout::Ampere);
    EXPECT_EQ(draw.state.texture_bank, 0u);
}

}  // namespace
