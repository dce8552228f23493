#include "gpu/texture_format.h"

#include <array>

#include <fmt/format.h>

namespace gpu {
namespace {

using F = TextureFormat;
namespace tc = tic_components;

enum class Kind { Unorm, Snorm, Uint, Sint, Float };

Kind KindOf(ComponentType type) {
    switch (type) {
        case ComponentType::Snorm:
        case ComponentType::SnormForceFp16:
            return Kind::Snorm;
        case ComponentType::Sint:
            return Kind::Sint;
        case ComponentType::Uint:
            return Kind::Uint;
        case ComponentType::Float:
            return Kind::Float;
        default:
            return Kind::Unorm;
    }
}

// One format per kind; nullopt where the kind does not exist for those components.
struct ByKind {
    std::optional<F> unorm, snorm, uint, sint, sfloat;
    std::optional<F> Pick(Kind kind) const {
        switch (kind) {
            case Kind::Unorm:
                return unorm;
            case Kind::Snorm:
                return snorm;
            case Kind::Uint:
                return uint;
            case Kind::Sint:
                return sint;
            case Kind::Float:
                return sfloat;
        }
        return std::nullopt;
    }
};

// ASTC 2D block sizes by COMPONENTS number (clc797tex.h ASTC_2D_*).
struct Astc {
    u32 components;
    F unorm;
    u32 width;
    u32 height;
};
constexpr std::array<Astc, 14> kAstc{{
    {0x40, F::Astc4x4Unorm, 4, 4},
    {0x50, F::Astc5x4Unorm, 5, 4},
    {0x41, F::Astc5x5Unorm, 5, 5},
    {0x51, F::Astc6x5Unorm, 6, 5},
    {0x42, F::Astc6x6Unorm, 6, 6},
    {0x55, F::Astc8x5Unorm, 8, 5},
    {0x52, F::Astc8x6Unorm, 8, 6},
    {0x44, F::Astc8x8Unorm, 8, 8},
    {0x56, F::Astc10x5Unorm, 10, 5},
    {0x57, F::Astc10x6Unorm, 10, 6},
    {0x53, F::Astc10x8Unorm, 10, 8},
    {0x45, F::Astc10x10Unorm, 10, 10},
    {0x54, F::Astc12x10Unorm, 12, 10},
    {0x46, F::Astc12x12Unorm, 12, 12},
}};

F Srgb(F unorm) {
    // Each sRGB value follows its UNORM one in the enum.
    return static_cast<F>(static_cast<u16>(unorm) + 1);
}

}  // namespace

TextureFormatInfo InfoOf(TextureFormat format) {
    switch (format) {
        case F::R8Unorm:
            return {"R8_UNORM", 1};
        case F::R8Snorm:
            return {"R8_SNORM", 1};
        case F::R8Uint:
            return {"R8_UINT", 1};
        case F::R8Sint:
            return {"R8_SINT", 1};
        case F::R8G8Unorm:
            return {"R8G8_UNORM", 2};
        case F::R8G8Snorm:
            return {"R8G8_SNORM", 2};
        case F::R8G8Uint:
            return {"R8G8_UINT", 2};
        case F::R8G8Sint:
            return {"R8G8_SINT", 2};
        case F::R8G8B8A8Unorm:
            return {"R8G8B8A8_UNORM", 4};
        case F::R8G8B8A8Snorm:
            return {"R8G8B8A8_SNORM", 4};
        case F::R8G8B8A8Uint:
            return {"R8G8B8A8_UINT", 4};
        case F::R8G8B8A8Sint:
            return {"R8G8B8A8_SINT", 4};
        case F::R8G8B8A8Srgb:
            return {"R8G8B8A8_SRGB", 4};
        case F::R16Unorm:
            return {"R16_UNORM", 2};
        case F::R16Snorm:
            return {"R16_SNORM", 2};
        case F::R16Uint:
            return {"R16_UINT", 2};
        case F::R16Sint:
            return {"R16_SINT", 2};
        case F::R16Float:
            return {"R16_FLOAT", 2};
        case F::R16G16Unorm:
            return {"R16G16_UNORM", 4};
        case F::R16G16Snorm:
            return {"R16G16_SNORM", 4};
        case F::R16G16Uint:
            return {"R16G16_UINT", 4};
        case F::R16G16Sint:
            return {"R16G16_SINT", 4};
        case F::R16G16Float:
            return {"R16G16_FLOAT", 4};
        case F::R16G16B16A16Unorm:
            return {"R16G16B16A16_UNORM", 8};
        case F::R16G16B16A16Snorm:
            return {"R16G16B16A16_SNORM", 8};
        case F::R16G16B16A16Uint:
            return {"R16G16B16A16_UINT", 8};
        case F::R16G16B16A16Sint:
            return {"R16G16B16A16_SINT", 8};
        case F::R16G16B16A16Float:
            return {"R16G16B16A16_FLOAT", 8};
        case F::R32Uint:
            return {"R32_UINT", 4};
        case F::R32Sint:
            return {"R32_SINT", 4};
        case F::R32Float:
            return {"R32_FLOAT", 4};
        case F::R32G32Uint:
            return {"R32G32_UINT", 8};
        case F::R32G32Sint:
            return {"R32G32_SINT", 8};
        case F::R32G32Float:
            return {"R32G32_FLOAT", 8};
        case F::R32G32B32Uint:
            return {"R32G32B32_UINT", 12};
        case F::R32G32B32Sint:
            return {"R32G32B32_SINT", 12};
        case F::R32G32B32Float:
            return {"R32G32B32_FLOAT", 12};
        case F::R32G32B32A32Uint:
            return {"R32G32B32A32_UINT", 16};
        case F::R32G32B32A32Sint:
            return {"R32G32B32A32_SINT", 16};
        case F::R32G32B32A32Float:
            return {"R32G32B32A32_FLOAT", 16};
        case F::A2B10G10R10Unorm:
            return {"A2B10G10R10_UNORM", 4};
        case F::A2B10G10R10Uint:
            return {"A2B10G10R10_UINT", 4};
        case F::B5G6R5Unorm:
            return {"B5G6R5_UNORM", 2};
        case F::A1B5G5R5Unorm:
            return {"A1B5G5R5_UNORM", 2};
        case F::A4B4G4R4Unorm:
            return {"A4B4G4R4_UNORM", 2};
        case F::B10G11R11Float:
            return {"B10G11R11_FLOAT", 4};
        case F::E5B9G9R9Float:
            return {"E5B9G9R9_FLOAT", 4};
        case F::Bc1Unorm:
            return {"BC1_UNORM", 8, 4, 4};
        case F::Bc1Srgb:
            return {"BC1_SRGB", 8, 4, 4};
        case F::Bc2Unorm:
            return {"BC2_UNORM", 16, 4, 4};
        case F::Bc2Srgb:
            return {"BC2_SRGB", 16, 4, 4};
        case F::Bc3Unorm:
            return {"BC3_UNORM", 16, 4, 4};
        case F::Bc3Srgb:
            return {"BC3_SRGB", 16, 4, 4};
        case F::Bc4Unorm:
            return {"BC4_UNORM", 8, 4, 4};
        case F::Bc4Snorm:
            return {"BC4_SNORM", 8, 4, 4};
        case F::Bc5Unorm:
            return {"BC5_UNORM", 16, 4, 4};
        case F::Bc5Snorm:
            return {"BC5_SNORM", 16, 4, 4};
        case F::Bc6hSfloat:
            return {"BC6H_SFLOAT", 16, 4, 4};
        case F::Bc6hUfloat:
            return {"BC6H_UFLOAT", 16, 4, 4};
        case F::Bc7Unorm:
            return {"BC7_UNORM", 16, 4, 4};
        case F::Bc7Srgb:
            return {"BC7_SRGB", 16, 4, 4};
        case F::Z16Unorm:
            return {"Z16_UNORM", 2, 1, 1, true, false};
        case F::Z24UnormS8Uint:
            return {"Z24S8", 4, 1, 1, true, true};
        case F::S8UintZ24Unorm:
            return {"S8Z24", 4, 1, 1, true, true};
        case F::X8Z24Unorm:
            return {"X8Z24", 4, 1, 1, true, false};
        case F::Z32Float:
            return {"ZF32", 4, 1, 1, true, false};
        case F::Z32FloatX24S8Uint:
            return {"ZF32_X24S8", 8, 1, 1, true, true};
        default:
            break;
    }
    for (const Astc& astc : kAstc) {
        if (format == astc.unorm || format == Srgb(astc.unorm)) {
            return {format == astc.unorm ? "ASTC_UNORM" : "ASTC_SRGB", 16, astc.width, astc.height};
        }
    }
    return {"?", 0};
}

std::optional<TextureFormat> TextureFormatOf(const TextureHeader& header) {
    const Kind kind = KindOf(header.types[0]);
    const bool srgb = header.srgb;
    const auto srgb_or = [&](F unorm) { return srgb ? Srgb(unorm) : unorm; };
    switch (header.components) {
        case tc::kR8:
            return ByKind{F::R8Unorm, F::R8Snorm, F::R8Uint, F::R8Sint, {}}.Pick(kind);
        case tc::kG8R8:
            return ByKind{F::R8G8Unorm, F::R8G8Snorm, F::R8G8Uint, F::R8G8Sint, {}}.Pick(kind);
        case tc::kA8B8G8R8:
            if (kind == Kind::Unorm && srgb) {
                return F::R8G8B8A8Srgb;
            }
            return ByKind{F::R8G8B8A8Unorm, F::R8G8B8A8Snorm, F::R8G8B8A8Uint, F::R8G8B8A8Sint, {}}
                .Pick(kind);
        case tc::kR16:
            return ByKind{F::R16Unorm, F::R16Snorm, F::R16Uint, F::R16Sint, F::R16Float}.Pick(kind);
        case tc::kR16G16:
            return ByKind{F::R16G16Unorm, F::R16G16Snorm, F::R16G16Uint, F::R16G16Sint,
                          F::R16G16Float}
                .Pick(kind);
        case tc::kR16G16B16A16:
            return ByKind{F::R16G16B16A16Unorm, F::R16G16B16A16Snorm, F::R16G16B16A16Uint,
                          F::R16G16B16A16Sint, F::R16G16B16A16Float}
                .Pick(kind);
        case tc::kR32:
            return ByKind{{}, {}, F::R32Uint, F::R32Sint, F::R32Float}.Pick(kind);
        case tc::kR32G32:
            return ByKind{{}, {}, F::R32G32Uint, F::R32G32Sint, F::R32G32Float}.Pick(kind);
        case tc::kR32G32B32:
            return ByKind{{}, {}, F::R32G32B32Uint, F::R32G32B32Sint, F::R32G32B32Float}.Pick(kind);
        case tc::kR32G32B32A32:
            return ByKind{{}, {}, F::R32G32B32A32Uint, F::R32G32B32A32Sint, F::R32G32B32A32Float}
                .Pick(kind);
        case tc::kA2B10G10R10:
            return ByKind{F::A2B10G10R10Unorm, {}, F::A2B10G10R10Uint, {}, {}}.Pick(kind);
        case tc::kB5G6R5:
            return kind == Kind::Unorm ? std::optional{F::B5G6R5Unorm} : std::nullopt;
        case tc::kA1B5G5R5:
            return kind == Kind::Unorm ? std::optional{F::A1B5G5R5Unorm} : std::nullopt;
        case tc::kA4B4G4R4:
            return kind == Kind::Unorm ? std::optional{F::A4B4G4R4Unorm} : std::nullopt;
        case tc::kBf10Gf11Rf11:
            return F::B10G11R11Float;
        case tc::kE5B9G9R9:
            return F::E5B9G9R9Float;
        case tc::kDxt1:
            return srgb_or(F::Bc1Unorm);
        case tc::kDxt23:
            return srgb_or(F::Bc2Unorm);
        case tc::kDxt45:
            return srgb_or(F::Bc3Unorm);
        case tc::kDxn1:
            return kind == Kind::Snorm ? F::Bc4Snorm : F::Bc4Unorm;
        case tc::kDxn2:
            return kind == Kind::Snorm ? F::Bc5Snorm : F::Bc5Unorm;
        case tc::kBc6hSf16:
            return F::Bc6hSfloat;
        case tc::kBc6hUf16:
            return F::Bc6hUfloat;
        case tc::kBc7:
            return srgb_or(F::Bc7Unorm);
        case tc::kZ16:
            return F::Z16Unorm;
        case tc::kZ24S8:
            return F::Z24UnormS8Uint;
        case tc::kS8Z24:
            return F::S8UintZ24Unorm;
        case tc::kX8Z24:
            return F::X8Z24Unorm;
        case tc::kZf32:
            return F::Z32Float;
        case tc::kZf32X24S8:
            return F::Z32FloatX24S8Uint;
        default:
            break;
    }
    for (const Astc& astc : kAstc) {
        if (header.components == astc.components) {
            return srgb_or(astc.unorm);
        }
    }
    return std::nullopt;
}

std::string DescribeComponents(const TextureHeader& header) {
    return fmt::format("COMPONENTS {:#04x} types {},{},{},{} sRGB {}", header.components,
                       static_cast<u32>(header.types[0]), static_cast<u32>(header.types[1]),
                       static_cast<u32>(header.types[2]), static_cast<u32>(header.types[3]),
                       header.srgb ? 1 : 0);
}

}  // namespace gpu
