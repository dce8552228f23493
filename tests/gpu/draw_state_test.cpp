// The 3D class's draws as the host GPU receives them: pushbuffers written here set the state
// (method offsets of OGD classes/3d/clb197.h), draw, and a recording host GPU shows what each
// draw carried, checked against the values written.

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "gpu/engines/draw_state.h"
#include "gpu/method_names.h"
#include "gpu/sample_layout.h"
#include "gpu_test_rig.h"
#include "recording_host_gpu.h"
#include "sample_macros.h"

namespace {

using namespace gpu_test;

constexpr u32 kProgramRegion = 0x1608;
constexpr u32 kPipelineShader = 0x2000;  // + 64 per slot: shader, program offset
constexpr u32 kColorTarget = 0x0800;
constexpr u32 kCtSelect = 0x121C;
constexpr u32 kCtWrite = 0x1A00;
constexpr u32 kViewportTransform = 0x0A00;
constexpr u32 kViewportClip = 0x0C00;
constexpr u32 kScissor = 0x0E00;
constexpr u32 kVertexAttribute = 0x1160;
constexpr u32 kVertexStream = 0x1C00;
constexpr u32 kVertexStreamLimit = 0x1F00;
constexpr u32 kVertexStreamInstance = 0x1880;
constexpr u32 kBlendPerTarget = 0x12E4;
constexpr u32 kBlendCommon = 0x133C;
constexpr u32 kBlendEnable = 0x1360;
constexpr u32 kDepthTest = 0x12CC;
constexpr u32 kDepthWrite = 0x12E8;
constexpr u32 kDepthFunc = 0x130C;
constexpr u32 kStencilTest = 0x1380;
constexpr u32 kCull = 0x1918;
constexpr u32 kVertexArrayStart = 0x0D74;
constexpr u32 kDrawVertexArray = 0x0D78;
constexpr u32 kBegin = 0x1618;
constexpr u32 kEnd = 0x1614;
constexpr u32 kIndexBuffer = 0x17C8;
constexpr u32 kDrawIndexBuffer = 0x17E0;
constexpr u32 kConstantBufferSelector = 0x2380;
constexpr u32 kLoadConstantBuffer = 0x238C;
constexpr u32 kBindGroup = 0x2410;  // + 32 per group
constexpr u32 kNoOperation = 0x0100;
constexpr u32 kLines = 1;
constexpr u32 kTriangles = 4;
constexpr u32 kInstanceSubsequent = 1u << 26;

constexpr u64 kPrograms = Rig::kData;              // the program region
constexpr u64 kVertexProgram = kPrograms + 0x100;  // offsets 0x100 and 0x300 in it
constexpr u64 kFragmentProgram = kPrograms + 0x300;
constexpr u64 kTarget = Rig::kData + 0x1'0000;
constexpr u64 kVertices = Rig::kData + 0x2'0000;
constexpr u64 kIndices = Rig::kData + 0x3'0000;
constexpr u64 kConstants = Rig::kData + 0x4'0000;
constexpr u64 kSelfBranch = 0xE2400FFFFF87000Full;  // BRA to itself (nvdisasm: "BRA 0x..")

u32 FloatBits(float value) {
    return std::bit_cast<u32>(value);
}

class DrawState : public ::testing::Test {
protected:
    void SetUp() override {
        host_ = std::make_shared<RecordingHostGpu>();
        rig_ = std::make_unique<Rig>(0xB06F, std::chrono::milliseconds(5000), host_);
        Method(words_, 0, 0, {0xB197});
        // A program: 0x50 header bytes, two bundles, the self-branch in the second's slot 2.
        for (const u64 program : {kVertexProgram, kFragmentProgram}) {
            for (u32 i = 0; i < 0x50; ++i) {
                *rig_->Data(program + i) = static_cast<u8>(program + i);
            }
            rig_->Put<u64>(program + 0x50 + 32 + 16, kSelfBranch);
        }
        Set(kProgramRegion, {High(kPrograms), Low(kPrograms)});
        Set(kPipelineShader + 64 * 1, {1 | 1 << 4, 0x100});
        Set(kPipelineShader + 64 * 5, {1 | 5 << 4, 0x300});
        Set(kColorTarget, {High(kTarget), Low(kTarget), 64, 32, 0xD5, 1 << 4, 1, 0x400});
        Set(kCtSelect, {1});
    }
    void Set(u32 offset, std::initializer_list<u32> arguments) {
        Method(words_, 0, offset / 4, arguments);
    }
    void DrawArrays(u32 first, u32 count, u32 begin = kTriangles) {
        Set(kBegin, {begin});
        Set(kVertexArrayStart, {first, count});
        Set(kEnd, {0});
    }
    void Run() {
        rig_->Execute(words_);
        words_.clear();
    }

    std::shared_ptr<RecordingHostGpu> host_;
    std::unique_ptr<Rig> rig_;
    std::vector<u32> words_;
};

// SET_ANTI_ALIAS (0x15D0) SAMPLES reaches the draw; its modes' sample counts as cl9097.h names
// them (2X2: 2 x 2 samples; 4X2_D3D: 4 x 2; VC modes count their real samples).
TEST_F(DrawState, AntiAliasModeAndItsSampleLayouts) {
    Set(0x15D0, {0x2});
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    EXPECT_EQ(host_->draws[0].state.anti_alias_mode, 2u);
    EXPECT_EQ(gpu::SampleLayoutOf(0x2)->Samples(), 4u);
    EXPECT_EQ(gpu::SampleLayoutOf(0x4)->name, "MODE_4X2_D3D");
    EXPECT_EQ(gpu::SampleLayoutOf(0x6)->Samples(), 16u);
    EXPECT_EQ(gpu::SampleLayoutOf(0xA)->Samples(), 8u);
    EXPECT_FALSE(gpu::SampleLayoutOf(0x7));
}

TEST_F(DrawState, VertexArrayDrawCarriesTheState) {
    Set(kCtWrite, {0x1011});  // R, G, A
    Set(kViewportTransform, {FloatBits(32), FloatBits(-16), FloatBits(0.5f), FloatBits(32),
                             FloatBits(16), FloatBits(0.5f)});
    Set(kViewportClip + 8, {FloatBits(0.25f), FloatBits(0.75f)});
    Set(kScissor, {1, 60u << 16 | 4, 30u << 16 | 2});
    // Attribute 1: stream 2, offset 8, R32G32 (0x04), FLOAT (7).
    Set(kVertexAttribute + 4, {2 | 8 << 7 | 0x04 << 21 | 7u << 27});
    // Attribute 3 inactive (constant).
    Set(kVertexAttribute + 12, {1 << 6});
    Set(kVertexStream + 16 * 2, {20 | 1 << 12, High(kVertices), Low(kVertices), 3});
    Set(kVertexStreamLimit + 8 * 2, {High(kVertices + 199), Low(kVertices + 199)});
    Set(kVertexStreamInstance + 4 * 2, {1});
    // The common blend: alpha-separate, colour GL_FUNC_ADD of GL_SRC_ALPHA and
    // GL_ONE_MINUS_SRC_ALPHA, alpha GL_MAX (0x8008) of GL_ONE and GL_ZERO; enabled on slot 0.
    Set(kBlendCommon, {1, 0x8006, 0x4302, 0x4303, 0x8008, 0x4001, 0, 0x4000});
    Set(kBlendEnable, {1});
    Set(kDepthTest, {1});
    Set(kDepthWrite, {1});
    Set(kDepthFunc, {0x203});       // GL_LEQUAL
    Set(kCull, {1, 0x900, 0x404});  // on, GL_CW, GL_FRONT
    DrawArrays(5, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawCall& draw = host_->draws[0];
    EXPECT_EQ(draw.topology, gpu::Topology::Triangles);
    EXPECT_EQ(draw.first, 5u);
    EXPECT_EQ(draw.count, 3u);
    EXPECT_EQ(draw.instance_count, 1u);
    EXPECT_FALSE(draw.index_buffer);
    ASSERT_EQ(draw.programs.size(), 2u);
    EXPECT_EQ(draw.programs[0].kind, gpu::ShaderStageKind::VertexB);
    EXPECT_EQ(draw.programs[0].address, kVertexProgram);
    ASSERT_EQ(draw.programs[0].header.size(), 0x50u);
    EXPECT_EQ(draw.programs[0].header[7], static_cast<u8>(kVertexProgram + 7));
    EXPECT_EQ(draw.programs[0].code.size(), 64u);  // two bundles, the end in the second
    EXPECT_EQ(draw.programs[1].kind, gpu::ShaderStageKind::Fragment);
    EXPECT_EQ(draw.programs[1].address, kFragmentProgram);
    const gpu::DrawState& state = draw.state;
    ASSERT_EQ(state.color_targets.size(), 1u);
    ASSERT_TRUE(state.color_targets[0]);
    EXPECT_EQ(state.color_targets[0]->address, kTarget);
    EXPECT_EQ(state.color_targets[0]->width, 64u);
    EXPECT_EQ(state.color_targets[0]->height, 32u);
    EXPECT_EQ(state.color_targets[0]->block_height_log2, 1u);
    EXPECT_FALSE(state.zeta_target);
    EXPECT_EQ(state.color_masks[0], 0b1011u);
    EXPECT_EQ(state.viewports[0].scale[0], 32.0f);
    EXPECT_EQ(state.viewports[0].scale[1], -16.0f);
    EXPECT_EQ(state.viewports[0].offset[1], 16.0f);
    EXPECT_EQ(state.viewports[0].offset[2], 0.5f);
    EXPECT_EQ(state.viewports[0].min_depth, 0.25f);
    EXPECT_EQ(state.viewports[0].max_depth, 0.75f);
    EXPECT_TRUE(state.scissors[0].enabled);
    EXPECT_EQ(state.scissors[0].area.x0, 4u);
    EXPECT_EQ(state.scissors[0].area.x1, 60u);
    EXPECT_EQ(state.scissors[0].area.y0, 2u);
    EXPECT_EQ(state.scissors[0].area.y1, 30u);
    EXPECT_EQ(state.attributes[1].stream, 2u);
    EXPECT_EQ(state.attributes[1].offset, 8u);
    EXPECT_EQ(state.attributes[1].components, gpu::VertexComponents::R32G32);
    EXPECT_EQ(state.attributes[1].type, gpu::VertexType::Float);
    EXPECT_FALSE(state.attributes[1].constant);
    EXPECT_TRUE(state.attributes[3].constant);
    EXPECT_TRUE(state.streams[2].enabled);
    EXPECT_EQ(state.streams[2].address, kVertices);
    EXPECT_EQ(state.streams[2].size, 200u);
    EXPECT_EQ(state.streams[2].stride, 20u);
    EXPECT_TRUE(state.streams[2].per_instance);
    EXPECT_EQ(state.streams[2].divisor, 3u);
    EXPECT_FALSE(state.streams[0].enabled);
    const gpu::Blend& blend = state.blends[0];
    EXPECT_TRUE(blend.enabled);
    EXPECT_EQ(blend.color_op, gpu::BlendOp::Add);
    EXPECT_EQ(blend.color_source, gpu::BlendFactor::SourceAlpha);
    EXPECT_EQ(blend.color_destination, gpu::BlendFactor::OneMinusSourceAlpha);
    EXPECT_EQ(blend.alpha_op, gpu::BlendOp::Max);
    EXPECT_EQ(blend.alpha_source, gpu::BlendFactor::One);
    EXPECT_EQ(blend.alpha_destination, gpu::BlendFactor::Zero);
    EXPECT_FALSE(state.blends[1].enabled);
    EXPECT_TRUE(state.depth_stencil.depth_test);
    EXPECT_TRUE(state.depth_stencil.depth_write);
    EXPECT_EQ(state.depth_stencil.depth_compare, gpu::CompareOp::LessOrEqual);
    EXPECT_FALSE(state.depth_stencil.stencil_test);
    EXPECT_TRUE(state.rasterizer.cull);
    EXPECT_EQ(state.rasterizer.front_face, gpu::FrontFace::Clockwise);
    EXPECT_EQ(state.rasterizer.cull_face, gpu::CullFace::Front);
}

// deko3d's Draw macro repeats BEGIN/count/END with INSTANCE_ID SUBSEQUENT per instance: one
// draw with the instance count; a different draw after it is a draw of its own.
// deko3d places a program's code at the very end of a memory block: its reading must stop at
// the program's last bundle, never reach past the mapping's end.
TEST_F(DrawState, AProgramEndingAtItsMappingsEndIsRead) {
    constexpr u64 kMappingEnd = Rig::kBase + 0x10'0000;    // the rig maps 1 MiB
    constexpr u64 kProgram = kMappingEnd - 0x50 - 7 * 32;  // seven bundles, the end in the last
    rig_->Put<u64>(kProgram + 0x50 + 6 * 32 + 8, kSelfBranch);
    Set(kPipelineShader + 64 * 1, {1 | 1 << 4, static_cast<u32>(kProgram - kPrograms)});
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    ASSERT_EQ(host_->draws[0].programs.size(), 2u);
    EXPECT_EQ(host_->draws[0].programs[0].address, kProgram);
    EXPECT_EQ(host_->draws[0].programs[0].code.size(), 7u * 32);
}

// A branch from a bundle's first instruction to the bundle's start (offset -16, the control
// word's address) is a branch to itself: uam ends programs so.
TEST_F(DrawState, ABranchToItsBundlesStartEndsAProgram) {
    constexpr u64 kEndOfBundle = 0xFFFFF0;
    rig_->Put<u64>(kVertexProgram + 0x50 + 32 + 16, 0);  // the fixture's end moved to bundle 3
    rig_->Put<u64>(kVertexProgram + 0x50 + 2 * 32 + 8, u64{0xE24} << 52 | kEndOfBundle << 20 | 0xF);
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    EXPECT_EQ(host_->draws[0].programs[0].code.size(), 3u * 32);
}

TEST_F(DrawState, RepeatedBeginEndIsOneInstancedDraw) {
    DrawArrays(0, 3);
    DrawArrays(0, 3, kTriangles | kInstanceSubsequent);
    DrawArrays(0, 3, kTriangles | kInstanceSubsequent);
    DrawArrays(3, 6);                                    // INSTANCE_ID FIRST: a new draw
    DrawArrays(0, 4, kTriangles | kInstanceSubsequent);  // another shape: a new draw
    Run();
    ASSERT_EQ(host_->draws.size(), 3u);
    EXPECT_EQ(host_->draws[0].instance_count, 3u);
    EXPECT_EQ(host_->draws[0].count, 3u);
    EXPECT_EQ(host_->draws[1].instance_count, 1u);
    EXPECT_EQ(host_->draws[1].first, 3u);
    EXPECT_EQ(host_->draws[1].count, 6u);
    EXPECT_EQ(host_->draws[2].count, 4u);
}

// A state change between two instances ends the held draw with the state it was made with.
TEST_F(DrawState, StateChangeSendsTheHeldDrawWithItsState) {
    DrawArrays(0, 3);
    Set(kDepthTest, {1});
    DrawArrays(0, 3, kTriangles | kInstanceSubsequent);
    Run();
    ASSERT_EQ(host_->draws.size(), 2u);
    EXPECT_FALSE(host_->draws[0].state.depth_stencil.depth_test);
    EXPECT_TRUE(host_->draws[1].state.depth_stencil.depth_test);
}

TEST_F(DrawState, IndexedDraw) {
    // Address, limit (the last byte), 2-byte indices, first index 4.
    Set(kIndexBuffer,
        {High(kIndices), Low(kIndices), High(kIndices + 63), Low(kIndices + 63), 1, 4});
    Set(kBegin, {5});  // triangle strip
    Set(kDrawIndexBuffer, {7});
    Set(kEnd, {0});
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawCall& draw = host_->draws[0];
    EXPECT_EQ(draw.topology, gpu::Topology::TriangleStrip);
    ASSERT_TRUE(draw.index_buffer);
    EXPECT_EQ(draw.index_buffer->address, kIndices);
    EXPECT_EQ(draw.index_buffer->size, 64u);
    EXPECT_EQ(draw.index_buffer->index_size, gpu::IndexSize::U16);
    EXPECT_EQ(draw.first, 4u);
    EXPECT_EQ(draw.count, 7u);
}

// LOAD_CONSTANT_BUFFER writes into the selected buffer in memory, the offset advancing; a word
// past the buffer's size is dropped; BIND_GROUP_CONSTANT_BUFFER binds it to a slot.
TEST_F(DrawState, ConstantBufferUploadAndBinding) {
    rig_->Put<u32>(kConstants + 0x40, 0xDEADBEEF);
    Set(kConstantBufferSelector, {0x40, High(kConstants), Low(kConstants)});
    Set(kLoadConstantBuffer, {0x8, 0x11, 0x22, 0x33});
    Set(kLoadConstantBuffer, {0x3C, 0x44, 0x55});  // the second word is past 0x40
    Set(kBindGroup + 32 * 4, {3u << 4 | 1});       // pixel group, slot 3
    Set(kBindGroup + 32 * 0, {5u << 4 | 1});       // vertex group, slot 5
    Set(kBindGroup + 32 * 0, {5u << 4 | 0});       // and unbound again
    DrawArrays(0, 3);
    Run();
    EXPECT_EQ(rig_->Get<u32>(kConstants + 0x8), 0x11u);
    EXPECT_EQ(rig_->Get<u32>(kConstants + 0xC), 0x22u);
    EXPECT_EQ(rig_->Get<u32>(kConstants + 0x10), 0x33u);
    EXPECT_EQ(rig_->Get<u32>(kConstants + 0x3C), 0x44u);
    EXPECT_EQ(rig_->Get<u32>(kConstants + 0x40), 0xDEADBEEFu);
    ASSERT_EQ(host_->draws.size(), 1u);
    const auto& bound = host_->draws[0].state.constant_buffers;
    ASSERT_TRUE(bound[4][3]);
    EXPECT_EQ(bound[4][3]->address, kConstants);
    EXPECT_EQ(bound[4][3]->size, 0x40u);
    EXPECT_FALSE(bound[0][5]);
}

// A program whose code never branches to itself within the bound is not drawn.
TEST_F(DrawState, ProgramWithoutAnEndIsNotDrawn) {
    rig_->Put<u64>(kFragmentProgram + 0x50 + 32 + 16, 0);
    DrawArrays(0, 3);
    Run();
    EXPECT_TRUE(host_->draws.empty());
}

// A draw of no vertices is legal and draws nothing.
TEST_F(DrawState, ZeroVerticesDrawNothing) {
    DrawArrays(0, 0);
    Set(kNoOperation, {0});
    Run();
    EXPECT_TRUE(host_->draws.empty());
}

// What a program never sets is the hardware's starting state (deko3d relies on it: melonDS
// never writes SET_CT_WRITE): all components written, blends of One and Zero, depth passing,
// depth range 0..1, stencil masks all ones, the counter-clockwise side in front.
TEST_F(DrawState, UnwrittenStateIsTheHardwaresStartingState) {
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawState& state = host_->draws[0].state;
    for (u32 slot = 0; slot < gpu::kRenderTargets; ++slot) {
        EXPECT_EQ(state.color_masks[slot], 0xFu) << slot;
        EXPECT_FALSE(state.blends[slot].enabled);
        EXPECT_EQ(state.blends[slot].color_source, gpu::BlendFactor::One);
        EXPECT_EQ(state.blends[slot].color_destination, gpu::BlendFactor::Zero);
        EXPECT_EQ(state.blends[slot].alpha_op, gpu::BlendOp::Add);
    }
    EXPECT_EQ(state.viewports[3].min_depth, 0.0f);
    EXPECT_EQ(state.viewports[3].max_depth, 1.0f);
    EXPECT_EQ(state.viewports[15].swizzle,
              (std::array{gpu::ViewportSwizzle::PositiveX, gpu::ViewportSwizzle::PositiveY,
                          gpu::ViewportSwizzle::PositiveZ, gpu::ViewportSwizzle::PositiveW}));
    EXPECT_TRUE(state.depth_minus_one_to_one);  // SET_VIEWPORT_Z_CLIP 0: -W..W
    EXPECT_EQ(state.depth_stencil.depth_compare, gpu::CompareOp::Always);
    EXPECT_EQ(state.rasterizer.front_face, gpu::FrontFace::CounterClockwise);
    EXPECT_EQ(state.rasterizer.cull_face, gpu::CullFace::Back);
    EXPECT_EQ(state.rasterizer.polygon_mode, gpu::PolygonMode::Fill);
}

// NXHOST_GPU_DUMP's record of a draw: one readable line with its shape, programs and target;
// the frame statistics count it once (two instances of one draw).
TEST_F(DrawState, TheDumpDescribesEachDrawAndFramesCountIt) {
    const auto work = std::make_shared<gpu::FrameWork>();
    const auto path = std::filesystem::temp_directory_path() / "nxhost_draw_dump_test.txt";
    {
        auto dump = gpu::GpuDump::Open(path);
        ASSERT_NE(dump, nullptr);
        gpu::ChannelSetup setup = ChannelSetupFor(3, 0xB06F, rig_->syncpoints);
        setup.dump = dump;
        setup.host_gpu = host_;
        setup.work = work;
        auto channel = std::make_shared<gpu::Channel>(setup);
        channel->BindMemory(rig_->memory);
        DrawArrays(5, 3);
        DrawArrays(5, 3, kTriangles | kInstanceSubsequent);
        channel->Queue(gpu::Submission{{}, {rig_->Segment(words_)}, {}});
        EXPECT_EQ(channel->Run(), gpu::ChannelProgress::Idle);
    }
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(text.find(fmt::format(
                  "# ch 3 draw triangles 3 vertices from 5, 2 instance(s), base vertex 0, base "
                  "instance 0; vertex program {:#x} (64 bytes); fragment program {:#x} (64 "
                  "bytes); target 0 {:#x} 64x32 A8B8G8R8",
                  kVertexProgram, kFragmentProgram, kTarget)),
              std::string::npos)
        << text;
    EXPECT_EQ(work->Take().draws, 1u);
    std::filesystem::remove(path);
}

// The byte offset of the 3D method `name` by the name table (the GPU dump's), for the state
// written below through the names.
u32 ThreedOffsetOf(std::string_view name) {
    for (u32 method = 0x40; method < 0x1000; ++method) {
        if (gpu::MethodName(0xB06F, 0xB197, method) == name) {
            return method * 4;
        }
    }
    ADD_FAILURE() << name << " has no offset";
    return 0;
}

// Offsets from NVIDIA's clb197.h (MAXWELL_B; clc797.h has the same ones): the names resolve to
// them, and the draw state is read from the methods of those names (the stencil, window
// origin, polygon mode, blend constant and per-target blend were once written from memory).
TEST_F(DrawState, StateIsReadFromTheOffsetsOfTheClassHeader) {
    EXPECT_EQ(ThreedOffsetOf("SET_STENCIL_TEST"), 0x1380u);
    EXPECT_EQ(ThreedOffsetOf("SET_STENCIL_FUNC_REF"), 0x1394u);
    EXPECT_EQ(ThreedOffsetOf("SET_STENCIL_FUNC_MASK"), 0x1398u);
    EXPECT_EQ(ThreedOffsetOf("SET_STENCIL_MASK"), 0x139Cu);
    EXPECT_EQ(ThreedOffsetOf("SET_BACK_STENCIL_FUNC_REF"), 0x0F54u);
    EXPECT_EQ(ThreedOffsetOf("SET_BACK_STENCIL_MASK"), 0x0F58u);
    EXPECT_EQ(ThreedOffsetOf("SET_BACK_STENCIL_FUNC_MASK"), 0x0F5Cu);
    EXPECT_EQ(ThreedOffsetOf("SET_BACK_STENCIL_FUNC"), 0x15A4u);
    EXPECT_EQ(ThreedOffsetOf("SET_TWO_SIDED_STENCIL_TEST"), 0x1594u);
    EXPECT_EQ(ThreedOffsetOf("SET_WINDOW_ORIGIN"), 0x13ACu);
    EXPECT_EQ(ThreedOffsetOf("SET_FRONT_POLYGON_MODE"), 0x0DACu);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND_CONST_RED"), 0x131Cu);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND_CONST_ALPHA"), 0x1328u);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND_STATE_PER_TARGET"), 0x12E4u);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND_PER_TARGET_COLOR_OP(2)"), 0x1E04u + 2 * 32);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF(2)"), 0x1E18u + 2 * 32);
    EXPECT_EQ(ThreedOffsetOf("SET_BLEND(2)"), 0x1368u);

    const auto set = [&](std::string_view name, u32 value) { Set(ThreedOffsetOf(name), {value}); };
    set("SET_STENCIL_TEST", 1);
    set("SET_STENCIL_OP_FAIL", 0x1E01);   // GL_REPLACE
    set("SET_STENCIL_OP_ZFAIL", 0x150A);  // GL_INVERT
    set("SET_STENCIL_OP_ZPASS", 0x8507);  // GL_INCR_WRAP
    set("SET_STENCIL_FUNC", 0x202);       // GL_EQUAL
    set("SET_STENCIL_FUNC_REF", 0x12);
    set("SET_STENCIL_FUNC_MASK", 0x34);
    set("SET_STENCIL_MASK", 0x56);
    set("SET_TWO_SIDED_STENCIL_TEST", 1);
    set("SET_BACK_STENCIL_OP_FAIL", 2);   // D3D ZERO
    set("SET_BACK_STENCIL_OP_ZPASS", 8);  // D3D DECR (wrapping)
    set("SET_BACK_STENCIL_FUNC", 5);      // D3D GREATER
    set("SET_BACK_STENCIL_FUNC_REF", 0x9A);
    set("SET_BACK_STENCIL_FUNC_MASK", 0xBC);
    set("SET_BACK_STENCIL_MASK", 0xDE);
    set("SET_WINDOW_ORIGIN", 1);            // LOWER_LEFT
    set("SET_FRONT_POLYGON_MODE", 0x1B01);  // GL_LINE
    set("SET_BLEND_CONST_RED", FloatBits(0.25f));
    set("SET_BLEND_CONST_GREEN", FloatBits(0.5f));
    set("SET_BLEND_CONST_BLUE", FloatBits(0.75f));
    set("SET_BLEND_CONST_ALPHA", FloatBits(1.0f));
    set("SET_BLEND_STATE_PER_TARGET", 1);
    set("SET_BLEND(2)", 1);
    set("SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA(2)", 1);
    set("SET_BLEND_PER_TARGET_COLOR_OP(2)", 0x800A);            // GL_FUNC_SUBTRACT
    set("SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF(2)", 0x4306);  // GL_DST_COLOR
    set("SET_BLEND_PER_TARGET_COLOR_DEST_COEFF(2)", 0xC001);    // GL_CONSTANT_COLOR
    set("SET_BLEND_PER_TARGET_ALPHA_OP(2)", 0x8007);            // GL_MIN
    set("SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF(2)", 0x4304);  // GL_DST_ALPHA
    set("SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF(2)", 0x4305);    // GL_ONE_MINUS_DST_ALPHA
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawState& state = host_->draws[0].state;
    const gpu::DepthStencil& depth = state.depth_stencil;
    EXPECT_TRUE(depth.stencil_test);
    EXPECT_EQ(depth.front, (gpu::StencilFace{gpu::StencilOp::Replace, gpu::StencilOp::Invert,
                                             gpu::StencilOp::IncrementWrap, gpu::CompareOp::Equal,
                                             0x12, 0x34, 0x56}));
    EXPECT_EQ(depth.back, (gpu::StencilFace{gpu::StencilOp::Zero, gpu::StencilOp::Keep,
                                            gpu::StencilOp::DecrementWrap, gpu::CompareOp::Greater,
                                            0x9A, 0xBC, 0xDE}));
    EXPECT_TRUE(state.rasterizer.origin_lower_left);
    EXPECT_EQ(state.rasterizer.polygon_mode, gpu::PolygonMode::Line);
    EXPECT_EQ(state.blend_constant, (std::array<float, 4>{0.25f, 0.5f, 0.75f, 1.0f}));
    EXPECT_EQ(state.blends[2],
              (gpu::Blend{true, gpu::BlendOp::Subtract, gpu::BlendFactor::DestinationColor,
                          gpu::BlendFactor::ConstantColor, gpu::BlendOp::Min,
                          gpu::BlendFactor::DestinationAlpha,
                          gpu::BlendFactor::OneMinusDestinationAlpha}));
    EXPECT_FALSE(state.blends[1].enabled);
}

// SET_VIEWPORT_COORDINATE_SWIZZLE(j) (0xA18 + 32 j: X 2:0, Y 6:4, Z 10:8, W 14:12) and
// SET_VIEWPORT_Z_CLIP (0xD7C: RANGE 0 NEGATIVE_W_TO_POSITIVE_W, 1 ZERO_TO_POSITIVE_W).
TEST_F(DrawState, ViewportSwizzlesAndDepthRange) {
    EXPECT_EQ(ThreedOffsetOf("SET_VIEWPORT_COORDINATE_SWIZZLE(2)"), 0x0A18u + 2 * 32);
    EXPECT_EQ(ThreedOffsetOf("SET_VIEWPORT_Z_CLIP"), 0x0D7Cu);
    // Viewport 2: x from -y, y from +x, z from -z, w from -w.
    Set(0x0A18 + 2 * 32, {3 | 0 << 4 | 5 << 8 | 7u << 12});
    Set(0x0D7C, {1});
    DrawArrays(0, 3);
    Set(0x0D7C, {0});
    DrawArrays(0, 3);
    Run();
    ASSERT_EQ(host_->draws.size(), 2u);
    EXPECT_EQ(host_->draws[0].state.viewports[2].swizzle,
              (std::array{gpu::ViewportSwizzle::NegativeY, gpu::ViewportSwizzle::PositiveX,
                          gpu::ViewportSwizzle::NegativeZ, gpu::ViewportSwizzle::NegativeW}));
    EXPECT_EQ(host_->draws[0].state.viewports[1].swizzle[1], gpu::ViewportSwizzle::PositiveY);
    EXPECT_FALSE(host_->draws[0].state.depth_minus_one_to_one);
    EXPECT_TRUE(host_->draws[1].state.depth_minus_one_to_one);
}

// The inline-index forms: DRAW_INLINE_INDEX a 32-bit index a word; DRAW_INLINE_INDEX2X16 two
// (even 15:0, odd 31:16) after SET_INLINE_INDEX2X16_ALIGN (COUNT 30:0, START_ODD 31);
// DRAW_INLINE_INDEX4X8 four after SET_INLINE_INDEX4X8_ALIGN (COUNT 29:0, START 31:30). The draw
// carries the indices themselves, no index buffer.
TEST_F(DrawState, InlineIndicesOfEachForm) {
    // Each word to the same method (a non-incrementing run), as drivers send inline indices.
    const auto repeat = [&](u32 offset, std::initializer_list<u32> arguments) {
        words_.push_back(NonIncrementing(0, offset / 4, static_cast<u32>(arguments.size())));
        words_.insert(words_.end(), arguments);
    };
    Set(kBegin, {kTriangles});
    repeat(0x15E8, {5, 0x12345, 7});
    Set(kEnd, {0});
    Set(kBegin, {kTriangles});
    Set(0x15EC, {3 | 1u << 31});                 // 3 indices, starting at the first word's odd half
    repeat(0x15F0, {0x0002'0001, 0x0004'0003});  // 1 skipped: 2, 3, 4
    Set(kEnd, {0});
    Set(0x1300, {5 | 1u << 30});  // 5 indices from the first word's byte 1 (before BEGIN)
    Set(kBegin, {kTriangles});
    repeat(0x1304, {0x0403'0201, 0x0807'0605});  // 2, 3, 4, then 5, 6 (7 and 8 pad)
    Set(kEnd, {0});
    // The ALIGN count ended with its draw: all of the next draw's indices are taken.
    Set(kBegin, {kTriangles});
    repeat(0x1304, {0x0403'0201});
    Set(kEnd, {0});
    Set(kNoOperation, {0});
    Run();
    ASSERT_EQ(host_->draws.size(), 4u);
    for (const gpu::DrawCall& draw : host_->draws) {
        EXPECT_FALSE(draw.index_buffer);
        ASSERT_TRUE(draw.inline_indices);
        EXPECT_EQ(draw.first, 0u);
        EXPECT_EQ(draw.count, draw.inline_indices->size());
    }
    EXPECT_EQ(*host_->draws[0].inline_indices, (std::vector<u32>{5, 0x12345, 7}));
    EXPECT_EQ(*host_->draws[1].inline_indices, (std::vector<u32>{2, 3, 4}));
    EXPECT_EQ(*host_->draws[2].inline_indices, (std::vector<u32>{2, 3, 4, 5, 6}));
    EXPECT_EQ(*host_->draws[3].inline_indices, (std::vector<u32>{1, 2, 3, 4}));
}

// DRAW_INDEX_BUFFER (or DRAW_VERTEX_ARRAY) written once says what the BEGIN/END pairs after it
// draw, and an inline-index draw between does not change that.
TEST_F(DrawState, TheDrawFormLastsFromDrawToDraw) {
    Set(kIndexBuffer, {High(kIndices), Low(kIndices), High(kIndices + 63), Low(kIndices + 63), 1});
    Set(0x17DC, {2, 6});  // SET_INDEX_BUFFER_F, DRAW_INDEX_BUFFER
    Set(kBegin, {kTriangles});
    Set(kEnd, {0});
    Set(kBegin, {kTriangles | kInstanceSubsequent});
    Set(kEnd, {0});
    Set(kBegin, {kLines});
    Set(0x15E8, {4});
    Set(kEnd, {0});
    Set(kBegin, {kTriangles});
    Set(kEnd, {0});
    Set(kNoOperation, {0});
    Run();
    ASSERT_EQ(host_->draws.size(), 3u);
    ASSERT_TRUE(host_->draws[0].index_buffer);
    EXPECT_EQ(host_->draws[0].instance_count, 2u);
    EXPECT_EQ(host_->draws[0].first, 2u);
    EXPECT_EQ(host_->draws[0].count, 6u);
    EXPECT_TRUE(host_->draws[1].inline_indices);
    ASSERT_TRUE(host_->draws[2].index_buffer);
    EXPECT_FALSE(host_->draws[2].inline_indices);
    EXPECT_EQ(host_->draws[2].count, 6u);
}

// One-word draws: START/FIRST 15:0, COUNT 27:16, TOPOLOGY 31:28 in one method; the _SUBSEQUENT
// forms are the next instance of the same draw; DRAW_INDEX_BUFFER16_* reads 16-bit indices
// whatever SET_INDEX_BUFFER_E says.
TEST_F(DrawState, OneWordDraws) {
    Set(0x1214, {7 | 9 << 16 | 6u << 28});  // triangle fan, vertices 7..15
    Set(0x1218, {7 | 9 << 16 | 6u << 28});
    Set(0x1218, {7 | 9 << 16 | 6u << 28});
    Set(kIndexBuffer, {High(kIndices), Low(kIndices), High(kIndices + 255), Low(kIndices + 255),
                       2});                 // 4-byte indices
    Set(0x17E8, {4 | 6 << 16 | 4u << 28});  // DRAW_INDEX_BUFFER16_..._FIRST: triangles
    Set(0x17F4, {4 | 6 << 16 | 4u << 28});  // its _SUBSEQUENT
    Set(0x17EC, {0 | 3 << 16 | 1u << 28});  // DRAW_INDEX_BUFFER8_..._FIRST: lines
    Set(kNoOperation, {0});
    Run();
    ASSERT_EQ(host_->draws.size(), 3u);
    const gpu::DrawCall& fan = host_->draws[0];
    EXPECT_EQ(fan.topology, gpu::Topology::TriangleFan);
    EXPECT_EQ(fan.first, 7u);
    EXPECT_EQ(fan.count, 9u);
    EXPECT_EQ(fan.instance_count, 3u);
    EXPECT_FALSE(fan.Indexed());
    const gpu::DrawCall& indexed = host_->draws[1];
    EXPECT_EQ(indexed.topology, gpu::Topology::Triangles);
    EXPECT_EQ(indexed.first, 4u);
    EXPECT_EQ(indexed.count, 6u);
    EXPECT_EQ(indexed.instance_count, 2u);
    ASSERT_TRUE(indexed.index_buffer);
    EXPECT_EQ(indexed.index_buffer->address, kIndices);
    EXPECT_EQ(indexed.index_buffer->size, 256u);
    EXPECT_EQ(indexed.index_buffer->index_size, gpu::IndexSize::U16);
    ASSERT_TRUE(host_->draws[2].index_buffer);
    EXPECT_EQ(host_->draws[2].topology, gpu::Topology::Lines);
    EXPECT_EQ(host_->draws[2].index_buffer->index_size, gpu::IndexSize::U8);
    EXPECT_EQ(host_->draws[2].count, 3u);
}

// deko3d's dkCmdBufDrawIndirect: its Draw macro called with an increment-once run of five
// words (SEC_OP 5) whose first, the primitive, is in the command buffer and the other four
// (vertex count, instance count, first vertex, first instance: DkDrawIndirectData) come from
// the indirect buffer through a GP entry of its own (deko3d source/dk_cmdbuf.cpp).
TEST_F(DrawState, IndirectDrawThroughTheDrawMacro) {
    const std::vector<u32> macro = gpu::macro::test::DekoDraw();
    words_.push_back(Immediate(0, gpu::macro::method::kLoadMmeInstructionRamPointer, 0));
    words_.push_back(NonIncrementing(0, gpu::macro::method::kLoadMmeInstructionRam,
                                     static_cast<u32>(macro.size())));
    words_.insert(words_.end(), macro.begin(), macro.end());
    words_.push_back(Immediate(0, gpu::macro::method::kLoadMmeStartAddressRamPointer, 2));
    words_.push_back(Immediate(0, gpu::macro::method::kLoadMmeStartAddressRam, 0));
    // CALL_MME_MACRO(2), increment-once, 5 words: the primitive here, the rest indirect.
    words_.push_back(5u << 29 | 5u << 16 | 0u << 13 | (gpu::macro::method::kCallMmeMacro0 + 4));
    words_.push_back(kTriangles);
    const u64 commands = rig_->Segment(words_);
    words_.clear();
    const u64 indirect = rig_->Segment({6, 3, 10, 0});  // DkDrawIndirectData
    Set(kNoOperation, {0});
    rig_->channel->Queue(gpu::Submission{{}, {commands, indirect, rig_->Segment(words_)}, {}});
    EXPECT_EQ(rig_->channel->Run(), gpu::ChannelProgress::Idle);
    ASSERT_EQ(host_->draws.size(), 1u);
    const gpu::DrawCall& draw = host_->draws[0];
    EXPECT_EQ(draw.topology, gpu::Topology::Triangles);
    EXPECT_EQ(draw.count, 6u);
    EXPECT_EQ(draw.instance_count, 3u);
    EXPECT_EQ(draw.first, 10u);
    EXPECT_FALSE(draw.Indexed());
}

// AMPERE_B's draws: DRAW_VERTEX_ARRAY_BEGIN_END_A/B and DRAW_INDEX_BUFFER_BEGIN_END_A/B (first,
// count; drawn at B) with SET_DRAW_CONTROL_A (TOPOLOGY 3:0, INSTANCE_ITERATE_ENABLE 9,
// IGNORE_GLOBAL_BASE_VERTEX_INDEX 10) and SET_DRAW_CONTROL_B (the instance count), as the GPU
// dump shows each draw (no stage is enabled here; ampere_draw_test.cpp reads programs).
TEST(DrawStateAmpere, BeginEndDrawsWithTheDrawControl) {
    const auto path = std::filesystem::temp_directory_path() / "nxhost_ampere_draw_dump_test.txt";
    {
        auto dump = gpu::GpuDump::Open(path);
        ASSERT_NE(dump, nullptr);
        Rig rig(0xC76F);
        gpu::ChannelSetup setup = ChannelSetupFor(4, 0xC76F, rig.syncpoints);
        setup.dump = dump;
        auto channel = std::make_shared<gpu::Channel>(setup);
        channel->BindMemory(rig.memory);
        std::vector<u32> words;
        Method(words, 0, 0, {0xC797});
        Method(words, 0, 0x1434 / 4, {100});            // base vertex
        Method(words, 0, 0x0260 / 4, {5 | 1 << 9, 4});  // strip, 4 instances
        Method(words, 0, 0x0270 / 4, {3, 8});           // vertices 3..10
        Method(words, 0, 0x17C8 / 4, {High(Rig::kData), Low(Rig::kData)});
        Method(words, 0, 0x0238 / 4, {0, 64});        // index buffer size
        Method(words, 0, 0x17D8 / 4, {1});            // 2-byte indices
        Method(words, 0, 0x0260 / 4, {1 | 1 << 10});  // lines, no base vertex
        Method(words, 0, 0x0268 / 4, {2, 12});
        Method(words, 0, 0x0260 / 4, {4 | 1 << 9, 0});  // no instances: none
        Method(words, 0, 0x0274 / 4, {3});
        Method(words, 0, 0x0100 / 4, {0});
        channel->Queue(gpu::Submission{{}, {rig.Segment(words)}, {}});
        EXPECT_EQ(channel->Run(), gpu::ChannelProgress::Idle);
    }
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(text.find("# ch 4 draw triangle strip 8 vertices from 3, 4 instance(s), base "
                        "vertex 100, base instance 0"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(fmt::format("# ch 4 draw lines 12 indices from 2, 1 instance(s), base "
                                    "vertex 0, base instance 0; index buffer {:#x} (64 bytes, "
                                    "2-byte indices)",
                                    Rig::kData)),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("draw triangles"), std::string::npos) << text;
    std::filesystem::remove(path);
}

// The two spellings of each value (clb197.h's _D3D_ and _OGL_ numbers).
TEST(DrawStateValues, BothSpellingsDecode) {
    using namespace gpu::engines;
    EXPECT_EQ(DecodeBlendFactor(0x05), gpu::BlendFactor::SourceAlpha);
    EXPECT_EQ(DecodeBlendFactor(0x4302), gpu::BlendFactor::SourceAlpha);
    EXPECT_EQ(DecodeBlendFactor(0xC001), gpu::BlendFactor::ConstantColor);
    EXPECT_FALSE(DecodeBlendFactor(0x4444));
    EXPECT_EQ(DecodeBlendOp(3), gpu::BlendOp::ReverseSubtract);
    EXPECT_EQ(DecodeBlendOp(0x800B), gpu::BlendOp::ReverseSubtract);
    EXPECT_EQ(DecodeCompareOp(1), gpu::CompareOp::Never);
    EXPECT_EQ(DecodeCompareOp(0x207), gpu::CompareOp::Always);
    EXPECT_EQ(DecodeCompareOp(0x201), gpu::CompareOp::Less);
    EXPECT_FALSE(DecodeCompareOp(0x208));
    EXPECT_EQ(DecodeStencilOp(0x1E01), gpu::StencilOp::Replace);
    EXPECT_EQ(DecodeStencilOp(0x8508), gpu::StencilOp::DecrementWrap);
    EXPECT_EQ(DecodeStencilOp(0), gpu::StencilOp::Zero);
    EXPECT_EQ(DecodeTopology(6), gpu::Topology::TriangleFan);
    EXPECT_FALSE(DecodeTopology(15));
}

}  // namespace
