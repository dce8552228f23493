// TIC and TSC entries hand-encoded here from the bit positions of NVIDIA's class headers (OGD
// classes/3d/clb197tex.h, clc797tex.h; notes/gpu-command-level.md section 5), decoded, and the
// TIC's format resolved.

#include "gpu/texture_header.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>

#include "gpu/sampler_header.h"
#include "gpu/texture_format.h"

namespace {

using Words = std::array<u32, 8>;

// Sets bits [lo, hi] of the 256-bit header (MW(hi:lo)) to `value`, across a word boundary too.
void Set(Words& words, unsigned hi, unsigned lo, u64 value) {
    for (unsigned bit = lo; bit <= hi; ++bit) {
        const u32 mask = 1u << (bit % 32);
        if ((value >> (bit - lo)) & 1) {
            words[bit / 32] |= mask;
        } else {
            words[bit / 32] &= ~mask;
        }
    }
}

// The first word every form shares: format, types, swizzle.
void SetFormat(Words& words, u32 components, u32 type, std::array<u32, 4> swizzle) {
    Set(words, 6, 0, components);
    for (unsigned i = 0; i < 4; ++i) {
        Set(words, 9 + 3 * i, 7 + 3 * i, type);
        Set(words, 21 + 3 * i, 19 + 3 * i, swizzle[i]);
    }
}

TEST(TextureHeader, BlockLinearMaxwellEntryDecodesEveryField) {
    Words words{};
    SetFormat(words, 0x08, 2, {2, 3, 4, 5});     // A8B8G8R8 UNORM, identity
    Set(words, 63, 41, 0x12'3456'7800ull >> 9);  // address bits 31:9
    Set(words, 79, 64, 0x12);                    // address bits 47:32
    Set(words, 87, 85, 3);                       // BLOCKLINEAR
    Set(words, 101, 99, 4);                      // 16 GOBs tall
    Set(words, 104, 102, 1);                     // 2 deep
    Set(words, 127, 124, 6);                     // MAX_MIP_LEVEL
    Set(words, 143, 128, 99);                    // width - 1
    Set(words, 150, 150, 1);                     // sRGB
    Set(words, 154, 151, 5);                     // 2D_ARRAY
    Set(words, 175, 160, 49);                    // height - 1
    Set(words, 189, 176, 2);                     // depth - 1: 3 layers
    Set(words, 191, 191, 1);                     // normalized coordinates
    Set(words, 227, 224, 1);
    Set(words, 231, 228, 5);
    Set(words, 235, 232, 0);
    std::string why;
    const auto header = gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell, &why);
    ASSERT_TRUE(header) << why;
    EXPECT_EQ(header->components, 0x08u);
    for (unsigned i = 0; i < 4; ++i) {
        EXPECT_EQ(header->types[i], gpu::ComponentType::Unorm);
    }
    EXPECT_EQ(header->swizzle[0], gpu::SwizzleSource::R);
    EXPECT_EQ(header->swizzle[3], gpu::SwizzleSource::A);
    EXPECT_TRUE(header->IsBlockLinear());
    EXPECT_EQ(header->address, 0x12'3456'7800ull);
    EXPECT_EQ(header->block_width_log2, 0u);
    EXPECT_EQ(header->block_height_log2, 4u);
    EXPECT_EQ(header->block_depth_log2, 1u);
    EXPECT_EQ(header->max_mip_level, 6u);
    EXPECT_EQ(header->Levels(), 7u);
    EXPECT_EQ(header->width, 100u);
    EXPECT_EQ(header->height, 50u);
    EXPECT_EQ(header->depth, 3u);
    EXPECT_EQ(header->Layers(), 3u);
    EXPECT_TRUE(header->srgb);
    EXPECT_EQ(header->type, gpu::TextureType::TwoDArray);
    EXPECT_TRUE(header->normalized_coords);
    EXPECT_EQ(header->view_min_mip, 1u);
    EXPECT_EQ(header->view_max_mip, 5u);
    EXPECT_EQ(gpu::TextureFormatOf(*header), gpu::TextureFormat::R8G8B8A8Srgb);
}

TEST(TextureHeader, AmpereEntryUsesTheWiderAddressAndSizeBits) {
    Words words{};
    SetFormat(words, 0x1D, 7, {2, 0, 0, 7});  // R8 with FLOAT type: not a format
    Set(words, 63, 41, 0x200 >> 9);
    Set(words, 80, 64, 0x1'0000 | 0x34);  // address bit 48 set
    Set(words, 87, 85, 3);
    Set(words, 144, 128, 70000 - 1);  // past 16 bits
    Set(words, 154, 151, 2);          // 3D
    Set(words, 175, 160, (70001 - 1) & 0xFFFF);
    Set(words, 146, 146, (70001 - 1) >> 16);
    Set(words, 189, 176, (20000 - 1) & 0x3FFF);
    Set(words, 145, 145, (20000 - 1) >> 14);
    const auto ampere = gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Ampere);
    ASSERT_TRUE(ampere);
    EXPECT_EQ(ampere->address, (u64{0x1'0034} << 32) | 0x200);
    EXPECT_EQ(ampere->width, 70000u);
    EXPECT_EQ(ampere->height, 70001u);
    EXPECT_EQ(ampere->depth, 20000u);
    EXPECT_EQ(ampere->type, gpu::TextureType::ThreeD);
    EXPECT_EQ(ampere->swizzle[3], gpu::SwizzleSource::OneFloat);
    EXPECT_FALSE(gpu::TextureFormatOf(*ampere));  // R8 has no FLOAT form
    // The same words read as Maxwell's layout: bit 48 and bit 144 are not theirs.
    const auto maxwell = gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell);
    ASSERT_TRUE(maxwell);
    EXPECT_EQ(maxwell->address, (u64{0x34} << 32) | 0x200);
    EXPECT_EQ(maxwell->width, ((70000u - 1) & 0xFFFF) + 1);
}

TEST(TextureHeader, PitchAndOneDBufferForms) {
    Words pitch{};
    SetFormat(pitch, 0x0C, 7, {2, 3, 0, 7});  // R16_G16 FLOAT
    Set(pitch, 63, 37, 0x8765'4320u >> 5);
    Set(pitch, 79, 64, 0x1);
    Set(pitch, 87, 85, 2);           // PITCH
    Set(pitch, 111, 96, 5120 >> 5);  // PITCH_BITS20TO5
    Set(pitch, 143, 128, 1279);
    Set(pitch, 154, 151, 7);  // 2D_NO_MIPMAP
    Set(pitch, 175, 160, 719);
    const auto header = gpu::DecodeTextureHeader(pitch, gpu::TextureHeaderLayout::Maxwell);
    ASSERT_TRUE(header);
    EXPECT_TRUE(header->IsPitch());
    EXPECT_EQ(header->address, 0x1'8765'4320ull);
    EXPECT_EQ(header->pitch, 5120u);
    EXPECT_EQ(header->width, 1280u);
    EXPECT_EQ(header->height, 720u);
    EXPECT_EQ(header->Levels(), 1u);
    EXPECT_EQ(gpu::TextureFormatOf(*header), gpu::TextureFormat::R16G16Float);

    Words buffer{};
    SetFormat(buffer, 0x0F, 4, {2, 0, 0, 6});  // R32 UINT
    Set(buffer, 63, 32, 0x1234'5678);          // ADDRESS_BITS31TO0
    Set(buffer, 79, 64, 0x9A);
    Set(buffer, 87, 85, 0);                    // ONE_D_BUFFER
    Set(buffer, 111, 96, (100000 - 1) >> 16);  // WIDTH_MINUS_ONE_BITS31TO16
    Set(buffer, 143, 128, (100000 - 1) & 0xFFFF);
    Set(buffer, 154, 151, 6);
    const auto one_d = gpu::DecodeTextureHeader(buffer, gpu::TextureHeaderLayout::Maxwell);
    ASSERT_TRUE(one_d);
    EXPECT_EQ(one_d->version, gpu::TextureHeaderVersion::OneDBuffer);
    EXPECT_EQ(one_d->address, 0x9A'1234'5678ull);
    EXPECT_EQ(one_d->width, 100000u);
    EXPECT_EQ(one_d->type, gpu::TextureType::OneDBuffer);
    EXPECT_EQ(gpu::TextureFormatOf(*one_d), gpu::TextureFormat::R32Uint);
}

TEST(TextureHeader, UndefinedVersionTypeOrSwizzleIsRefused) {
    Words words{};
    SetFormat(words, 0x08, 2, {2, 3, 4, 5});
    Set(words, 87, 85, 5);
    std::string why;
    EXPECT_FALSE(gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell, &why));
    EXPECT_NE(why.find("version 5"), std::string::npos) << why;
    Set(words, 87, 85, 3);
    Set(words, 154, 151, 15);  // garbage pools read as type 15 (yuzu #7850)
    EXPECT_FALSE(gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell, &why));
    EXPECT_NE(why.find("type 15"), std::string::npos) << why;
    Set(words, 154, 151, 1);
    Set(words, 24, 22, 1);  // Y source 1: not defined
    EXPECT_FALSE(gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell, &why));
    Set(words, 24, 22, 3);
    EXPECT_TRUE(gpu::DecodeTextureHeader(words, gpu::TextureHeaderLayout::Maxwell, &why));
}

TEST(TextureFormat, ComponentNumbersResolveWithTheirTypes) {
    gpu::TextureHeader header;
    const auto format = [&](u32 components, gpu::ComponentType type, bool srgb = false) {
        header.components = components;
        header.types = {type, type, type, type};
        header.srgb = srgb;
        return gpu::TextureFormatOf(header);
    };
    using T = gpu::ComponentType;
    using F = gpu::TextureFormat;
    EXPECT_EQ(format(0x08, T::Snorm), F::R8G8B8A8Snorm);
    EXPECT_EQ(format(0x08, T::Uint), F::R8G8B8A8Uint);
    EXPECT_EQ(format(0x01, T::Float), F::R32G32B32A32Float);
    EXPECT_EQ(format(0x03, T::Sint), F::R16G16B16A16Sint);
    EXPECT_EQ(format(0x24, T::Unorm, true), F::Bc1Srgb);
    EXPECT_EQ(format(0x26, T::Unorm), F::Bc3Unorm);
    EXPECT_EQ(format(0x27, T::Snorm), F::Bc4Snorm);
    EXPECT_EQ(format(0x17, T::Unorm, true), F::Bc7Srgb);
    EXPECT_EQ(format(0x44, T::Unorm), F::Astc8x8Unorm);
    EXPECT_EQ(format(0x54, T::Unorm, true), F::Astc12x10Srgb);
    EXPECT_EQ(format(0x29, T::Uint), F::Z24UnormS8Uint);
    EXPECT_EQ(format(0x2F, T::Float), F::Z32Float);
    EXPECT_EQ(format(0x15, T::Unorm), F::B5G6R5Unorm);
    EXPECT_EQ(format(0x21, T::Float), F::B10G11R11Float);
    EXPECT_FALSE(format(0x0F, T::Unorm));  // R32 has no UNORM
    EXPECT_FALSE(format(0x7E, T::Unorm));  // no such number
    const auto astc = gpu::InfoOf(F::Astc10x6Unorm);
    EXPECT_EQ(astc.block_width, 10u);
    EXPECT_EQ(astc.block_height, 6u);
    EXPECT_EQ(astc.block_bytes, 16u);
    EXPECT_EQ(gpu::InfoOf(F::Bc1Unorm).block_bytes, 8u);
    EXPECT_EQ(gpu::InfoOf(F::R32G32B32Float).block_bytes, 12u);
}

TEST(SamplerHeader, EveryFieldDecodes) {
    Words words{};
    Set(words, 2, 0, 3);                                  // U BORDER
    Set(words, 5, 3, 1);                                  // V MIRROR
    Set(words, 8, 6, 2);                                  // P CLAMP_TO_EDGE
    Set(words, 9, 9, 1);                                  // depth compare
    Set(words, 12, 10, 3);                                // LEQUAL
    Set(words, 13, 13, 1);                                // sRGB border
    Set(words, 22, 20, 4);                                // RATIO_8
    Set(words, 34, 32, 2);                                // mag LINEAR
    Set(words, 37, 36, 3);                                // min ANISO
    Set(words, 39, 38, 3);                                // mip LINEAR
    Set(words, 43, 42, 1);                                // reduction MIN
    Set(words, 56, 44, static_cast<u32>(-384) & 0x1FFF);  // LOD bias -1.5 (5.8)
    Set(words, 75, 64, 128);                              // min LOD 0.5 (4.8)
    Set(words, 87, 76, 2624);                             // max LOD 10.25
    words[4] = std::bit_cast<u32>(1.0f);
    words[5] = std::bit_cast<u32>(0.5f);
    words[6] = std::bit_cast<u32>(0.25f);
    words[7] = std::bit_cast<u32>(-2.0f);
    const gpu::SamplerHeader sampler = gpu::DecodeSamplerHeader(words);
    EXPECT_EQ(sampler.wrap[0], gpu::SamplerWrap::Border);
    EXPECT_EQ(sampler.wrap[1], gpu::SamplerWrap::Mirror);
    EXPECT_EQ(sampler.wrap[2], gpu::SamplerWrap::ClampToEdge);
    EXPECT_TRUE(sampler.depth_compare);
    EXPECT_EQ(sampler.compare, gpu::SamplerCompare::LessEqual);
    EXPECT_TRUE(sampler.srgb_border);
    EXPECT_EQ(sampler.max_anisotropy, 8u);
    EXPECT_EQ(sampler.mag, gpu::SamplerFilter::Linear);
    EXPECT_EQ(sampler.min, gpu::SamplerFilter::Anisotropic);
    EXPECT_EQ(sampler.mip, gpu::SamplerMipFilter::Linear);
    EXPECT_EQ(sampler.reduction, gpu::SamplerReduction::Min);
    EXPECT_FLOAT_EQ(sampler.lod_bias, -1.5f);
    EXPECT_FLOAT_EQ(sampler.min_lod, 0.5f);
    EXPECT_FLOAT_EQ(sampler.max_lod, 10.25f);
    EXPECT_FLOAT_EQ(sampler.border[0], 1.0f);
    EXPECT_FLOAT_EQ(sampler.border[3], -2.0f);
    EXPECT_FALSE(sampler.forced_invalid);
    Set(words, 31, 31, 1);
    EXPECT_TRUE(gpu::DecodeSamplerHeader(words).forced_invalid);
}

}  // namespace
