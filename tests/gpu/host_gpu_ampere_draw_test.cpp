// AMPERE_B (0xC797) draws on the Vulkan host GPU (lavapipe where there is no GPU): a pushbuffer
// written here binds two programs of NVIDIA's Ampere graphics fixture (nvidia-modeset's
// headsurface vertex and fragment programs, SPH v4; ../shared/fixtures/nvidia-ampere-graphics)
// by their 40-bit addresses (PIPELINE_PROGRAM_ADDRESS_A/B, OGD classes/3d/clc797.h), gives
// them constant banks, two textures and a full-screen triangle, and every pixel of the target
// is checked against the programs' arithmetic (nvdisasm.txt of the fixture) computed here.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "host_gpu_test_support.h"
#include "shader/fixtures.h"

namespace {

using namespace gpu_test;

// Byte offsets of AMPERE_B's methods (OGD classes/3d/clc797.h).
constexpr u32 kColorTarget = 0x0800;
constexpr u32 kViewportTransform = 0x0A00;
constexpr u32 kViewportZClip = 0x0D7C;
constexpr u32 kColorClearValue = 0x0D80;
constexpr u32 kVertexStreamSize = 0x0600;  // + 8j: SIZE_A (upper), SIZE_B (lower)
constexpr u32 kVertexAttribute = 0x1160;
constexpr u32 kCtSelect = 0x121C;
constexpr u32 kSamplerPool = 0x155C;
constexpr u32 kHeaderPool = 0x1574;
constexpr u32 kClearSurface = 0x19D0;
constexpr u32 kCtWrite = 0x1A00;
constexpr u32 kVertexStream = 0x1C00;
constexpr u32 kPipelineShader = 0x2000;          // + 64j: ENABLE 0, TYPE 7:4
constexpr u32 kPipelineProgramAddress = 0x2014;  // + 64j: A (39:32), B (31:0)
constexpr u32 kConstantBufferSelector = 0x2380;
constexpr u32 kLoadConstantBuffer = 0x238C;
constexpr u32 kBindGroup = 0x2410;  // + 32 per group: vertex 0 ... pixel 4
constexpr u32 kDrawControl = 0x0260;
constexpr u32 kDrawVertexArrayBeginEnd = 0x0270;

constexpr u32 kTriangles = 4;
constexpr u32 kA8B8G8R8 = 0xD5;
constexpr u32 kFloat32x2 = 0x04 << 21 | 7u << 27;  // COMPONENT_BIT_WIDTHS R32_G32, FLOAT
constexpr u32 kFloat32x4 = 0x01 << 21 | 7u << 27;

constexpr u32 kWidth = 64;
constexpr u32 kHeight = 32;
constexpr u32 kPitch = kWidth * 4;

constexpr u64 kVertexProgram = Rig::kData;
constexpr u64 kFragmentProgram = Rig::kData + 0x1000;
constexpr u64 kTarget = Rig::kData + 0x1'0000;
constexpr u64 kVertices = Rig::kData + 0x3'0000;
constexpr u64 kVertexConstants = Rig::kData + 0x5'0000;
constexpr u64 kFragmentConstants = Rig::kData + 0x5'1000;
constexpr u64 kTexturePools = Rig::kData + 0x6'0000;  // headers, then samplers at +0x100
constexpr u64 kTexels0 = Rig::kData + 0x6'1000;       // 2x2, pitch 32
constexpr u64 kTexels1 = Rig::kData + 0x6'2000;       // 4x1, pitch 32

constexpr std::array<u8, 4> kBackground{0x10, 0x20, 0x30, 0xFF};

// The fixture's vertex program (nvdisasm.txt, nvidia_headsurface_vertex), with c = c[0x3]:
//   position = (u32 c[0x0] * a[0x80], u32 c[0x4] * a[0x84], -, a[0x10c])
//   texcoord 0 = a[0x100].xy
//   texcoord 1 = (u32 c[0x8] * a[0x100] + u32 c[0x10], u32 c[0xc] * a[0x104] + u32 c[0x14])
//   texcoord 2 = texcoord 1 - (s32 c[0x18], s32 c[0x1c])
// and its plainest fragment program (nvidia_headsurface_fragment): texture c[0x4][0x0] at
// texcoord 1 (rgb), texture c[0x4][0x4] at texcoord 2 (rgba), both divided by 1 / w, and
//   colour.rgb = t1.rgb + (1 - t1.a) * t0.rgb   (FFMA -t1.a, t0, t0; FADD t1)
// Bank 3 here: positions and texcoord 1 unscaled, texcoord 1 moved by (1, 0) and texcoord 2 by
// (1, -2) more: whole texture widths, which wrapping undoes, so both read the texel at
// (u, v) = attribute 8's xy; a -1 read as unsigned would move texcoord 2 by 2^32 instead.
constexpr u32 kVertexBank3[8] = {1, 1, 1, 1, 1, 0, 0xFFFF'FFFF, 2};

struct Vertex {
    float x, y;        // attribute 0 (generic 0)
    float u, v, z, w;  // attribute 8 (generic 8)
};

// t0: 2x2 RGBA8; t1: 4x1 premultiplied RGBA8 of opacities 1, 0, 0.5 and 0.25.
constexpr u8 kTexels0Data[2][8] = {{200, 10, 30, 255, 20, 180, 40, 255},
                                   {60, 70, 220, 255, 140, 150, 160, 255}};
constexpr u8 kTexels1Data[16] = {90, 0, 0, 255, 0, 0, 0, 0, 0, 100, 0, 128, 40, 0, 30, 64};

class HostGpuAmpereDraw : public HostGpuTest {
protected:
    HostGpuAmpereDraw() : HostGpuTest("the host-GPU draws") {}

    void SetUp() override {
        HostGpuTest::SetUp();
        if (IsSkipped()) {
            return;
        }
        programs_ = shader::sass::testing::LoadGraphicsPrograms("nvidia-ampere-graphics");
        if (programs_.empty()) {
            if (std::getenv("CI") != nullptr) {
                FAIL() << "../shared/fixtures/nvidia-ampere-graphics is missing";
            }
            GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
        }
        rig_ = std::make_unique<Rig>(0xC76F, std::chrono::milliseconds(5000), host_);
        Set(0, {0xC797});
        Set(kColorTarget,
            {High(kTarget), Low(kTarget), kPitch, kHeight, kA8B8G8R8, 1u << 12, 1, 0});
        Set(kCtSelect, {1});
        Set(kCtWrite, {0x1111});
        Set(kColorClearValue, {FloatBits(0x10 / 255.0f), FloatBits(0x20 / 255.0f),
                               FloatBits(0x30 / 255.0f), FloatBits(1)});
        Set(kClearSurface, {0xF << 2});
        Set(kCtWrite, {0x0111});  // the program writes red, green and blue
        Set(kViewportTransform,
            {FloatBits(kWidth / 2.0f), FloatBits(kHeight / 2.0f), FloatBits(1),
             FloatBits(kWidth / 2.0f), FloatBits(kHeight / 2.0f), FloatBits(0)});
        Set(kViewportZClip, {1});
    }

    void Set(u32 offset, std::initializer_list<u32> arguments) {
        Method(words_, 0, offset / 4, arguments);
    }
    const shader::sass::testing::GraphicsProgramFixture& Fixture(const std::string& name) {
        for (const auto& program : programs_) {
            if (program.name == name) {
                return program;
            }
        }
        throw std::runtime_error("no program " + name);
    }
    // The fixture's program `name` (header, code) at `address`, bound to pipeline slot `slot`.
    void Program(u32 slot, u64 address, const std::string& name) {
        const auto& program = Fixture(name);
        std::memcpy(rig_->Data(address), program.header.data(), program.header.size());
        std::memcpy(rig_->Data(address + program.header.size()), program.code.data(),
                    program.code.size());
        Set(kPipelineShader + 64 * slot, {1 | slot << 4});
        Set(kPipelineProgramAddress + 64 * slot, {High(address), Low(address)});
    }
    // Constant buffer `slot` of bind group `group`: the words at `address`, uploaded with
    // LOAD_CONSTANT_BUFFER.
    void Constants(u32 group, u32 slot, u64 address, const std::vector<u32>& words) {
        Set(kConstantBufferSelector, {0x100, High(address), Low(address)});
        Set(kLoadConstantBuffer, {0});
        words_.push_back(
            Incrementing(0, kLoadConstantBuffer / 4 + 1, static_cast<u32>(words.size())));
        words_.insert(words_.end(), words.begin(), words.end());
        Set(kBindGroup + 32 * group, {slot << 4 | 1});
    }

    std::vector<shader::sass::testing::GraphicsProgramFixture> programs_;
    std::unique_ptr<Rig> rig_;
    std::vector<u32> words_;
};

// The expected colour of one component: t1 + (1 - a1) * t0 as the fragment program computes it
// (one fused multiply-add, one addition), stored as UNORM8.
u8 Over(u8 top, u8 alpha, u8 below) {
    const float t0 = below / 255.0f;
    const float blended = std::fma(-(alpha / 255.0f), t0, t0) + top / 255.0f;
    return static_cast<u8>(std::lround(std::clamp(blended, 0.0f, 1.0f) * 255.0f));
}

TEST_F(HostGpuAmpereDraw, FixtureProgramsDrawAFullScreenTriangle) {
    Program(1, kVertexProgram, "nvidia_headsurface_vertex");
    Program(5, kFragmentProgram, "nvidia_headsurface_fragment");
    Constants(0, 3, kVertexConstants,
              std::vector<u32>(std::begin(kVertexBank3), std::end(kVertexBank3)));
    // Texture handles (TIC index 19:0, TSC index 31:20) of t0 and t1 at c[0x4][0x0] and [0x4].
    Constants(4, 4, kFragmentConstants, {0, 1});
    std::memcpy(rig_->Data(kTexels0), kTexels0Data[0], 8);
    std::memcpy(rig_->Data(kTexels0 + 32), kTexels0Data[1], 8);
    std::memcpy(rig_->Data(kTexels1), kTexels1Data, sizeof(kTexels1Data));
    const auto tic0 = PitchTic(kTexels0, 2, 2, 32);
    const auto tic1 = PitchTic(kTexels1, 4, 1, 32);
    std::memcpy(rig_->Data(kTexturePools), tic0.data(), sizeof(tic0));
    std::memcpy(rig_->Data(kTexturePools + 32), tic1.data(), sizeof(tic1));
    // TSC: wrap (0), mag point (w1 2:0 = 1), min point (5:4 = 1), no mips (7:6 = 1).
    const u32 tsc[8] = {0, 1 | 1 << 4 | 1 << 6, 0, 0, 0, 0, 0, 0};
    std::memcpy(rig_->Data(kTexturePools + 0x100), tsc, sizeof(tsc));
    Set(kHeaderPool, {High(kTexturePools), Low(kTexturePools), 1});
    Set(kSamplerPool, {High(kTexturePools + 0x100), Low(kTexturePools + 0x100), 0});
    // One triangle over the whole target; attribute 8's (u, v) is 0..1 across it.
    const Vertex vertices[3] = {{-1, -1, 0, 0, 0, 1}, {3, -1, 2, 0, 0, 1}, {-1, 3, 0, 2, 0, 1}};
    std::memcpy(rig_->Data(kVertices), vertices, sizeof(vertices));
    Set(kVertexAttribute, {0 | 0 << 7 | kFloat32x2});
    Set(kVertexAttribute + 4 * 8, {0 | 8 << 7 | kFloat32x4});
    Set(kVertexStream,
        {static_cast<u32>(sizeof(Vertex)) | 1 << 12, High(kVertices), Low(kVertices)});
    Set(kVertexStreamSize, {0, static_cast<u32>(sizeof(vertices))});
    Set(kDrawControl, {kTriangles, 1});
    Set(kDrawVertexArrayBeginEnd, {0, 3});
    Set(kDrawVertexArrayBeginEnd + 4, {0});
    const std::vector<u8> target = RunToFence(*rig_, words_, {}, kTarget, kPitch * kHeight);
    ExpectPixels(target, kWidth, kHeight, [](u32 x, u32 y) {
        // Pixel centres: u = (x + 0.5) / 64, v = (y + 0.5) / 32; nearest texels.
        const u8* t0 = &kTexels0Data[y * 2 / kHeight][(x * 2 / kWidth) * 4];
        const u8* t1 = &kTexels1Data[(x * 4 / kWidth) * 4];
        return std::array<u8, 4>{Over(t1[0], t1[3], t0[0]), Over(t1[1], t1[3], t0[1]),
                                 Over(t1[2], t1[3], t0[2]), kBackground[3]};
    });
}

}  // namespace
