// Texture pools from an engine's registers, bindless handles, and headers read from GPU memory.

#include "gpu/texture_bindings.h"

#include <gtest/gtest.h>

#include <cstring>

#include "gpu_test_memory.h"

namespace {

constexpr u64 kBase = 0x1000'0000;
constexpr u64 kHeaders = kBase + 0x1000;
constexpr u64 kSamplers = kBase + 0x2000;

TEST(TextureBindings, PoolsComeFromTheirRegisters) {
    gpu::engines::RegisterFile registers;
    registers.Set(0x1574 / 4, 0x12);         // TEX_HEADER_POOL_A: address 39:32
    registers.Set(0x1578 / 4, 0x3456'7000);  // B: 31:0
    registers.Set(0x157C / 4, 255);          // C: maximum index
    registers.Set(0x155C / 4, 0x1);
    registers.Set(0x1560 / 4, 0x2000);
    registers.Set(0x1564 / 4, 15);
    auto pools = gpu::TexturePoolsOf(registers, gpu::TextureHeaderLayout::Maxwell);
    EXPECT_EQ(pools.headers.address, 0x12'3456'7000ull);
    EXPECT_EQ(pools.headers.maximum_index, 255u);
    EXPECT_EQ(pools.samplers.address, 0x1'0000'2000ull);
    EXPECT_EQ(pools.samplers.maximum_index, 15u);
    EXPECT_FALSE(pools.sampler_via_header);
    const auto handle = gpu::DecodeTextureHandle((7u << 20) | 0x12345, pools);
    EXPECT_EQ(handle.header_index, 0x12345u);
    EXPECT_EQ(handle.sampler_index, 7u);
    registers.Set(0x1234 / 4, 1);  // SAMPLER_BINDING VIA_HEADER_BINDING
    pools = gpu::TexturePoolsOf(registers, gpu::TextureHeaderLayout::Maxwell);
    EXPECT_EQ(gpu::DecodeTextureHandle((7u << 20) | 3, pools).sampler_index, 3u);
}

TEST(TextureBindings, AHandleReadsBothHeadersFromGpuMemory) {
    auto ram = std::make_shared<gpu_test::HostMemory>(0x4000);
    gpu::MemoryManager memory;
    ASSERT_TRUE(memory.Map(kBase, ram->bytes.size(), ram, 0, 0x1000, 0));
    // TIC 2: A8B8G8R8 UNORM 2D, 16x8, pitch; TSC 5: linear filters.
    u32 tic[8] = {};
    tic[0] = 0x08 | (2u << 7) | (2u << 10) | (2u << 13) | (2u << 16) | (2u << 19) | (3u << 22) |
             (4u << 25) | (5u << 28);
    tic[1] = 0x0030'0000;
    tic[2] = 2u << 21;  // PITCH
    tic[3] = 64 >> 5;
    tic[4] = 15 | (1u << 23);  // width 16, 2D
    tic[5] = 7 | (1u << 31);   // height 8, normalized
    std::memcpy(ram->bytes.data() + (kHeaders - kBase) + 2 * 32, tic, sizeof(tic));
    u32 tsc[8] = {};
    tsc[1] = 2 | (2u << 4) | (1u << 6);
    std::memcpy(ram->bytes.data() + (kSamplers - kBase) + 5 * 32, tsc, sizeof(tsc));

    gpu::TexturePools pools;
    pools.headers = {kHeaders, 3};
    pools.samplers = {kSamplers, 5};
    std::string why;
    const auto bound = gpu::ReadBoundTexture(pools, memory, (5u << 20) | 2, &why);
    ASSERT_TRUE(bound) << why;
    EXPECT_EQ(bound->header.address, 0x0030'0000u);
    EXPECT_EQ(bound->header.pitch, 64u);
    EXPECT_EQ(bound->header.width, 16u);
    EXPECT_EQ(bound->header.height, 8u);
    EXPECT_EQ(bound->sampler.mag, gpu::SamplerFilter::Linear);
    EXPECT_EQ(bound->sampler.mip, gpu::SamplerMipFilter::None);

    EXPECT_FALSE(gpu::ReadBoundTexture(pools, memory, (5u << 20) | 4, &why));
    EXPECT_NE(why.find("past the pool"), std::string::npos) << why;
    EXPECT_FALSE(gpu::ReadBoundTexture(pools, memory, (6u << 20) | 2, &why));
    pools.headers = {kBase + 0x10'0000, 3};  // not mapped
    EXPECT_FALSE(gpu::ReadBoundTexture(pools, memory, (5u << 20) | 2, &why));
    EXPECT_NE(why.find("not mapped"), std::string::npos) << why;
}

}  // namespace
