// Compressed blocks made here bit by bit, decoded on the CPU (gpu/texture_decoder.h), and the
// texels compared with the colours the formats' specifications give, worked out by hand in the
// comments (Khronos Data Format Specification: S3TC, RGTC; ARB_texture_compression_bptc:
// BC6H, BC7; the ASTC specification's void-extent blocks).

#include "gpu/texture_decoder.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <vector>

namespace {

using gpu::TextureFormat;

// Writes fields into a block from its least significant bit up.
class BlockWriter {
public:
    explicit BlockWriter(u32 bytes) : block(bytes, 0) {}
    BlockWriter& Put(u64 value, u32 bits) {
        for (u32 i = 0; i < bits; ++i, ++at_) {
            if (value >> i & 1) {
                block[at_ / 8] |= static_cast<u8>(1u << at_ % 8);
            }
        }
        return *this;
    }
    std::vector<u8> block;

private:
    u32 at_ = 0;
};

// The 16 texels (x + 4 y) of one block, `texel_bytes` each.
std::vector<u8> DecodeOne(TextureFormat format, const std::vector<u8>& block, u32 texel_bytes) {
    std::vector<u8> texels(16 * texel_bytes);
    std::string why;
    EXPECT_TRUE(gpu::DecodeTextureLevel(format, block, 4, 4, 1, texels, &why)) << why;
    return texels;
}

std::array<u8, 4> Rgba(const std::vector<u8>& texels, u32 t) {
    return {texels[4 * t], texels[4 * t + 1], texels[4 * t + 2], texels[4 * t + 3]};
}

using Colour = std::array<u8, 4>;

TEST(TextureDecoder, DecodedFormats) {
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Bc1Unorm), TextureFormat::R8G8B8A8Unorm);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Bc7Srgb), TextureFormat::R8G8B8A8Srgb);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Bc4Snorm), TextureFormat::R16Snorm);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Bc5Unorm), TextureFormat::R16G16Unorm);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Bc6hUfloat), TextureFormat::R16G16B16A16Float);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Astc10x6Srgb), TextureFormat::R8G8B8A8Srgb);
    EXPECT_EQ(gpu::DecodedFormatOf(TextureFormat::Astc12x12Unorm), TextureFormat::R8G8B8A8Unorm);
    EXPECT_FALSE(gpu::DecodedFormatOf(TextureFormat::R8G8B8A8Unorm));
    std::vector<u8> texels(64);
    std::string why;
    EXPECT_FALSE(
        gpu::DecodeTextureLevel(TextureFormat::R8G8B8A8Unorm, texels, 4, 4, 1, texels, &why));
    EXPECT_NE(why.find("R8G8B8A8_UNORM"), std::string::npos);
    // Too few blocks for the size.
    std::vector<u8> out(128);
    EXPECT_FALSE(
        gpu::DecodeTextureLevel(TextureFormat::Bc1Unorm, std::vector<u8>(8), 8, 4, 1, out, &why));
}

TEST(TextureDecoder, Bc1FourAndThreeColours) {
    // c0 = red 0xF800 > c1 = blue 0x001F: four colours; index t % 4 (0xE4 a row of four).
    // Colour 2 = (2 c0 + c1) / 3 = (170, 0, 85), colour 3 = (c0 + 2 c1) / 3 = (85, 0, 170).
    auto texels =
        DecodeOne(TextureFormat::Bc1Unorm, {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4}, 4);
    const Colour four[4] = {
        {255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}};
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(Rgba(texels, t), four[t % 4]) << "texel " << t;
    }
    // c0 = 0 <= c1 = R 2 of 31 (0x1000, 16 in 8 bits): three colours and transparent black;
    // colour 2 = (c0 + c1) / 2 = 8.
    texels = DecodeOne(TextureFormat::Bc1Srgb, {0x00, 0x00, 0x00, 0x10, 0xE4, 0xE4, 0xE4, 0xE4}, 4);
    const Colour three[4] = {{0, 0, 0, 255}, {16, 0, 0, 255}, {8, 0, 0, 255}, {0, 0, 0, 0}};
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(Rgba(texels, t), three[t % 4]) << "texel " << t;
    }
}

TEST(TextureDecoder, Bc2ExplicitAlphaAndBc3InterpolatedAlpha) {
    // BC2: texel t's alpha nibble is t (t * 17 in 8 bits); the colours always take four
    // values, even with c0 = blue < c1 = red: colour 2 = (85, 0, 170), colour 3 = (170, 0, 85).
    std::vector<u8> bc2 = {0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE,
                           0x1F, 0x00, 0x00, 0xF8, 0xE4, 0xE4, 0xE4, 0xE4};
    auto texels = DecodeOne(TextureFormat::Bc2Unorm, bc2, 4);
    const Colour colours[4] = {{0, 0, 255, 0}, {255, 0, 0, 0}, {85, 0, 170, 0}, {170, 0, 85, 0}};
    for (u32 t = 0; t < 16; ++t) {
        Colour want = colours[t % 4];
        want[3] = static_cast<u8>(t * 17);
        EXPECT_EQ(Rgba(texels, t), want) << "texel " << t;
    }
    // BC3: a0 = 0 <= a1 = 255: six values, 0, 255, 51, 102, 153, 204 (k/5 of 255), then 0 and
    // 255; texel t takes index t % 8 (3 bits each: 0xFAC688 for eight texels).
    std::vector<u8> bc3 = {0x00, 0xFF, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA,
                           0x00, 0xF8, 0x00, 0xF8, 0x00, 0x00, 0x00, 0x00};
    texels = DecodeOne(TextureFormat::Bc3Unorm, bc3, 4);
    const u8 alphas[8] = {0, 255, 51, 102, 153, 204, 0, 255};
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(Rgba(texels, t), (Colour{255, 0, 0, alphas[t % 8]})) << "texel " << t;
    }
}

// The 16-bit values of a BC4 or BC5 decode (x + 4 y, `channels` a texel), as they are stored.
std::vector<u16> Values16(const std::vector<u8>& texels) {
    std::vector<u16> values(texels.size() / 2);
    std::memcpy(values.data(), texels.data(), texels.size());
    return values;
}

// RGTC as the H200 decodes it (bcn_decoder.cpp): the value of index i is w e0 + (257 - w) e1 of
// 65535 (UNORM) and (w e0 + (258 - w) e1) / (127 * 258) of 1 (SNORM), w from NVIDIA's tables.
TEST(TextureDecoder, Bc4AndBc5UnsignedAndSignedAsNvidiaDecodesThem) {
    // a0 = 255 > a1 = 0: eight values, w = 257, 0, 221, 185, 144, 113, 72, 36 times 255.
    const std::vector<u8> unorm = {0xFF, 0x00, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA};
    const u16 eight[8] = {65535, 0, 56355, 47175, 36720, 28815, 18360, 9180};
    auto values = Values16(DecodeOne(TextureFormat::Bc4Unorm, unorm, 2));
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(values[t], eight[t % 8]) << "texel " << t;
    }
    // Signed: a0 = 127 > a1 = -127: 127 (2 w - 258) / (127 * 258) of 1, in steps of 1 / 32767:
    // w = 222 is 186 / 258 of 1 (23622.72 steps: 23623), 186 -> 114 / 258 (14478), 144 -> 30 / 258
    // (3810).
    const std::vector<u8> snorm = {0x7F, 0x81, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA};
    const int signed_values[8] = {32767, -32767, 23623, 14478, 3810, -3810, -14478, -23623};
    values = Values16(DecodeOne(TextureFormat::Bc4Snorm, snorm, 2));
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(static_cast<s16>(values[t]), signed_values[t % 8]) << "texel " << t;
    }
    // Six values (a0 = 0 <= a1 = 255): w = 257, 0, 209, 161, 96, 48, then 0 and 65535. BC5: red
    // from the first half, green from the second.
    std::vector<u8> bc5 = unorm;
    bc5.insert(bc5.end(), {0x00, 0xFF, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA});
    values = Values16(DecodeOne(TextureFormat::Bc5Unorm, bc5, 4));
    const u16 six[8] = {0, 65535, 12240, 24480, 41055, 53295, 0, 65535};
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(values[2 * t], eight[t % 8]) << "texel " << t;
        EXPECT_EQ(values[2 * t + 1], six[t % 8]) << "texel " << t;
    }
    // -128 is -127 before the endpoints are compared: e0 = -127, e1 = -128 is the six-value
    // mode (lavapipe takes the eight-value one), whose index 7 is 1.
    const std::vector<u8> extremes = {0x81, 0x80, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    values = Values16(DecodeOne(TextureFormat::Bc4Snorm, extremes, 2));
    EXPECT_EQ(static_cast<s16>(values[0]), 32767);
}

TEST(TextureDecoder, Bc7Mode6AndTwoSubsetMode1) {
    // Mode 6 (bit 6): RGBA 7 bits an endpoint, a p-bit each, 4-bit indices (the anchor texel 0
    // has 3). R 0..127, G 127..0, B 64..64, A 127..127, p-bits 0 and 1: endpoints (v << 1 | p)
    // e0 = (0, 254, 128, 254), e1 = (255, 1, 129, 255). Texel t takes index t, weight w of 64
    // (the 4-bit table), value ((64 - w) e0 + w e1 + 32) >> 6.
    BlockWriter mode6(16);
    mode6.Put(1 << 6, 7).Put(0, 7).Put(127, 7).Put(127, 7).Put(0, 7).Put(64, 7).Put(64, 7);
    mode6.Put(127, 7).Put(127, 7).Put(0, 1).Put(1, 1);
    mode6.Put(0, 3);
    for (u32 t = 1; t < 16; ++t) {
        mode6.Put(t, 4);
    }
    const auto texels = DecodeOne(TextureFormat::Bc7Unorm, mode6.block, 4);
    const u32 weights[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
    const u32 e0[4] = {0, 254, 128, 254};
    const u32 e1[4] = {255, 1, 129, 255};
    for (u32 t = 0; t < 16; ++t) {
        for (u32 c = 0; c < 4; ++c) {
            EXPECT_EQ(texels[4 * t + c], ((64 - weights[t]) * e0[c] + weights[t] * e1[c] + 32) >> 6)
                << "texel " << t << " component " << c;
        }
    }
    EXPECT_EQ(Rgba(texels, 15), (Colour{255, 1, 129, 255}));

    // Mode 1 (bit 1), partition 13: rows 0-1 subset 0, rows 2-3 subset 1. 6-bit endpoints and
    // a shared p-bit per subset; every index 0, so each texel is its subset's endpoint 0.
    // Subset 0: (63, 0, 0) with p 1: 7-bit (127, 1, 1), expanded (255, 2, 2). Subset 1:
    // (0, 0, 32) with p 0: (0, 0, 64), expanded (0, 0, 129).
    BlockWriter mode1(16);
    mode1.Put(0b10, 2).Put(13, 6);
    const u32 ends[3][4] = {{63, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 32, 0}};  // [channel][end]
    for (u32 c = 0; c < 3; ++c) {
        for (u32 e = 0; e < 4; ++e) {
            mode1.Put(ends[c][e], 6);
        }
    }
    mode1.Put(1, 1).Put(0, 1);  // the rest (indices) stay 0
    const auto two = DecodeOne(TextureFormat::Bc7Srgb, mode1.block, 4);
    for (u32 t = 0; t < 16; ++t) {
        EXPECT_EQ(Rgba(two, t), t < 8 ? (Colour{255, 2, 2, 255}) : (Colour{0, 0, 129, 255}))
            << "texel " << t;
    }
    // The reserved mode (a zero low byte): transparent black.
    const auto reserved = DecodeOne(TextureFormat::Bc7Unorm, std::vector<u8>(16, 0), 4);
    EXPECT_EQ(Rgba(reserved, 5), (Colour{0, 0, 0, 0}));
}

u16 Half(const std::vector<u8>& texels, u32 t, u32 c) {
    u16 half = 0;
    std::memcpy(&half, texels.data() + 8 * t + 2 * c, 2);
    return half;
}

TEST(TextureDecoder, Bc6hMode3UnsignedAndSigned) {
    // Mode 3 (m = 00011): one subset, 10-bit endpoints, 4-bit indices. e0 = (0, 0, 0),
    // e1 = (1023, 512, 0). Unquantized (unsigned): 1023 -> 0xFFFF, 512 -> ((512 << 15) +
    // 0x4000) >> 9 = 32800; finished * 31 >> 6: 0xFFFF -> 31743 (0x7BFF), 32800 -> 15887
    // (0x3E0F). Texel 15 has index 15 (weight 64): e1.
    BlockWriter mode3(16);
    mode3.Put(0b00011, 5).Put(0, 10).Put(0, 10).Put(0, 10).Put(1023, 10).Put(512, 10).Put(0, 10);
    mode3.Put(0, 3);
    for (u32 t = 1; t < 16; ++t) {
        mode3.Put(t == 15 ? 15 : 0, 4);
    }
    auto texels = DecodeOne(TextureFormat::Bc6hUfloat, mode3.block, 8);
    EXPECT_EQ(Half(texels, 0, 0), 0);
    EXPECT_EQ(Half(texels, 0, 3), 0x3C00);  // alpha 1
    EXPECT_EQ(Half(texels, 15, 0), 0x7BFF);
    EXPECT_EQ(Half(texels, 15, 1), 0x3E0F);
    EXPECT_EQ(Half(texels, 15, 2), 0);
    // Signed: r0 = 0x3FF is -1: unquantized -(((1 << 15) + 0x4000) >> 9) = -96, finished
    // -(96 * 31 >> 5) = -93: 0x8000 | 93.
    BlockWriter negative(16);
    negative.Put(0b00011, 5).Put(0x3FF, 10);
    texels = DecodeOne(TextureFormat::Bc6hSfloat, negative.block, 8);
    EXPECT_EQ(Half(texels, 0, 0), 0x8000 | 93);
    EXPECT_EQ(Half(texels, 0, 1), 0);
    // A reserved mode (19 = 10011): (0, 0, 0, 1).
    BlockWriter reserved(16);
    reserved.Put(0b10011, 5).Put(0x3FF, 10);
    texels = DecodeOne(TextureFormat::Bc6hUfloat, reserved.block, 8);
    EXPECT_EQ(Half(texels, 3, 0), 0);
    EXPECT_EQ(Half(texels, 3, 3), 0x3C00);
}

TEST(TextureDecoder, LevelsSmallerThanABlockAndRowsOfBlocks) {
    // A 6x5 BC4 level: 2x2 blocks; block (bx, by) is all index 0 with a0 = 10 (bx + 2 by).
    std::vector<u8> blocks(4 * 8, 0);
    for (u32 b = 0; b < 4; ++b) {
        blocks[8 * b] = static_cast<u8>(10 * b);
        blocks[8 * b + 1] = 255;  // a0 <= a1: index 0 is a0
    }
    std::vector<u8> texels(6 * 5 * 2);
    ASSERT_TRUE(gpu::DecodeTextureLevel(TextureFormat::Bc4Unorm, blocks, 6, 5, 1, texels));
    const std::vector<u16> values = Values16(texels);
    for (u32 y = 0; y < 5; ++y) {
        for (u32 x = 0; x < 6; ++x) {
            EXPECT_EQ(values[y * 6 + x], 257 * 10 * (x / 4 + 2 * (y / 4))) << x << "," << y;
        }
    }
}

// A void-extent block (ASTC spec, "Void-Extent Blocks"): bits 0-8 0x1FC, bit 9 0 (LDR), bits
// 10-11 set, the extents all ones (the whole image), then R, G, B, A as UNORM16 at bits
// 64-127. Colours c * 257 are c exactly in 8 bits.
std::vector<u8> VoidExtent(u16 r, u16 g, u16 b, u16 a) {
    BlockWriter block(16);
    block.Put(0xDFC, 12).Put((u64{1} << 52) - 1, 52).Put(r, 16).Put(g, 16).Put(b, 16).Put(a, 16);
    return block.block;
}

TEST(TextureDecoder, AstcVoidExtentBlocksThroughLibastcenc) {
    // An 8x5 level of 6x5 blocks: 2 blocks, the second of another colour.
    std::vector<u8> blocks = VoidExtent(255 * 257, 128 * 257, 32 * 257, 255 * 257);
    const auto second = VoidExtent(0, 64 * 257, 255 * 257, 16 * 257);
    blocks.insert(blocks.end(), second.begin(), second.end());
    for (const TextureFormat format : {TextureFormat::Astc6x5Unorm, TextureFormat::Astc6x5Srgb}) {
        std::vector<u8> texels(8 * 5 * 4);
        std::string why;
        ASSERT_TRUE(gpu::DecodeTextureLevel(format, blocks, 8, 5, 1, texels, &why)) << why;
        for (u32 y = 0; y < 5; ++y) {
            for (u32 x = 0; x < 8; ++x) {
                const Colour want = x < 6 ? Colour{255, 128, 32, 255} : Colour{0, 64, 255, 16};
                EXPECT_EQ(Rgba(texels, y * 8 + x), want) << x << "," << y;
            }
        }
    }
}

}  // namespace
