#include "video/surface_format.h"

#include <utility>

namespace video {
namespace {

std::optional<VkFormat> ColorFormat(u32 number) {
    // NVIDIA's names list components from the most significant bits, Vulkan's _PACK formats
    // too, its byte formats from the lowest byte: A8B8G8R8 is R8G8B8A8 (OGD clb197.h).
    switch (number) {
        case 0xC0:
        case 0xC3:
            return VK_FORMAT_R32G32B32A32_SFLOAT;
        case 0xC1:
            return VK_FORMAT_R32G32B32A32_SINT;
        case 0xC2:
            return VK_FORMAT_R32G32B32A32_UINT;
        case 0xC6:
            return VK_FORMAT_R16G16B16A16_UNORM;
        case 0xC7:
            return VK_FORMAT_R16G16B16A16_SNORM;
        case 0xC8:
            return VK_FORMAT_R16G16B16A16_SINT;
        case 0xC9:
            return VK_FORMAT_R16G16B16A16_UINT;
        case 0xCA:
        case 0xCE:
            return VK_FORMAT_R16G16B16A16_SFLOAT;
        case 0xCB:
            return VK_FORMAT_R32G32_SFLOAT;
        case 0xCC:
            return VK_FORMAT_R32G32_SINT;
        case 0xCD:
            return VK_FORMAT_R32G32_UINT;
        case 0xCF:
        case 0xE6:
            return VK_FORMAT_B8G8R8A8_UNORM;
        case 0xD0:
        case 0xE7:
            return VK_FORMAT_B8G8R8A8_SRGB;
        case 0xD1:
            return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
        case 0xD2:
            return VK_FORMAT_A2B10G10R10_UINT_PACK32;
        case 0xD5:
        case 0xF9:
            return VK_FORMAT_R8G8B8A8_UNORM;
        case 0xD6:
        case 0xFA:
            return VK_FORMAT_R8G8B8A8_SRGB;
        case 0xD7:
            return VK_FORMAT_R8G8B8A8_SNORM;
        case 0xD8:
            return VK_FORMAT_R8G8B8A8_SINT;
        case 0xD9:
            return VK_FORMAT_R8G8B8A8_UINT;
        case 0xDA:
            return VK_FORMAT_R16G16_UNORM;
        case 0xDB:
            return VK_FORMAT_R16G16_SNORM;
        case 0xDC:
            return VK_FORMAT_R16G16_SINT;
        case 0xDD:
            return VK_FORMAT_R16G16_UINT;
        case 0xDE:
            return VK_FORMAT_R16G16_SFLOAT;
        case 0xDF:
            return VK_FORMAT_A2R10G10B10_UNORM_PACK32;
        case 0xE0:
            return VK_FORMAT_B10G11R11_UFLOAT_PACK32;
        case 0xE3:
            return VK_FORMAT_R32_SINT;
        case 0xE4:
            return VK_FORMAT_R32_UINT;
        case 0xE5:
            return VK_FORMAT_R32_SFLOAT;
        case 0xE8:
            return VK_FORMAT_R5G6B5_UNORM_PACK16;
        case 0xE9:
        case 0xF8:
            return VK_FORMAT_A1R5G5B5_UNORM_PACK16;
        case 0xEA:
            return VK_FORMAT_R8G8_UNORM;
        case 0xEB:
            return VK_FORMAT_R8G8_SNORM;
        case 0xEC:
            return VK_FORMAT_R8G8_SINT;
        case 0xED:
            return VK_FORMAT_R8G8_UINT;
        case 0xEE:
            return VK_FORMAT_R16_UNORM;
        case 0xEF:
            return VK_FORMAT_R16_SNORM;
        case 0xF0:
            return VK_FORMAT_R16_SINT;
        case 0xF1:
            return VK_FORMAT_R16_UINT;
        case 0xF2:
            return VK_FORMAT_R16_SFLOAT;
        case 0xF3:
            return VK_FORMAT_R8_UNORM;
        case 0xF4:
            return VK_FORMAT_R8_SNORM;
        case 0xF5:
            return VK_FORMAT_R8_SINT;
        case 0xF6:
            return VK_FORMAT_R8_UINT;
        default:
            return std::nullopt;
    }
}

}  // namespace

std::optional<SurfaceFormat> SurfaceFormatOf(const gpu::RenderTargetFormat& format) {
    constexpr VkImageAspectFlags kDepthStencil =
        VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    if (format.kind == gpu::FormatKind::Depth) {
        switch (format.number) {
            case gpu::zeta::kZ32F:
                return SurfaceFormat{VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT,
                                     ClearTexels::Float, 4, 0};
            case gpu::zeta::kZ16:
                return SurfaceFormat{VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT,
                                     ClearTexels::Float, 2, 0};
            case gpu::zeta::kX8Z24:
                return SurfaceFormat{VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT,
                                     ClearTexels::Float, 4, 0};
            case gpu::zeta::kZ24S8:
            case gpu::zeta::kS8Z24:
                return SurfaceFormat{VK_FORMAT_D24_UNORM_S8_UINT, kDepthStencil, ClearTexels::Float,
                                     4, 1};
            case gpu::zeta::kS8:
                return SurfaceFormat{VK_FORMAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT,
                                     ClearTexels::Float, 0, 1};
            case gpu::zeta::kZ32FX24S8:
                return SurfaceFormat{VK_FORMAT_D32_SFLOAT_S8_UINT, kDepthStencil,
                                     ClearTexels::Float, 4, 1};
            default:
                return std::nullopt;
        }
    }
    const auto vk_format = ColorFormat(format.number);
    if (!vk_format) {
        return std::nullopt;
    }
    const ClearTexels texels = format.kind == gpu::FormatKind::Sint   ? ClearTexels::Sint
                               : format.kind == gpu::FormatKind::Uint ? ClearTexels::Uint
                                                                      : ClearTexels::Float;
    return SurfaceFormat{*vk_format, VK_IMAGE_ASPECT_COLOR_BIT, texels, format.bytes_per_pixel, 0};
}

}  // namespace video
