// The 3D class's draws on the Vulkan host GPU (lavapipe where there is no GPU): pushbuffers
// written here bind Maxwell programs assembled here (nvdisasm's syntax) with their program
// headers (OGD Shader-Program-Header: SPH v3), set the draw state (OGD classes/3d/clb197.h),
// draw into a pitch-layout RGBA8 target and read it back at the fence. Which pixels a
// primitive covers and the values they get are computed here from the vertices (pixel
// centres at +0.5, the viewport transform, the blend equation).

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>

#include <unistd.h>

#include <astcenc.h>
#include <fmt/format.h>

#include "base/file.h"
#include "gpu/block_linear.h"
#include "gpu/texture_decoder.h"
#include "host_gpu_test_support.h"
#include "maxwell_draw_programs.h"
#include "maxwell_test_code.h"
#include "sample_macros.h"
#include "shader/maxwell/instruction.h"

namespace {

using namespace gpu_test;

// Byte offsets of the 3D class's methods (OGD classes/3d/clb197.h).
constexpr u32 kColorTarget = 0x0800;
constexpr u32 kViewportTransform = 0x0A00;
constexpr u32 kViewportSwizzle = 0x0A18;
constexpr u32 kViewportZClip = 0x0D7C;  // RANGE: NEGATIVE_W_TO_POSITIVE_W 0, ZERO_TO_POSITIVE_W 1
constexpr u32 kVertexArrayStart = 0x0D74;
constexpr u32 kColorClearValue = 0x0D80;
constexpr u32 kZClearValue = 0x0D90;
constexpr u32 kZt = 0x0FE0;
constexpr u32 kVertexAttribute = 0x1160;
constexpr u32 kCtSelect = 0x121C;
constexpr u32 kZtSize = 0x1228;
constexpr u32 kDepthTest = 0x12CC;
constexpr u32 kDepthWrite = 0x12E8;
constexpr u32 kDepthFunc = 0x130C;
constexpr u32 kBlendCommon = 0x133C;
constexpr u32 kBlendEnable = 0x1360;
constexpr u32 kZtSelect = 0x1538;
constexpr u32 kSamplerPool = 0x155C;
constexpr u32 kHeaderPool = 0x1574;
constexpr u32 kProgramRegion = 0x1608;
constexpr u32 kEnd = 0x1614;
constexpr u32 kBegin = 0x1618;
constexpr u32 kIndexBuffer = 0x17C8;
constexpr u32 kDrawIndexBuffer = 0x17E0;
constexpr u32 kVertexStreamInstance = 0x1880;
constexpr u32 kClearSurface = 0x19D0;
constexpr u32 kCtWrite = 0x1A00;
constexpr u32 kVertexStream = 0x1C00;
constexpr u32 kVertexStreamLimit = 0x1F00;
constexpr u32 kPipelineShader = 0x2000;
constexpr u32 kScissor = 0x0E00;  // + 16 per scissor: enable, horizontal, vertical
constexpr u32 kConstantBufferSelector = 0x2380;
constexpr u32 kLoadConstantBuffer = 0x238C;
constexpr u32 kBindGroup = 0x2410;

constexpr u32 kTriangles = 4;
constexpr u32 kQuads = 7;
constexpr u32 kInstanceSubsequent = 1u << 26;
constexpr u32 kA8B8G8R8 = 0xD5;
constexpr u32 kZF32 = 0x0A;
constexpr u32 kFloat32x3 = 0x02 << 21 | 7u << 27;  // COMPONENT_BIT_WIDTHS R32_G32_B32, FLOAT
constexpr u32 kFloat32x4 = 0x01 << 21 | 7u << 27;
constexpr u32 kFloat32 = 0x12 << 21 | 7u << 27;

constexpr u32 kWidth = 64;
constexpr u32 kHeight = 32;
constexpr u32 kPitch = kWidth * 4;
constexpr u64 kTargetBytes = kPitch * kHeight;

constexpr u64 kPrograms = Rig::kData;  // the program region
constexpr u32 kVertexOffset = 0x100;
constexpr u32 kFragmentOffset = 0x800;
constexpr u64 kTarget = Rig::kData + 0x1'0000;
constexpr u64 kZeta = Rig::kData + 0x2'0000;
constexpr u64 kVertices = Rig::kData + 0x3'0000;
constexpr u64 kInstances = Rig::kData + 0x3'8000;
constexpr u64 kIndices = Rig::kData + 0x4'0000;
constexpr u64 kConstants = Rig::kData + 0x5'0000;
constexpr u64 kTexturePools = Rig::kData + 0x6'0000;  // headers, then samplers at +0x100
constexpr u64 kTexels = Rig::kData + 0x6'1000;

// deko3d's driver constant buffer (c[0x0]): the fragment stage's texture handles start at
// 0x10 + 4 * 0x1a0 (shader/deko_environment.h).
constexpr u32 kFragmentTextureHandles = 0x10 + 4 * 0x1A0;

// A fragment program sampling a texel at the coordinates in the colour's x and y (TEX.B with the
// handle deko3d puts in c[0x0]).
const std::vector<std::string> kTextureProgram = {
    "IPA.PASS R0, a[0x80], RZ ;",
    "IPA.PASS R1, a[0x84], RZ ;",
    fmt::format("MOV R4, c[0x0][{:#x}] ;", kFragmentTextureHandles),
    "TEX.B.NODEP.P R0, R0, R4, 0x0, 2D, 0xf ;",
    "EXIT ;",
};

struct Vertex {
    float x, y, z;
    float r, g, b, a;
};

constexpr std::array<u8, 4> kBackground{0x10, 0x20, 0x30, 0xFF};

class HostGpuDraw : public HostGpuTest {
protected:
    HostGpuDraw() : HostGpuTest("the host-GPU draws") {}

    void SetUp() override {
        HostGpuTest::SetUp();
        if (IsSkipped()) {
            return;
        }
        if (work_ || decoding_) {
            // A host of its own, counting, keeping translations, or decoding compressed
            // textures on the CPU.
            host_ = video::OpenVulkanHostGpu(
                {}, work_, decoding_.value_or(video::CompressedTextureDecoding{}), cache_);
        }
        rig_ = std::make_unique<Rig>(0xB06F, std::chrono::milliseconds(5000), host_);
        Method(words_, 0, 0, {0xB197});
        // A pitch-layout target (MEMORY LAYOUT 12 = PITCH: WIDTH is the pitch in bytes),
        // cleared to kBackground.
        Set(kColorTarget,
            {High(kTarget), Low(kTarget), kPitch, kHeight, kA8B8G8R8, 1u << 12, 1, 0});
        Set(kCtSelect, {1});
        Set(kCtWrite, {0x1111});
        Set(kColorClearValue, {FloatBits(0x10 / 255.0f), FloatBits(0x20 / 255.0f),
                               FloatBits(0x30 / 255.0f), FloatBits(1)});
        Set(kClearSurface, {0xF << 2});
        // The viewport covers the target: x_w = 32 x + 32, y_w = 16 y + 16, z_w = z, z_ndc
        // 0..1 (as deko3d sets it).
        Set(kViewportTransform,
            {FloatBits(kWidth / 2.0f), FloatBits(kHeight / 2.0f), FloatBits(1),
             FloatBits(kWidth / 2.0f), FloatBits(kHeight / 2.0f), FloatBits(0)});
        Set(kViewportZClip, {1});
        // Attributes: 0 xyz at 0, 1 rgba at 12 (stream 0, 28-byte vertices), 2 from stream 1.
        Set(kVertexAttribute, {0 | 0 << 7 | kFloat32x3, 0 | 12 << 7 | kFloat32x4, 1 | kFloat32});
        Set(kProgramRegion, {High(kPrograms), Low(kPrograms)});
        Program(kVertexOffset, VertexHeader(), kVertexProgram);
        Set(kPipelineShader + 64 * 1, {1 | 1 << 4, kVertexOffset});
        Fragment(kColourProgram);
    }

    void Set(u32 offset, std::initializer_list<u32> arguments) {
        Method(words_, 0, offset / 4, arguments);
    }
    void Program(u32 offset, const std::vector<u8>& header, const std::vector<std::string>& code) {
        std::memcpy(rig_->Data(kPrograms + offset), header.data(), header.size());
        const std::vector<u8> bytes = MaxwellCode(code);
        std::memcpy(rig_->Data(kPrograms + offset + 0x50), bytes.data(), bytes.size());
    }
    void Fragment(const std::vector<std::string>& code, u32 offset = kFragmentOffset) {
        Program(offset, FragmentHeader(), code);
        Set(kPipelineShader + 64 * 5, {1 | 5 << 4, offset});
    }
    // Vertices at kVertices (+ `at` vertices), stream 0.
    void Vertices(const std::vector<Vertex>& vertices, u32 at = 0) {
        std::memcpy(rig_->Data(kVertices + at * sizeof(Vertex)), vertices.data(),
                    vertices.size() * sizeof(Vertex));
        const u64 last = kVertices + 0x8000 - 1;
        Set(kVertexStream,
            {static_cast<u32>(sizeof(Vertex)) | 1 << 12, High(kVertices), Low(kVertices)});
        Set(kVertexStreamLimit, {High(last), Low(last)});
    }
    void DrawArrays(u32 first, u32 count, u32 begin = kTriangles) {
        Set(kBegin, {begin});
        Set(kVertexArrayStart, {first, count});
        Set(kEnd, {0});
    }
    // Constant buffer `slot` of the pixel bind group: `size` bytes at `address`, `words`
    // uploaded at its start with LOAD_CONSTANT_BUFFER.
    void PixelConstants(u32 slot, u64 address, u32 size, std::initializer_list<u32> words) {
        Set(kConstantBufferSelector, {size, High(address), Low(address)});
        Set(kLoadConstantBuffer, {0});
        Set(kLoadConstantBuffer + 4, words);
        Set(kBindGroup + 32 * 4, {slot << 4 | 1});
    }

    // Runs the words with a fence after them and returns the target's bytes at the fence.
    // `before`: GP entries of segments to run first (the words follow them).
    std::vector<u8> Run(std::vector<u64> before = {}) {
        return RunToFence(*rig_, words_, std::move(before), kTarget, kTargetBytes);
    }

    // Compares each pixel with `expected(x, y)`, each component within `tolerance`.
    void ExpectPixels(const std::vector<u8>& target,
                      const std::function<std::array<u8, 4>(u32, u32)>& expected,
                      int tolerance = 0) {
        gpu_test::ExpectPixels(target, kWidth, kHeight, expected, tolerance);
    }

    // A ZF32 depth target of the colour target's size, cleared to 1, tested GL_LESS and
    // written.
    void DepthTarget() {
        Set(kZt, {High(kZeta), Low(kZeta), kZF32, 0, 0});
        Set(kZtSize, {kWidth, kHeight, 1});
        Set(kZtSelect, {1});
        Set(kZClearValue, {FloatBits(1)});
        Set(kClearSurface, {1});  // Z
        Set(kDepthTest, {1});
        Set(kDepthWrite, {1});
        Set(kDepthFunc, {0x201});  // GL_LESS
    }
    // Each depth value of the ZF32 target (block-linear, one GOB a block; after Run) against
    // `expected`.
    void ExpectDepth(const std::function<float(u32, u32)>& expected) {
        u32 wrong = 0;
        for (u32 y = 0; y < kHeight; ++y) {
            for (u32 x = 0; x < kWidth; ++x) {
                float depth = 0;
                const gpu::BlockLinearSurface zeta{kWidth * 4, kHeight, 0};
                std::memcpy(&depth, rig_->Data(kZeta + zeta.Offset(x * 4, y)), 4);
                if (std::abs(depth - expected(x, y)) > 1e-6f && wrong++ < 8) {
                    ADD_FAILURE() << "depth at " << x << "," << y << ": " << depth << ", expected "
                                  << expected(x, y);
                }
            }
        }
        EXPECT_EQ(wrong, 0u) << "depth values differ";
    }

    // The texture program with `tic` as its texture 0 (TIC 0, TSC 0: point filtering, no mips).
    void BindTexture(const std::array<u32, 8>& tic) {
        Fragment(kTextureProgram, 0x1000);
        std::memcpy(rig_->Data(kTexturePools), tic.data(), sizeof(tic));
        const u32 tsc[8] = {0, 1 | 1 << 4 | 1 << 6, 0, 0, 0, 0, 0, 0};
        std::memcpy(rig_->Data(kTexturePools + 0x100), tsc, sizeof(tsc));
        Set(kHeaderPool, {High(kTexturePools), Low(kTexturePools), 0});
        Set(kSamplerPool, {High(kTexturePools + 0x100), Low(kTexturePools + 0x100), 0});
        Set(kConstantBufferSelector, {0x1000, High(kConstants), Low(kConstants)});
        Set(kLoadConstantBuffer, {kFragmentTextureHandles, 0});
        Set(kBindGroup + 32 * 4, {0 << 4 | 1});
    }
    // A quad over the target, its colour's r and g the texture coordinates 0..1: each pixel
    // samples its texel where the texture has the target's size. Its vertices are vertices
    // 16-19 of the stream, apart from those of other draws of the same run.
    void DrawSampledQuad() {
        Vertices({{-1, -1, 0, 0, 0, 0, 0},
                  {1, -1, 0, 1, 0, 0, 0},
                  {1, 1, 0, 1, 1, 0, 0},
                  {-1, 1, 0, 0, 1, 0, 0}},
                 16);
        DrawArrays(16, 4, kQuads);
    }

    std::shared_ptr<gpu::FrameWork> work_;  // set before SetUp: the host counts its work there
    std::shared_ptr<shader::ShaderCache> cache_;  // with work_: where the host keeps translations
    std::optional<video::CompressedTextureDecoding> decoding_;  // set before SetUp
    std::unique_ptr<Rig> rig_;
    std::vector<u32> words_;
};

// Pixel (x, y)'s centre in normalised device coordinates of this viewport.
float NdcX(u32 x) {
    return (x + 0.5f) / (kWidth / 2.0f) - 1;
}
float NdcY(u32 y) {
    return (y + 0.5f) / (kHeight / 2.0f) - 1;
}

// The lower-left half: (-1,-1), (1,-1), (-1,1) covers the centres with x + y < 0.
bool InHalf(u32 x, u32 y) {
    return NdcX(x) + NdcY(y) < 0;
}

TEST_F(HostGpuDraw, ATriangleFromAVertexBuffer) {
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    const auto colour = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
}

// Garbage a guest may write: a draw of 2^32 - 1 vertices and one through a viewport of no width
// are refused (named in the log), and the triangle after them is drawn.
TEST_F(HostGpuDraw, ImpossibleDrawsAreRefusedAndTheNextIsMade) {
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 0xFFFFFFFF);
    Set(kViewportTransform, {FloatBits(0)});
    DrawArrays(0, 3);
    Set(kViewportTransform, {FloatBits(kWidth / 2.0f)});
    DrawArrays(0, 3);
    const auto colour = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
}

class HostGpuDrawCounted : public HostGpuDraw {
protected:
    HostGpuDrawCounted() { work_ = std::make_shared<gpu::FrameWork>(); }
};

// The frame statistics of two draws of the same triangle on a fresh host: the vertex and the
// fragment program translated once, one pipeline, and per draw the bytes read for it: stream 0
// up to its last vertex (3 x 28 bytes) and 64 bytes past it for the attributes' offsets, and 16
// bytes of zeros for attribute 2, whose stream 1 is not enabled (no constant bank is read).
TEST_F(HostGpuDrawCounted, TheFrameWorkCountsTranslationsPipelinesAndUploads) {
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    Set(kDepthWrite, {0});  // a method between them: two draws, not two instances
    DrawArrays(0, 3);
    Run();
    const gpu::FrameWorkCounts counts = work_->Take();
    EXPECT_EQ(counts.shaders_translated, 2u);
    EXPECT_EQ(counts.pipelines_built, 1u);
    EXPECT_EQ(counts.bytes_uploaded, 2u * (3 * sizeof(Vertex) + 64 + 16));
    EXPECT_GT(counts.translate_ns, 0u);
}

// A host with a shader cache stores the translations of its draws' programs; a second host on
// the same folder (the next start) loads them instead of translating, and draws the same.
class HostGpuDrawCached : public HostGpuDrawCounted {
protected:
    HostGpuDrawCached()
        : folder_(std::filesystem::temp_directory_path() /
                  fmt::format("nxhost-draw-cache-{}-{}", ::getpid(), std::random_device()())) {
        cache_ = std::make_shared<shader::ShaderCache>(folder_, "test build");
    }
    ~HostGpuDrawCached() override { std::filesystem::remove_all(folder_); }

    std::filesystem::path folder_;
};

TEST_F(HostGpuDrawCached, ASecondHostLoadsTheTranslationsTheFirstStored) {
    const auto colour = Unorm(1, 0, 0.2f, 1);
    const auto draw = [&] {
        Vertices(
            {{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
        DrawArrays(0, 3);
        ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
    };
    ASSERT_NO_FATAL_FAILURE(draw());
    EXPECT_EQ(work_->Take().shaders_translated, 2u);
    EXPECT_EQ(cache_->Stats().stored, 2u);
    EXPECT_EQ(cache_->Stats().hits, 0u);
    host_.reset();  // the host closes: the driver's pipeline cache is written beside the entries
    rig_.reset();
    std::vector<std::filesystem::path> pipeline_files;
    for (const auto& entry : std::filesystem::directory_iterator(folder_)) {
        if (entry.path().extension() == ".pipelines") {
            pipeline_files.push_back(entry.path());
        }
    }
    ASSERT_EQ(pipeline_files.size(), 1u);
    EXPECT_GE(std::filesystem::file_size(pipeline_files[0]), 28u + 32u);  // both headers

    words_.clear();
    cache_ = std::make_shared<shader::ShaderCache>(folder_, "test build");
    SetUp();  // a fresh host, rig and state on the same folder
    ASSERT_NO_FATAL_FAILURE(draw());
    EXPECT_EQ(work_->Take().shaders_translated, 0u);
    EXPECT_EQ(cache_->Stats().hits, 2u);
    EXPECT_EQ(cache_->Stats().stored, 0u);

    // Another build's entries are not this one's: it translates again. A damaged pipeline cache
    // is named and not given to the driver; the draw is the same.
    host_.reset();
    rig_.reset();
    std::vector<u8> damaged = base::ReadFile(pipeline_files[0]);
    damaged.back() ^= 0xFF;
    base::WriteFileAtomic(pipeline_files[0], damaged);
    words_.clear();
    cache_ = std::make_shared<shader::ShaderCache>(folder_, "another build");
    ::testing::internal::CaptureStderr();
    SetUp();
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(log.find("not used (checksum mismatch); starting an empty one"), std::string::npos)
        << log;
    ASSERT_NO_FATAL_FAILURE(draw());
    EXPECT_EQ(work_->Take().shaders_translated, 2u);
    EXPECT_EQ(cache_->Stats().hits, 0u);
}

// Four vertices of a rectangle, drawn as two triangles by 16-bit indices from the third index
// on (SET_INDEX_BUFFER_F), and the same rectangle as one quad of a quad list.
TEST_F(HostGpuDraw, AnIndexedRectangleAndAQuad) {
    // x 8..24 and y 4..12 in pixels; the quad x 40..56.
    Vertices({{-0.75f, -0.75f, 0, 0, 1, 0, 1},
              {-0.25f, -0.75f, 0, 0, 1, 0, 1},
              {-0.75f, -0.25f, 0, 0, 1, 0, 1},
              {-0.25f, -0.25f, 0, 0, 1, 0, 1},
              {0.25f, -0.75f, 0, 0, 0, 1, 1},
              {0.75f, -0.75f, 0, 0, 0, 1, 1},
              {0.75f, -0.25f, 0, 0, 0, 1, 1},
              {0.25f, -0.25f, 0, 0, 0, 1, 1}});
    const u16 indices[] = {9, 9, 0, 1, 2, 2, 1, 3};
    std::memcpy(rig_->Data(kIndices), indices, sizeof(indices));
    Set(kIndexBuffer,
        {High(kIndices), Low(kIndices), High(kIndices + 15), Low(kIndices + 15), 1, 2});
    Set(kBegin, {kTriangles});
    Set(kDrawIndexBuffer, {6});
    Set(kEnd, {0});
    DrawArrays(4, 4, kQuads);
    const auto green = Unorm(0, 1, 0, 1);
    const auto blue = Unorm(0, 0, 1, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) {
        if (y >= 4 && y < 12 && x >= 8 && x < 24) {
            return green;
        }
        if (y >= 4 && y < 12 && x >= 40 && x < 56) {
            return blue;
        }
        return kBackground;
    });
}

// deko3d's instancing: BEGIN/count/END again with INSTANCE_ID SUBSEQUENT; attribute 2 comes
// from a per-instance stream (SET_VERTEX_STREAM_INSTANCE_A) moving each instance right.
TEST_F(HostGpuDraw, InstancesOfRepeatedBeginEnd) {
    // A square of x 0..16, y 0..8 in pixels.
    Vertices({{-1, -1, 0, 1, 1, 1, 1},
              {-0.5f, -1, 0, 1, 1, 1, 1},
              {-1, -0.5f, 0, 1, 1, 1, 1},
              {-0.5f, -0.5f, 0, 1, 1, 1, 1}});
    const float offsets[] = {0, 0.75f, 1.5f};  // 0, 24 and 48 pixels
    std::memcpy(rig_->Data(kInstances), offsets, sizeof(offsets));
    Set(kVertexStream + 16, {4 | 1 << 12, High(kInstances), Low(kInstances)});
    Set(kVertexStreamLimit + 8, {High(kInstances + 11), Low(kInstances + 11)});
    Set(kVertexStreamInstance + 4, {1});
    for (u32 instance = 0; instance < 3; ++instance) {
        DrawArrays(0, 4, 5 | (instance == 0 ? 0 : kInstanceSubsequent));  // triangle strip
    }
    const auto white = Unorm(1, 1, 1, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) {
        const bool in = y < 8 && (x < 16 || (x >= 24 && x < 40) || x >= 48);
        return in ? white : kBackground;
    });
}

// The colour from a constant buffer uploaded with LOAD_CONSTANT_BUFFER and bound to slot 2 of
// the pixel stage.
TEST_F(HostGpuDraw, AColourFromAConstantBuffer) {
    Fragment(kConstantProgram, 0x1000);
    PixelConstants(2, kConstants, 0x100,
                   {FloatBits(0.4f), FloatBits(0.6f), FloatBits(0.8f), FloatBits(1)});
    Vertices({{-1, -1, 0, 0, 0, 0, 0}, {1, -1, 0, 0, 0, 0, 0}, {-1, 1, 0, 0, 0, 0, 0}});
    DrawArrays(0, 3);
    const auto colour = Unorm(0.4f, 0.6f, 0.8f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
}

// A 2x2 texture sampled with point filtering at (0.75, 0.25): texel (1, 0). The handle (TIC 0,
// TSC 0) is where deko3d puts the fragment stage's texture 0 in c[0x0].
TEST_F(HostGpuDraw, ATexelOfABoundTexture) {
    Fragment(kTextureProgram, 0x1000);
    const u8 texels[2][32] = {{1, 2, 3, 255, 200, 100, 50, 255}, {7, 8, 9, 255, 10, 11, 12, 255}};
    std::memcpy(rig_->Data(kTexels), texels, sizeof(texels));
    const auto tic = PitchTic(kTexels, 2, 2, 32);
    std::memcpy(rig_->Data(kTexturePools), tic.data(), sizeof(tic));
    // TSC: wrap (0), mag point (w1 2:0 = 1), min point (5:4 = 1), no mips (7:6 = 1).
    const u32 tsc[8] = {0, 1 | 1 << 4 | 1 << 6, 0, 0, 0, 0, 0, 0};
    std::memcpy(rig_->Data(kTexturePools + 0x100), tsc, sizeof(tsc));
    Set(kHeaderPool, {High(kTexturePools), Low(kTexturePools), 0});
    Set(kSamplerPool, {High(kTexturePools + 0x100), Low(kTexturePools + 0x100), 0});
    // c[0x0] of the pixel stage: handle 0 at the texture handles' start.
    Set(kConstantBufferSelector, {0x1000, High(kConstants), Low(kConstants)});
    Set(kLoadConstantBuffer, {kFragmentTextureHandles, 0});
    Set(kBindGroup + 32 * 4, {0 << 4 | 1});
    Vertices({{-1, -1, 0, 0.75f, 0.25f, 0, 0},
              {1, -1, 0, 0.75f, 0.25f, 0, 0},
              {-1, 1, 0, 0.75f, 0.25f, 0, 0}});
    DrawArrays(0, 3);
    const std::array<u8, 4> texel{200, 100, 50, 255};
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? texel : kBackground; });
}

// The vertex formats named by their packed layout (clb197.h COMPONENT_BIT_WIDTHS, UNORM):
// A8B8G8R8 (0x2F) and G8R8 (0x32) hold R first in memory, X8B8G8R8 (0x33) ignores its fourth
// byte (w reads 1), A8 (0x34) is the attribute's w alone, x y z reading 0. Attribute 1 (the
// colour) takes its bytes from the start of each vertex's colour floats; the triangle covers
// the target.
TEST_F(HostGpuDraw, PackedAndAlphaOnlyVertexFormats) {
    constexpr u32 kUnorm = 2u << 27;
    const std::array<u8, 4> bytes{51, 102, 153, 204};
    struct Case {
        u32 widths;
        std::array<u8, 4> expected;
    };
    const Case cases[] = {{0x2F, {51, 102, 153, 204}},
                          {0x32, {51, 102, 0, 255}},
                          {0x33, {51, 102, 153, 255}},
                          {0x34, {0, 0, 0, 51}}};
    std::vector<Vertex> vertices = {
        {-1, -1, 0, 0, 0, 0, 0}, {3, -1, 0, 0, 0, 0, 0}, {-1, 3, 0, 0, 0, 0, 0}};
    for (Vertex& vertex : vertices) {
        std::memcpy(&vertex.r, bytes.data(), bytes.size());
    }
    Vertices(vertices);
    for (const Case& c : cases) {
        SCOPED_TRACE(fmt::format("COMPONENT_BIT_WIDTHS {:#x}", c.widths));
        Set(kVertexAttribute + 4, {0 | 12 << 7 | c.widths << 21 | kUnorm});
        DrawArrays(0, 3);
        ExpectPixels(Run(), [&](u32, u32) { return c.expected; });
        words_.clear();
    }
}

// Viewports and scissors 1-15: a vertex program writing the viewport index (a[0x68], declared
// in its header's output system values B, bit 2) from the instance id (a[0x2f8], system values
// C bit 14 of the input map): instance 0 draws the lower-left half triangle through viewport 0
// (the left half of the target), instance 1 through viewport 1 (the upper right quarter),
// whose scissor keeps x 40..60 of it. Every pixel is computed from the two viewports'
// transforms and the scissor.
const std::vector<std::string> kViewportIndexProgram = {
    "ALD.64 R0, a[0x80] ;",  "ALD.128 R4, a[0x90] ;",   "ALD R8, a[0x2f8] ;",
    "MOV32I R2, 0x0 ;",      "MOV32I R3, 0x3f800000 ;", "AST.128 a[0x70], R0 ;",
    "AST.128 a[0x80], R4 ;", "AST a[0x68], R8 ;",       "EXIT ;"};

// The vertex header with the instance id as an input and, if asked, the viewport index as an
// output.
std::vector<u8> ViewportIndexHeader(bool declares_viewport_index) {
    std::vector<u8> header = VertexHeader();
    header[0x2a + 1] |= 0x40;
    if (declares_viewport_index) {
        header[0x35] |= 0x04;
    }
    return header;
}

TEST_F(HostGpuDraw, ViewportIndexPicksViewportAndScissor) {
    Program(0x1000, ViewportIndexHeader(true), kViewportIndexProgram);
    Set(kPipelineShader + 64 * 1, {1 | 1 << 4, 0x1000});
    // Viewport 0: x 0..32, y 0..32; viewport 1: x 32..64, y 0..16 (x_w = 16 x + 48, y_w = 8 y
    // + 8); scissor 1: x 40..60, all rows.
    Set(kViewportTransform,
        {FloatBits(16), FloatBits(16), FloatBits(1), FloatBits(16), FloatBits(16), FloatBits(0)});
    Set(kViewportTransform + 32,
        {FloatBits(16), FloatBits(8), FloatBits(1), FloatBits(48), FloatBits(8), FloatBits(0)});
    Set(kScissor + 16, {1, 60u << 16 | 40, kHeight << 16 | 0});
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    DrawArrays(0, 3, kTriangles | kInstanceSubsequent);
    const auto colour = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) {
        const float px = x + 0.5f;
        const float py = y + 0.5f;
        // Each viewport's NDC of the pixel centre; the triangle is x + y < 0 in NDC.
        if (x < 32 && (px - 16) / 16 + (py - 16) / 16 < 0) {
            return colour;
        }
        if (x >= 40 && x < 60 && y < 16 && (px - 48) / 16 + (py - 8) / 8 < 0) {
            return colour;
        }
        return kBackground;
    });
}

// The same program under a header that does not declare the viewport index: its translation
// fails naming it, and nothing is drawn.
TEST_F(HostGpuDraw, AViewportIndexTheHeaderDoesNotDeclareIsNotDrawn) {
    Program(0x1000, ViewportIndexHeader(false), kViewportIndexProgram);
    Set(kPipelineShader + 64 * 1, {1 | 1 << 4, 0x1000});
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {3, -1, 0, 1, 0, 0.2f, 1}, {-1, 3, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    ExpectPixels(Run(), [&](u32, u32) { return kBackground; });
}

// OpenGL's clip-space depth: SET_VIEWPORT_Z_CLIP 0 takes z_ndc from -1 (z >= -w) and the
// viewport z_w = 0.5 z + 0.5 (glDepthRange(0, 1)). A triangle at z -0.5 is kept and stored at
// 0.25; one at z -0.75 over the other half, which 0..1 clipping would drop, at 0.125.
TEST_F(HostGpuDraw, DepthFromMinusOneToOne) {
    DepthTarget();
    Set(kViewportZClip, {0});
    Set(kViewportTransform + 8, {FloatBits(0.5f)});
    Set(kViewportTransform + 20, {FloatBits(0.5f)});
    Vertices({{-1, -1, -0.5f, 1, 0, 0.2f, 1},
              {1, -1, -0.5f, 1, 0, 0.2f, 1},
              {-1, 1, -0.5f, 1, 0, 0.2f, 1},
              {1, 1, -0.75f, 0, 1, 0, 1},
              {-1, 1, -0.75f, 0, 1, 0, 1},
              {1, -1, -0.75f, 0, 1, 0, 1}});
    DrawArrays(0, 6);
    const auto red = Unorm(1, 0, 0.2f, 1);
    const auto green = Unorm(0, 1, 0, 1);
    // The diagonal's centres: x + y < 0 is the first triangle's, x + y > 0 the second's.
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? red : green; });
    ExpectDepth([](u32 x, u32 y) { return InHalf(x, y) ? 0.25f : 0.125f; });
}

// The same triangle at z 0 in 0..1 depth mode with z_w = 0.5 z + 0.5 is at 0.5; at z -0.5 it is
// clipped away (0..1 clipping), the background and the cleared depth stay.
TEST_F(HostGpuDraw, DepthFromZeroToOneClipsBelowZero) {
    DepthTarget();
    Set(kViewportTransform + 8, {FloatBits(0.5f)});
    Set(kViewportTransform + 20, {FloatBits(0.5f)});
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1},
              {1, -1, 0, 1, 0, 0.2f, 1},
              {-1, 1, 0, 1, 0, 0.2f, 1},
              {1, 1, -0.5f, 0, 1, 0, 1},
              {-1, 1, -0.5f, 0, 1, 0, 1},
              {1, -1, -0.5f, 0, 1, 0, 1}});
    DrawArrays(0, 6);
    const auto red = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? red : kBackground; });
    ExpectDepth([](u32 x, u32 y) { return InHalf(x, y) ? 0.5f : 1.0f; });
}

// SET_VIEWPORT_COORDINATE_SWIZZLE with y from -y (POS_X, NEG_Y, POS_Z, POS_W): the lower-left
// half comes out mirrored top to bottom, the half whose centres have x - y < 0 (y counted down).
TEST_F(HostGpuDraw, ViewportSwizzleNegatingY) {
    Set(kViewportSwizzle, {0 | 3 << 4 | 4 << 8 | 6 << 12});
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    const auto red = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return NdcX(x) - NdcY(y) < 0 ? red : kBackground; });
}

// Two triangles, lower-left (vertices 0-2, colour A) and upper-right (3-5, colour B): every
// pixel centre is in one of them.
const std::vector<Vertex> kTwoHalves = {{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1},
                                        {-1, 1, 0, 1, 0, 0.2f, 1},  {1, -1, 0, 0, 0.4f, 1, 1},
                                        {1, 1, 0, 0, 0.4f, 1, 1},   {-1, 1, 0, 0, 0.4f, 1, 1}};

// The indices in the pushbuffer: DRAW_INLINE_INDEX (one a word) for the first triangle,
// DRAW_INLINE_INDEX4X8 after SET_INLINE_INDEX4X8_ALIGN (3 indices from byte 1) for the second,
// then DRAW_INLINE_INDEX2X16 (3 indices from the odd half) drawing the first again.
TEST_F(HostGpuDraw, InlineIndices) {
    Vertices(kTwoHalves);
    const auto repeat = [&](u32 offset, std::initializer_list<u32> arguments) {
        words_.push_back(NonIncrementing(0, offset / 4, static_cast<u32>(arguments.size())));
        words_.insert(words_.end(), arguments);
    };
    Set(kBegin, {kTriangles});
    repeat(0x15E8, {0, 1, 2});
    Set(kEnd, {0});
    Set(kBegin, {kTriangles});
    Set(0x1300, {3 | 1u << 30});
    repeat(0x1304, {0x0504'03FF});
    Set(kEnd, {0});
    const std::vector<u8> halves = Run();
    const auto a = Unorm(1, 0, 0.2f, 1);
    const auto b = Unorm(0, 0.4f, 1, 1);
    ExpectPixels(halves, [&](u32 x, u32 y) { return InHalf(x, y) ? a : b; });
    Set(kClearSurface, {0xF << 2});
    Set(kBegin, {kTriangles});
    Set(0x15EC, {3 | 1u << 31});
    repeat(0x15F0, {0x0000'7777, 0x0002'0001});
    Set(kEnd, {0});
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? a : kBackground; });
}

// DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST (START 15:0, COUNT 27:16, TOPOLOGY 31:28): the
// second triangle alone; DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST: the first from 8-bit
// indices 0, 1, 2 at FIRST 4 of an index buffer whose SET_INDEX_BUFFER_E says 4 bytes.
TEST_F(HostGpuDraw, OneWordDraws) {
    Vertices(kTwoHalves);
    Set(0x1214, {3 | 3 << 16 | kTriangles << 28});
    const auto b = Unorm(0, 0.4f, 1, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? kBackground : b; });
    const u8 indices[] = {9, 9, 9, 9, 0, 1, 2};
    std::memcpy(rig_->Data(kIndices), indices, sizeof(indices));
    Set(kIndexBuffer, {High(kIndices), Low(kIndices), High(kIndices + 63), Low(kIndices + 63), 2});
    Set(0x17EC, {4 | 3 << 16 | kTriangles << 28});
    const auto a = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? a : b; });
}

// An indirect draw as deko3d makes it: its Draw macro called with the primitive from the
// command buffer and vertex count, instance count, first vertex, first instance from the
// indirect buffer, a GP entry of its own (dkCmdBufDrawIndirect): vertices 3..5.
TEST_F(HostGpuDraw, IndirectDrawThroughDekosDrawMacro) {
    Vertices(kTwoHalves);
    const std::vector<u32> macro = gpu::macro::test::DekoDraw();
    std::vector<u32> call;
    call.push_back(Immediate(0, gpu::macro::method::kLoadMmeInstructionRamPointer, 0));
    call.push_back(NonIncrementing(0, gpu::macro::method::kLoadMmeInstructionRam,
                                   static_cast<u32>(macro.size())));
    call.insert(call.end(), macro.begin(), macro.end());
    call.push_back(Immediate(0, gpu::macro::method::kLoadMmeStartAddressRamPointer, 2));
    call.push_back(Immediate(0, gpu::macro::method::kLoadMmeStartAddressRam, 0));
    call.push_back(5u << 29 | 5u << 16 | (gpu::macro::method::kCallMmeMacro0 + 4));
    call.push_back(kTriangles);
    const u64 setup = rig_->Segment(words_);
    words_.clear();
    const u64 commands = rig_->Segment(call);
    const u64 indirect = rig_->Segment({3, 1, 3, 0});
    const auto b = Unorm(0, 0.4f, 1, 1);
    ExpectPixels(Run({setup, commands, indirect}),
                 [&](u32 x, u32 y) { return InHalf(x, y) ? kBackground : b; });
}

// Samples passed (ZPASS_PIXEL_CNT): counted in draws made with SET_ZPASS_PIXEL_COUNT (0x1514) on,
// from the last CLEAR_REPORT_VALUE (0x1530, TYPE 1), reported by SET_REPORT_SEMAPHORE_D with
// OPERATION REPORT_ONLY (2) and REPORT 2 as deko3d's dkCmdBufReportCounter does: four words, the
// count and the timestamp. One sample a pixel: a triangle passes as many samples as it covers
// pixel centres, counted here.
TEST_F(HostGpuDraw, SamplesPassedReports) {
    constexpr u64 kReports = Rig::kData + 0x7'0000;
    constexpr u32 kZpassPixelCount = 0x1514;
    constexpr u32 kClearReportValue = 0x1530;
    constexpr u32 kReportSemaphore = 0x1B00;
    constexpr u32 kSamplesPassedReport = 2 | 2u << 23;  // REPORT_ONLY, ZPASS_PIXEL_CNT
    const auto report = [&](u32 slot, u32 operation, u32 payload = 0) {
        const u64 at = kReports + 16 * slot;
        Set(kReportSemaphore, {High(at), Low(at), payload, operation});
    };
    u64 half = 0;
    for (u32 y = 0; y < kHeight; ++y) {
        for (u32 x = 0; x < kWidth; ++x) {
            half += InHalf(x, y) ? 1 : 0;
        }
    }
    std::memset(rig_->Data(kReports), 0xEE, 16 * 6);
    Vertices(kTwoHalves);
    Set(kZpassPixelCount, {1});
    Set(kClearReportValue, {1});
    DrawArrays(0, 3);  // counted: the lower-left half
    report(0, kSamplesPassedReport);
    Set(kZpassPixelCount, {0});
    DrawArrays(3, 3);  // not counted
    Set(kZpassPixelCount, {1});
    DrawArrays(0, 3);  // counted again
    report(1, kSamplesPassedReport);
    Set(kClearReportValue, {1});
    report(2, kSamplesPassedReport);
    report(3, 2, 0x55);                          // REPORT_ONLY of the payload (REPORT NONE)
    report(4, kSamplesPassedReport | 1u << 28);  // one word: the count's low 32 bits
    Run();
    const auto value = [&](u32 slot) { return rig_->Get<u64>(kReports + 16 * slot); };
    const auto timestamp = [&](u32 slot) { return rig_->Get<u64>(kReports + 16 * slot + 8); };
    EXPECT_EQ(value(0), half);
    EXPECT_EQ(value(1), 2 * half);
    EXPECT_EQ(value(2), 0u);
    EXPECT_EQ(value(3), 0x55u);
    EXPECT_EQ(rig_->Get<u32>(kReports + 16 * 4), 0u);
    EXPECT_EQ(rig_->Get<u32>(kReports + 16 * 4 + 4), 0xEEEE'EEEEu);  // one word only
    EXPECT_LE(timestamp(0), timestamp(1));
    EXPECT_LE(timestamp(1), timestamp(3));
    EXPECT_NE(timestamp(0), 0xEEEE'EEEE'EEEE'EEEEu);
}

// Depth and blend: a triangle at depth 0.5, a second over it at 0.25 blended (GL_SRC_ALPHA,
// GL_ONE_MINUS_SRC_ALPHA) and a third, covering the whole target, at 0.75 without blending:
// GL_LESS keeps it only where nothing nearer was drawn.
TEST_F(HostGpuDraw, BlendAndDepth) {
    DepthTarget();
    const float source[4] = {0, 1, 1, 0.2f};
    Vertices({{-1, -1, 0.5f, 1, 0, 0.2f, 1},
              {1, -1, 0.5f, 1, 0, 0.2f, 1},
              {-1, 1, 0.5f, 1, 0, 0.2f, 1},
              {-1, -1, 0.25f, source[0], source[1], source[2], source[3]},
              {1, -1, 0.25f, source[0], source[1], source[2], source[3]},
              {-1, 1, 0.25f, source[0], source[1], source[2], source[3]},
              {-1, -1, 0.75f, 0, 1, 0, 1},
              {3, -1, 0.75f, 0, 1, 0, 1},
              {-1, 3, 0.75f, 0, 1, 0, 1}});
    DrawArrays(0, 3);
    // SEPARATE_FOR_ALPHA 0: GL_FUNC_ADD of GL_SRC_ALPHA and GL_ONE_MINUS_SRC_ALPHA for both.
    Set(kBlendCommon, {0, 0x8006, 0x4302, 0x4303});
    Set(kBlendEnable, {1});
    DrawArrays(3, 3);
    Set(kBlendEnable, {0});
    DrawArrays(6, 3);
    const float destination[4] = {1, 0, 0.2f, 1};
    std::array<float, 4> blended{};
    for (u32 c = 0; c < 4; ++c) {
        blended[c] = source[c] * source[3] + destination[c] * (1 - source[3]);
    }
    const auto mixed = Unorm(blended[0], blended[1], blended[2], blended[3]);
    const auto green = Unorm(0, 1, 0, 1);
    ExpectPixels(
        Run(), [&](u32 x, u32 y) { return InHalf(x, y) ? mixed : green; }, 1);
}

namespace compressed {

// Byte column x, row y of a block-linear surface `width_bytes` wide with blocks one GOB tall
// (notes/gpu-command-level.md section 5, written out here).
u64 Swizzled(u32 x, u32 y, u32 width_bytes) {
    const u64 in_gob =
        (x % 64 / 32) * 256 + (y % 8 / 2) * 64 + (x % 32 / 16) * 32 + (y % 2) * 16 + x % 16;
    return u64{y / 8} * ((width_bytes + 63) / 64) * 512 + u64{x / 64} * 512 + in_gob;
}

// A block-linear 2D TIC (one GOB a block) of `components` with component type `type`.
std::array<u32, 8> BlockLinearTic(u64 address, u32 width, u32 height, u32 components, u32 type,
                                  bool srgb) {
    const auto pitch = PitchTic(address, width, height, 32);
    std::vector<u8> bytes(32);
    std::memcpy(bytes.data(), pitch.data(), 32);
    SetBits(bytes, 0, 7, components);
    for (u32 i = 0; i < 4; ++i) {
        SetBits(bytes, 7 + 3 * i, 3, type);
    }
    SetBits(bytes, 85, 3, 3);   // HEADER_VERSION BLOCKLINEAR
    SetBits(bytes, 96, 16, 0);  // GOBS_PER_BLOCK 1 x 1 x 1
    SetBits(bytes, 150, 1, srgb ? 1 : 0);
    std::array<u32, 8> words{};
    std::memcpy(words.data(), bytes.data(), 32);
    return words;
}

float SrgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

float HalfToFloat(u16 half) {
    const int exponent = half >> 10 & 0x1F;
    const float mantissa = static_cast<float>(half & 0x3FF);
    const float magnitude =
        exponent == 0 ? std::ldexp(mantissa, -24) : std::ldexp(1 + mantissa / 1024, exponent - 15);
    return half & 0x8000 ? -magnitude : magnitude;
}

u8 UnormByte(float value) {
    return static_cast<u8>(std::lround(std::clamp(value, 0.0f, 1.0f) * 255));
}

// An SNORM byte as a UNORM8 target stores it.
u8 Snorm(u8 byte) {
    return UnormByte(std::max(static_cast<s8>(byte) / 127.0f, -1.0f));
}

// A 16-bit UNORM or SNORM value (little-endian at `bytes`) as a UNORM8 target stores it.
u8 Unorm16(const u8* bytes) {
    u16 value = 0;
    std::memcpy(&value, bytes, 2);
    return UnormByte(value / 65535.0f);
}
u8 Snorm16(const u8* bytes) {
    s16 value = 0;
    std::memcpy(&value, bytes, 2);
    return UnormByte(std::max(value / 32767.0f, -1.0f));
}

struct Case {
    const char* name;
    gpu::TextureFormat format;
    u32 components;
    u32 type;  // 1 SNORM, 2 UNORM, 7 FLOAT
    bool srgb;
    // The device's decoding against nxhost's, in the target's bytes: implementations round the
    // 1/3, 1/5 and 1/7 interpolations of S3TC and RGTC their own way (lavapipe: up to 2 apart,
    // 4 signed).
    int native_tolerance;
};

// NVIDIA's hardware interpolates S3TC with weights of its own: the H200 was 4-6 apart from the
// formulas in the first pixels that differed. A wrong format, swizzle or block layout is far
// further off than this; the decoded path is checked exactly.
constexpr int kS3tcNativeTolerance = 8;

// nxhost decodes RGTC (BC4, BC5) as NVIDIA's hardware does (gpu/bcn_decoder.cpp: measured on the
// H200), so an NVIDIA device agrees with it but for the target's rounding. Other devices follow
// the formulas their own way: lavapipe is up to 8.1 of 255 (UNORM) and 8.9 of 127 (SNORM, 17.8
// of 255 in the UNORM target) from NVIDIA's values (tests/gpu/device_probes/README.md).
int RgtcNativeTolerance(std::string_view device, bool is_signed) {
    if (device.starts_with("NVIDIA")) {
        return 1;
    }
    return is_signed ? 18 : 9;
}

}  // namespace compressed

// The texture cache's known bug classes (notes/gpu-command-level.md section 7: one range seen
// as several textures, render targets reused as textures, garbage sizes), each on a host of its
// own so that its log lines (named once a host) are its own.
class HostGpuTextureBugClasses : public HostGpuDraw {
protected:
    HostGpuTextureBugClasses() { work_ = std::make_shared<gpu::FrameWork>(); }

    // A block-linear RGBA8 render target of the target's size at kTexels (one GOB a block),
    // cleared to `clear`, and a triangle drawn into it (the lower-left half, `colour`); then
    // the pitch target again. Guest memory there holds zeros, which sampling it before the
    // rendering is written back would show.
    void RenderIntoTexture(const std::array<float, 4>& clear, const std::array<float, 4>& colour) {
        std::memset(rig_->Data(kTexels), 0, kTargetBytes);
        Set(kColorTarget, {High(kTexels), Low(kTexels), kWidth, kHeight, kA8B8G8R8, 0, 1, 0});
        Set(kColorClearValue,
            {FloatBits(clear[0]), FloatBits(clear[1]), FloatBits(clear[2]), FloatBits(clear[3])});
        Set(kClearSurface, {0xF << 2});
        const auto [r, g, b, a] = colour;
        Vertices({{-1, -1, 0, r, g, b, a}, {1, -1, 0, r, g, b, a}, {-1, 1, 0, r, g, b, a}});
        DrawArrays(0, 3);
        Set(kColorTarget,
            {High(kTarget), Low(kTarget), kPitch, kHeight, kA8B8G8R8, 1u << 12, 1, 0});
    }
    std::vector<u8> RunCapturingLog(std::string& log) {
        ::testing::internal::CaptureStderr();
        auto target = Run();
        log = ::testing::internal::GetCapturedStderr();
        return target;
    }
};

// A render target sampled as a texture of the same format and size in the same submission:
// the texture views the render target's image (no write-back and read again): the cleared and
// drawn colours, not the zeros of guest memory.
TEST_F(HostGpuTextureBugClasses, ARenderTargetSampledAsATexture) {
    const std::array<float, 4> clear{0.2f, 0.4f, 0.6f, 0.8f};
    const std::array<float, 4> colour{1, 0, 0.2f, 1};
    RenderIntoTexture(clear, colour);
    Fragment(kColourProgram);  // (a program change between the two draws)
    BindTexture(compressed::BlockLinearTic(kTexels, kWidth, kHeight, 0x08, 2, false));
    DrawSampledQuad();
    std::string log;
    const auto target = RunCapturingLog(log);
    const auto cleared = Unorm(clear[0], clear[1], clear[2], clear[3]);
    const auto drawn = Unorm(colour[0], colour[1], colour[2], colour[3]);
    ExpectPixels(target, [&](u32 x, u32 y) { return InHalf(x, y) ? drawn : cleared; });
    EXPECT_EQ(log.find("written back first"), std::string::npos) << log;
    // At the fence the rendering is in guest memory too (block-linear, one GOB a block).
    const gpu::BlockLinearSurface surface{kWidth * 4, kHeight, 0};
    EXPECT_EQ(std::memcmp(rig_->Data(kTexels + surface.Offset(63 * 4, 31)), cleared.data(), 4), 0);
}

// A texture over the lower half of a render target (rows 16-31: 4096 bytes in, two GOB rows of
// four GOBs) with rendering not yet in guest memory: the work before the draw is finished and
// written back (named in the log), then the texture is read from guest memory. The quad
// stretches its 16 rows over 32: pixel (x, y) samples render-target pixel (x, 16 + y / 2).
TEST_F(HostGpuTextureBugClasses, ATextureOverPartOfARenderTarget) {
    const std::array<float, 4> clear{0, 0.6f, 0, 1};
    const std::array<float, 4> colour{0.8f, 0.4f, 0, 1};
    RenderIntoTexture(clear, colour);
    BindTexture(compressed::BlockLinearTic(kTexels + 4096, kWidth, kHeight / 2, 0x08, 2, false));
    DrawSampledQuad();
    std::string log;
    const auto target = RunCapturingLog(log);
    const auto cleared = Unorm(clear[0], clear[1], clear[2], clear[3]);
    const auto drawn = Unorm(colour[0], colour[1], colour[2], colour[3]);
    ExpectPixels(target, [&](u32 x, u32 y) { return InHalf(x, 16 + y / 2) ? drawn : cleared; });
    EXPECT_NE(log.find("overlaps a render target"), std::string::npos) << log;
}

// The same memory as a render target's RGBA8 and then as an R32_FLOAT texture (another format
// at the same address, which cannot view the image): read from guest memory once the
// rendering is there. Every pixel rendered as the bytes (0, 0, 128, 63) is the float
// 0x3F800000 = 1.0 to the texture: red 255 (the zeros there before: red 0).
TEST_F(HostGpuTextureBugClasses, TheSameMemoryAsTwoFormats) {
    RenderIntoTexture({0, 0, 128 / 255.0f, 63 / 255.0f}, {0, 0, 128 / 255.0f, 63 / 255.0f});
    // COMPONENTS R32 (0x0F), FLOAT (7).
    BindTexture(compressed::BlockLinearTic(kTexels, kWidth, kHeight, 0x0F, 7, false));
    DrawSampledQuad();
    std::string log;
    const auto target = RunCapturingLog(log);
    const std::array<u8, 4> one_in_red{255, 0, 0, 255};
    ExpectPixels(target, [&](u32, u32) { return one_in_red; });
    EXPECT_NE(log.find("another format"), std::string::npos) << log;
}

// A texture the CPU writes after its upload: the next draw after a synchronisation samples the
// new texels (the cache hashes guest memory again), not the old image.
TEST_F(HostGpuTextureBugClasses, ATextureWrittenByTheCpuAfterItsUpload) {
    const auto fill = [&](u8 seed) {
        for (u32 y = 0; y < kHeight; ++y) {
            for (u32 x = 0; x < kWidth; ++x) {
                const u8 texel[4] = {static_cast<u8>(x * 4 + seed), static_cast<u8>(y * 8), seed,
                                     255};
                std::memcpy(rig_->Data(kTexels + (y * kWidth + x) * 4), texel, 4);
            }
        }
    };
    const auto expected = [&](u8 seed) {
        return [seed](u32 x, u32 y) {
            return std::array<u8, 4>{static_cast<u8>(x * 4 + seed), static_cast<u8>(y * 8), seed,
                                     255};
        };
    };
    fill(0);
    BindTexture(PitchTic(kTexels, kWidth, kHeight, kPitch));
    DrawSampledQuad();
    ExpectPixels(Run(), expected(0));
    fill(3);  // the guest's CPU writes the texture's memory
    words_.clear();
    DrawSampledQuad();
    ExpectPixels(Run(), expected(3));
}

// Garbage sizes: a draw of no vertices, a texture wider than the device takes (65536 x 65536)
// and one of 4 GiB (16384 x 16384 RGBA32F, beyond the 512 MiB nxhost takes) are each named in
// the log and draw nothing; the triangle after them is drawn.
TEST_F(HostGpuTextureBugClasses, ZeroSizeDrawsAndTexturesOfImpossibleSizes) {
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 0);
    BindTexture(compressed::BlockLinearTic(kTexels, 65536, 65536, 0x08, 2, false));
    DrawArrays(0, 3);
    std::memcpy(rig_->Data(kTexturePools + 32),
                compressed::BlockLinearTic(kTexels, 16384, 16384, 0x01, 7, false).data(), 32);
    Set(kHeaderPool, {High(kTexturePools), Low(kTexturePools), 1});  // entries 0 and 1
    Set(kLoadConstantBuffer, {kFragmentTextureHandles, 1});          // handle 1: TIC 1, TSC 0
    DrawArrays(0, 3);
    Fragment(kColourProgram);
    DrawArrays(0, 3);
    std::string log;
    const auto target = RunCapturingLog(log);
    const auto colour = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(target, [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
    EXPECT_NE(log.find("65536x65536x1 texture of 1 layers is beyond the device"), std::string::npos)
        << log;
    EXPECT_NE(log.find("of 4294967296 bytes is beyond what nxhost takes"), std::string::npos)
        << log;
}

// A draw with SET_ANTI_ALIAS MODE_2X2: multisampled targets are not made yet, which the log
// names; the draw is made with one sample.
TEST_F(HostGpuTextureBugClasses, MultisampledRenderingIsNamedAndDrawnWithOneSample) {
    Set(0x15D0, {0x2});  // SET_ANTI_ALIAS SAMPLES MODE_2X2
    Vertices({{-1, -1, 0, 1, 0, 0.2f, 1}, {1, -1, 0, 1, 0, 0.2f, 1}, {-1, 1, 0, 1, 0, 0.2f, 1}});
    DrawArrays(0, 3);
    std::string log;
    const auto target = RunCapturingLog(log);
    const auto colour = Unorm(1, 0, 0.2f, 1);
    ExpectPixels(target, [&](u32 x, u32 y) { return InHalf(x, y) ? colour : kBackground; });
    EXPECT_NE(log.find("multisampled rendering (SET_ANTI_ALIAS MODE_2X2, 4 samples a pixel) is "
                       "not made yet"),
              std::string::npos)
        << log;
}

// Compressed textures sampled by a draw: a block-linear 64x32 texture of blocks made here (random
// bytes; ASTC: an image encoded by libastcenc) covering the target, each pixel sampling its own
// texel (point filtering at its centre). The picture is the decoder's texels
// (gpu/texture_decoder.h, whose formulas TextureDecoder.* checks against hand-made blocks) as the
// RGBA8 target stores them: exactly where nxhost decoded them (the parameter true: decoding
// forced), within the case's tolerance where the device decoded the blocks itself (lavapipe has
// BCn).
class HostGpuCompressedTexture : public HostGpuDraw, public ::testing::WithParamInterface<bool> {
protected:
    HostGpuCompressedTexture() {
        decoding_ = video::CompressedTextureDecoding{GetParam(), GetParam()};
    }

    void Sample(const compressed::Case& c, const std::vector<u8>& blocks) {
        SCOPED_TRACE(c.name);
        const gpu::TextureFormatInfo info = gpu::InfoOf(c.format);
        const u32 blocks_x = (kWidth + info.block_width - 1) / info.block_width;
        const u32 blocks_y = (kHeight + info.block_height - 1) / info.block_height;
        const u32 row_bytes = blocks_x * info.block_bytes;
        ASSERT_EQ(blocks.size(), u64{row_bytes} * blocks_y);
        for (u32 y = 0; y < blocks_y; ++y) {
            for (u32 x = 0; x < row_bytes; ++x) {
                *rig_->Data(kTexels + compressed::Swizzled(x, y, row_bytes)) =
                    blocks[u64{y} * row_bytes + x];
            }
        }
        const auto decoded_format = gpu::DecodedFormatOf(c.format);
        ASSERT_TRUE(decoded_format);
        const u32 texel_bytes = gpu::InfoOf(*decoded_format).block_bytes;
        std::vector<u8> texels(u64{kWidth} * kHeight * texel_bytes);
        std::string why;
        ASSERT_TRUE(gpu::DecodeTextureLevel(c.format, blocks, kWidth, kHeight, 1, texels, &why))
            << why;

        BindTexture(
            compressed::BlockLinearTic(kTexels, kWidth, kHeight, c.components, c.type, c.srgb));
        DrawSampledQuad();
        const auto expected = [&](u32 x, u32 y) -> std::array<u8, 4> {
            const u8* t = &texels[(u64{y} * kWidth + x) * texel_bytes];
            switch (*decoded_format) {
                case gpu::TextureFormat::R8G8B8A8Srgb:
                    return {compressed::UnormByte(compressed::SrgbToLinear(t[0] / 255.0f)),
                            compressed::UnormByte(compressed::SrgbToLinear(t[1] / 255.0f)),
                            compressed::UnormByte(compressed::SrgbToLinear(t[2] / 255.0f)), t[3]};
                case gpu::TextureFormat::R8Unorm:
                    return {t[0], 0, 0, 255};
                case gpu::TextureFormat::R8G8Unorm:
                    return {t[0], t[1], 0, 255};
                // SNORM bytes are max(b / 127, -1); the UNORM target keeps 0..1 of them.
                case gpu::TextureFormat::R8Snorm:
                    return {compressed::Snorm(t[0]), 0, 0, 255};
                case gpu::TextureFormat::R8G8Snorm:
                    return {compressed::Snorm(t[0]), compressed::Snorm(t[1]), 0, 255};
                // RGTC's 16-bit values: UNORM v / 65535, SNORM max(v / 32767, -1).
                case gpu::TextureFormat::R16Unorm:
                    return {compressed::Unorm16(t), 0, 0, 255};
                case gpu::TextureFormat::R16G16Unorm:
                    return {compressed::Unorm16(t), compressed::Unorm16(t + 2), 0, 255};
                case gpu::TextureFormat::R16Snorm:
                    return {compressed::Snorm16(t), 0, 0, 255};
                case gpu::TextureFormat::R16G16Snorm:
                    return {compressed::Snorm16(t), compressed::Snorm16(t + 2), 0, 255};
                case gpu::TextureFormat::R16G16B16A16Float: {
                    std::array<u8, 4> rgba{};
                    for (u32 i = 0; i < 4; ++i) {
                        u16 half = 0;
                        std::memcpy(&half, t + 2 * i, 2);
                        rgba[i] = compressed::UnormByte(compressed::HalfToFloat(half));
                    }
                    return rgba;
                }
                default:
                    return {t[0], t[1], t[2], t[3]};
            }
        };
        // SNORM bytes and 16-bit values reach the UNORM target through a float (b / 127, then
        // * 255): a device may round that 1 apart from the formula.
        const bool float_path = *decoded_format != gpu::TextureFormat::R8G8B8A8Unorm &&
                                *decoded_format != gpu::TextureFormat::R8Unorm &&
                                *decoded_format != gpu::TextureFormat::R8G8Unorm;
        // Decoded by nxhost: the same bytes, but for float conversions (1).
        const int tolerance = GetParam() ? (float_path ? 1 : 0) : c.native_tolerance;
        gpu_test::ExpectPixels(Run(), kWidth, kHeight, expected, tolerance);
    }
};

std::vector<u8> RandomBlocks(gpu::TextureFormat format, u32 seed) {
    const gpu::TextureFormatInfo info = gpu::InfoOf(format);
    std::vector<u8> blocks(u64{kWidth / 4} * (kHeight / 4) * info.block_bytes);
    std::mt19937 random(seed);
    for (auto& byte : blocks) {
        byte = static_cast<u8>(random());
    }
    return blocks;
}

TEST_P(HostGpuCompressedTexture, Bc1) {
    Sample({"BC1", gpu::TextureFormat::Bc1Unorm, 0x24, 2, false, compressed::kS3tcNativeTolerance},
           RandomBlocks(gpu::TextureFormat::Bc1Unorm, 1));
}
TEST_P(HostGpuCompressedTexture, Bc1Srgb) {
    Sample(
        {"BC1 sRGB", gpu::TextureFormat::Bc1Srgb, 0x24, 2, true, compressed::kS3tcNativeTolerance},
        RandomBlocks(gpu::TextureFormat::Bc1Srgb, 2));
}
TEST_P(HostGpuCompressedTexture, Bc2) {
    Sample({"BC2", gpu::TextureFormat::Bc2Unorm, 0x25, 2, false, compressed::kS3tcNativeTolerance},
           RandomBlocks(gpu::TextureFormat::Bc2Unorm, 3));
}
TEST_P(HostGpuCompressedTexture, Bc3) {
    Sample({"BC3", gpu::TextureFormat::Bc3Unorm, 0x26, 2, false, compressed::kS3tcNativeTolerance},
           RandomBlocks(gpu::TextureFormat::Bc3Unorm, 4));
}
TEST_P(HostGpuCompressedTexture, Bc4) {
    Sample({"BC4", gpu::TextureFormat::Bc4Unorm, 0x27, 2, false,
            compressed::RgtcNativeTolerance(host_->Name(), false)},
           RandomBlocks(gpu::TextureFormat::Bc4Unorm, 5));
}
TEST_P(HostGpuCompressedTexture, Bc5) {
    Sample({"BC5", gpu::TextureFormat::Bc5Unorm, 0x28, 2, false,
            compressed::RgtcNativeTolerance(host_->Name(), false)},
           RandomBlocks(gpu::TextureFormat::Bc5Unorm, 6));
}
// Signed formats (component type SNORM 1, BC6H's FLOAT): what is negative stays 0 in the target.
TEST_P(HostGpuCompressedTexture, Bc4Signed) {
    Sample({"BC4 SNORM", gpu::TextureFormat::Bc4Snorm, 0x27, 1, false,
            compressed::RgtcNativeTolerance(host_->Name(), true)},
           RandomBlocks(gpu::TextureFormat::Bc4Snorm, 10));
}
TEST_P(HostGpuCompressedTexture, Bc5Signed) {
    Sample({"BC5 SNORM", gpu::TextureFormat::Bc5Snorm, 0x28, 1, false,
            compressed::RgtcNativeTolerance(host_->Name(), true)},
           RandomBlocks(gpu::TextureFormat::Bc5Snorm, 11));
}
TEST_P(HostGpuCompressedTexture, Bc6hSigned) {
    Sample({"BC6H SF16", gpu::TextureFormat::Bc6hSfloat, 0x10, 7, false, 1},
           RandomBlocks(gpu::TextureFormat::Bc6hSfloat, 12));
}
TEST_P(HostGpuCompressedTexture, Bc6hUnsigned) {
    Sample({"BC6H UF16", gpu::TextureFormat::Bc6hUfloat, 0x11, 7, false, 1},
           RandomBlocks(gpu::TextureFormat::Bc6hUfloat, 7));
}
TEST_P(HostGpuCompressedTexture, Bc7) {
    Sample({"BC7", gpu::TextureFormat::Bc7Unorm, 0x17, 2, false, 1},
           RandomBlocks(gpu::TextureFormat::Bc7Unorm, 8));
}
TEST_P(HostGpuCompressedTexture, Bc7Srgb) {
    Sample({"BC7 sRGB", gpu::TextureFormat::Bc7Srgb, 0x17, 2, true, 1},
           RandomBlocks(gpu::TextureFormat::Bc7Srgb, 9));
}

// A 64x32 RGBA8 picture (gradients and a pattern) encoded by libastcenc at `block_width` x
// `block_height`, its blocks row by row.
std::vector<u8> AstcBlocks(u32 block_width, u32 block_height, bool srgb) {
    std::vector<u8> picture(u64{kWidth} * kHeight * 4);
    for (u32 y = 0; y < kHeight; ++y) {
        for (u32 x = 0; x < kWidth; ++x) {
            u8* p = &picture[(u64{y} * kWidth + x) * 4];
            p[0] = static_cast<u8>(x * 4);
            p[1] = static_cast<u8>(y * 8);
            p[2] = static_cast<u8>((x ^ y) % 8 * 32);
            p[3] = static_cast<u8>(255 - x * 2);
        }
    }
    astcenc_config config{};
    EXPECT_EQ(astcenc_config_init(srgb ? ASTCENC_PRF_LDR_SRGB : ASTCENC_PRF_LDR, block_width,
                                  block_height, 1, ASTCENC_PRE_FASTEST, 0, &config),
              ASTCENC_SUCCESS);
    astcenc_context* context = nullptr;
    EXPECT_EQ(astcenc_context_alloc(&config, 1, &context), ASTCENC_SUCCESS);
    void* slice = picture.data();
    astcenc_image image{kWidth, kHeight, 1, ASTCENC_TYPE_U8, &slice};
    const astcenc_swizzle identity{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
    std::vector<u8> blocks(u64{(kWidth + block_width - 1) / block_width} *
                           ((kHeight + block_height - 1) / block_height) * 16);
    EXPECT_EQ(astcenc_compress_image(context, &image, &identity, blocks.data(), blocks.size(), 0),
              ASTCENC_SUCCESS);
    astcenc_context_free(context);
    return blocks;
}

// ASTC 2D block sizes by COMPONENTS (clc797tex.h): 4x4 0x40, 6x5 0x51 (neither side divides the
// texture's), 8x8 0x44, 12x12 0x46 (sRGB). lavapipe has no textureCompressionASTC_LDR: there
// the Native cases decode on the CPU too (TextureCacheTest.AstcIsNativeExactlyWhereTheDeviceHasIt
// checks the choice).
TEST_P(HostGpuCompressedTexture, Astc4x4) {
    Sample({"ASTC 4x4", gpu::TextureFormat::Astc4x4Unorm, 0x40, 2, false, 1},
           AstcBlocks(4, 4, false));
}
TEST_P(HostGpuCompressedTexture, Astc6x5) {
    Sample({"ASTC 6x5", gpu::TextureFormat::Astc6x5Unorm, 0x51, 2, false, 1},
           AstcBlocks(6, 5, false));
}
TEST_P(HostGpuCompressedTexture, Astc8x8) {
    Sample({"ASTC 8x8", gpu::TextureFormat::Astc8x8Unorm, 0x44, 2, false, 1},
           AstcBlocks(8, 8, false));
}
TEST_P(HostGpuCompressedTexture, Astc12x12Srgb) {
    Sample({"ASTC 12x12 sRGB", gpu::TextureFormat::Astc12x12Srgb, 0x46, 2, true, 1},
           AstcBlocks(12, 12, true));
}

INSTANTIATE_TEST_SUITE_P(NativeOrDecoded, HostGpuCompressedTexture, ::testing::Bool(),
                         [](const auto& info) { return info.param ? "Decoded" : "Native"; });

}  // namespace
