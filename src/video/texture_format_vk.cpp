#include "video/texture_format_vk.h"

namespace video {
namespace {

using F = gpu::TextureFormat;

constexpr VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R;
constexpr VkComponentSwizzle G = VK_COMPONENT_SWIZZLE_G;
constexpr VkComponentSwizzle B = VK_COMPONENT_SWIZZLE_B;
constexpr VkComponentSwizzle A = VK_COMPONENT_SWIZZLE_A;

TextureFormatVk Color(VkFormat format) {
    return {format};
}

}  // namespace

std::optional<TextureFormatVk> TextureFormatVkOf(gpu::TextureFormat format) {
    switch (format) {
        case F::R8Unorm:
            return Color(VK_FORMAT_R8_UNORM);
        case F::R8Snorm:
            return Color(VK_FORMAT_R8_SNORM);
        case F::R8Uint:
            return Color(VK_FORMAT_R8_UINT);
        case F::R8Sint:
            return Color(VK_FORMAT_R8_SINT);
        case F::R8G8Unorm:
            return Color(VK_FORMAT_R8G8_UNORM);
        case F::R8G8Snorm:
            return Color(VK_FORMAT_R8G8_SNORM);
        case F::R8G8Uint:
            return Color(VK_FORMAT_R8G8_UINT);
        case F::R8G8Sint:
            return Color(VK_FORMAT_R8G8_SINT);
        case F::R8G8B8A8Unorm:
            return Color(VK_FORMAT_R8G8B8A8_UNORM);
        case F::R8G8B8A8Snorm:
            return Color(VK_FORMAT_R8G8B8A8_SNORM);
        case F::R8G8B8A8Uint:
            return Color(VK_FORMAT_R8G8B8A8_UINT);
        case F::R8G8B8A8Sint:
            return Color(VK_FORMAT_R8G8B8A8_SINT);
        case F::R8G8B8A8Srgb:
            return Color(VK_FORMAT_R8G8B8A8_SRGB);
        case F::R16Unorm:
            return Color(VK_FORMAT_R16_UNORM);
        case F::R16Snorm:
            return Color(VK_FORMAT_R16_SNORM);
        case F::R16Uint:
            return Color(VK_FORMAT_R16_UINT);
        case F::R16Sint:
            return Color(VK_FORMAT_R16_SINT);
        case F::R16Float:
            return Color(VK_FORMAT_R16_SFLOAT);
        case F::R16G16Unorm:
            return Color(VK_FORMAT_R16G16_UNORM);
        case F::R16G16Snorm:
            return Color(VK_FORMAT_R16G16_SNORM);
        case F::R16G16Uint:
            return Color(VK_FORMAT_R16G16_UINT);
        case F::R16G16Sint:
            return Color(VK_FORMAT_R16G16_SINT);
        case F::R16G16Float:
            return Color(VK_FORMAT_R16G16_SFLOAT);
        case F::R16G16B16A16Unorm:
            return Color(VK_FORMAT_R16G16B16A16_UNORM);
        case F::R16G16B16A16Snorm:
            return Color(VK_FORMAT_R16G16B16A16_SNORM);
        case F::R16G16B16A16Uint:
            return Color(VK_FORMAT_R16G16B16A16_UINT);
        case F::R16G16B16A16Sint:
            return Color(VK_FORMAT_R16G16B16A16_SINT);
        case F::R16G16B16A16Float:
            return Color(VK_FORMAT_R16G16B16A16_SFLOAT);
        case F::R32Uint:
            return Color(VK_FORMAT_R32_UINT);
        case F::R32Sint:
            return Color(VK_FORMAT_R32_SINT);
        case F::R32Float:
            return Color(VK_FORMAT_R32_SFLOAT);
        case F::R32G32Uint:
            return Color(VK_FORMAT_R32G32_UINT);
        case F::R32G32Sint:
            return Color(VK_FORMAT_R32G32_SINT);
        case F::R32G32Float:
            return Color(VK_FORMAT_R32G32_SFLOAT);
        case F::R32G32B32Uint:
            return Color(VK_FORMAT_R32G32B32_UINT);
        case F::R32G32B32Sint:
            return Color(VK_FORMAT_R32G32B32_SINT);
        case F::R32G32B32Float:
            return Color(VK_FORMAT_R32G32B32_SFLOAT);
        case F::R32G32B32A32Uint:
            return Color(VK_FORMAT_R32G32B32A32_UINT);
        case F::R32G32B32A32Sint:
            return Color(VK_FORMAT_R32G32B32A32_SINT);
        case F::R32G32B32A32Float:
            return Color(VK_FORMAT_R32G32B32A32_SFLOAT);
        // Both name components from the most significant bits, as NVIDIA does.
        case F::A2B10G10R10Unorm:
            return Color(VK_FORMAT_A2B10G10R10_UNORM_PACK32);
        case F::A2B10G10R10Uint:
            return Color(VK_FORMAT_A2B10G10R10_UINT_PACK32);
        case F::B5G6R5Unorm:
            return Color(VK_FORMAT_B5G6R5_UNORM_PACK16);
        case F::B10G11R11Float:
            return Color(VK_FORMAT_B10G11R11_UFLOAT_PACK32);
        case F::E5B9G9R9Float:
            return Color(VK_FORMAT_E5B9G9R9_UFLOAT_PACK32);
        // A1B5G5R5 (A 15, B 14:10, G 9:5, R 4:0) is A1R5G5B5 with R and B exchanged.
        case F::A1B5G5R5Unorm: {
            TextureFormatVk vk{VK_FORMAT_A1R5G5B5_UNORM_PACK16};
            vk.channel_of = {B, G, R, A};
            return vk;
        }
        // A4B4G4R4 (A 15:12 ... R 3:0) is R4G4B4A4 (R 15:12 ... A 3:0) read backwards.
        case F::A4B4G4R4Unorm: {
            TextureFormatVk vk{VK_FORMAT_R4G4B4A4_UNORM_PACK16};
            vk.channel_of = {A, B, G, R};
            return vk;
        }
        case F::Bc1Unorm:
            return Color(VK_FORMAT_BC1_RGBA_UNORM_BLOCK);
        case F::Bc1Srgb:
            return Color(VK_FORMAT_BC1_RGBA_SRGB_BLOCK);
        case F::Bc2Unorm:
            return Color(VK_FORMAT_BC2_UNORM_BLOCK);
        case F::Bc2Srgb:
            return Color(VK_FORMAT_BC2_SRGB_BLOCK);
        case F::Bc3Unorm:
            return Color(VK_FORMAT_BC3_UNORM_BLOCK);
        case F::Bc3Srgb:
            return Color(VK_FORMAT_BC3_SRGB_BLOCK);
        case F::Bc4Unorm:
            return Color(VK_FORMAT_BC4_UNORM_BLOCK);
        case F::Bc4Snorm:
            return Color(VK_FORMAT_BC4_SNORM_BLOCK);
        case F::Bc5Unorm:
            return Color(VK_FORMAT_BC5_UNORM_BLOCK);
        case F::Bc5Snorm:
            return Color(VK_FORMAT_BC5_SNORM_BLOCK);
        case F::Bc6hSfloat:
            return Color(VK_FORMAT_BC6H_SFLOAT_BLOCK);
        case F::Bc6hUfloat:
            return Color(VK_FORMAT_BC6H_UFLOAT_BLOCK);
        case F::Bc7Unorm:
            return Color(VK_FORMAT_BC7_UNORM_BLOCK);
        case F::Bc7Srgb:
            return Color(VK_FORMAT_BC7_SRGB_BLOCK);
        case F::Astc4x4Unorm:
            return Color(VK_FORMAT_ASTC_4x4_UNORM_BLOCK);
        case F::Astc4x4Srgb:
            return Color(VK_FORMAT_ASTC_4x4_SRGB_BLOCK);
        case F::Astc5x4Unorm:
            return Color(VK_FORMAT_ASTC_5x4_UNORM_BLOCK);
        case F::Astc5x4Srgb:
            return Color(VK_FORMAT_ASTC_5x4_SRGB_BLOCK);
        case F::Astc5x5Unorm:
            return Color(VK_FORMAT_ASTC_5x5_UNORM_BLOCK);
        case F::Astc5x5Srgb:
            return Color(VK_FORMAT_ASTC_5x5_SRGB_BLOCK);
        case F::Astc6x5Unorm:
            return Color(VK_FORMAT_ASTC_6x5_UNORM_BLOCK);
        case F::Astc6x5Srgb:
            return Color(VK_FORMAT_ASTC_6x5_SRGB_BLOCK);
        case F::Astc6x6Unorm:
            return Color(VK_FORMAT_ASTC_6x6_UNORM_BLOCK);
        case F::Astc6x6Srgb:
            return Color(VK_FORMAT_ASTC_6x6_SRGB_BLOCK);
        case F::Astc8x5Unorm:
            return Color(VK_FORMAT_ASTC_8x5_UNORM_BLOCK);
        case F::Astc8x5Srgb:
            return Color(VK_FORMAT_ASTC_8x5_SRGB_BLOCK);
        case F::Astc8x6Unorm:
            return Color(VK_FORMAT_ASTC_8x6_UNORM_BLOCK);
        case F::Astc8x6Srgb:
            return Color(VK_FORMAT_ASTC_8x6_SRGB_BLOCK);
        case F::Astc8x8Unorm:
            return Color(VK_FORMAT_ASTC_8x8_UNORM_BLOCK);
        case F::Astc8x8Srgb:
            return Color(VK_FORMAT_ASTC_8x8_SRGB_BLOCK);
        case F::Astc10x5Unorm:
            return Color(VK_FORMAT_ASTC_10x5_UNORM_BLOCK);
        case F::Astc10x5Srgb:
            return Color(VK_FORMAT_ASTC_10x5_SRGB_BLOCK);
        case F::Astc10x6Unorm:
            return Color(VK_FORMAT_ASTC_10x6_UNORM_BLOCK);
        case F::Astc10x6Srgb:
            return Color(VK_FORMAT_ASTC_10x6_SRGB_BLOCK);
        case F::Astc10x8Unorm:
            return Color(VK_FORMAT_ASTC_10x8_UNORM_BLOCK);
        case F::Astc10x8Srgb:
            return Color(VK_FORMAT_ASTC_10x8_SRGB_BLOCK);
        case F::Astc10x10Unorm:
            return Color(VK_FORMAT_ASTC_10x10_UNORM_BLOCK);
        case F::Astc10x10Srgb:
            return Color(VK_FORMAT_ASTC_10x10_SRGB_BLOCK);
        case F::Astc12x10Unorm:
            return Color(VK_FORMAT_ASTC_12x10_UNORM_BLOCK);
        case F::Astc12x10Srgb:
            return Color(VK_FORMAT_ASTC_12x10_SRGB_BLOCK);
        case F::Astc12x12Unorm:
            return Color(VK_FORMAT_ASTC_12x12_UNORM_BLOCK);
        case F::Astc12x12Srgb:
            return Color(VK_FORMAT_ASTC_12x12_SRGB_BLOCK);
        case F::Z16Unorm:
            return TextureFormatVk{VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT};
        case F::Z32Float:
            return TextureFormatVk{VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT};
        case F::Z24UnormS8Uint:
        case F::S8UintZ24Unorm:
        case F::X8Z24Unorm:
        case F::Z32FloatX24S8Uint: {
            // Sampled for depth; the guest's packing is unpacked before the copy.
            TextureFormatVk vk{format == F::Z32FloatX24S8Uint ? VK_FORMAT_D32_SFLOAT_S8_UINT
                                                              : VK_FORMAT_D24_UNORM_S8_UINT,
                               VK_IMAGE_ASPECT_DEPTH_BIT};
            vk.direct_copy = false;
            return vk;
        }
    }
    return std::nullopt;
}

VkComponentMapping ComponentMappingOf(const std::array<gpu::SwizzleSource, 4>& swizzle,
                                      const TextureFormatVk& format) {
    VkComponentSwizzle out[4];
    for (unsigned i = 0; i < 4; ++i) {
        switch (swizzle[i]) {
            case gpu::SwizzleSource::Zero:
                out[i] = VK_COMPONENT_SWIZZLE_ZERO;
                break;
            case gpu::SwizzleSource::R:
                out[i] = format.channel_of[0];
                break;
            case gpu::SwizzleSource::G:
                out[i] = format.channel_of[1];
                break;
            case gpu::SwizzleSource::B:
                out[i] = format.channel_of[2];
                break;
            case gpu::SwizzleSource::A:
                out[i] = format.channel_of[3];
                break;
            case gpu::SwizzleSource::OneInt:
            case gpu::SwizzleSource::OneFloat:
                out[i] = VK_COMPONENT_SWIZZLE_ONE;
                break;
        }
    }
    return {out[0], out[1], out[2], out[3]};
}

bool DeviceSamples(VkPhysicalDevice device, VkFormat format) {
    VkFormatProperties properties{};
    vkGetPhysicalDeviceFormatProperties(device, format, &properties);
    const VkFormatFeatureFlags needed =
        VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
    return (properties.optimalTilingFeatures & needed) == needed;
}

}  // namespace video
