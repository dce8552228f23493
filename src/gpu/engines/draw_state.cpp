#include "gpu/engines/draw_state.h"

#include <bit>

#include <fmt/format.h>

#include "base/bits.h"
#include "gpu/engines/surface_clear.h"

namespace gpu::engines {
namespace {

// Method indices (byte offsets / 4; OGD classes/3d/clb197.h).
constexpr u32 kViewportTransform = 0x0A00 / 4;  // + 8 per viewport: scale x y z, offset x y z
constexpr u32 kViewportSwizzle = 0x0A18 / 4;    // + 8: X 2:0, Y 6:4, Z 10:8, W 14:12
constexpr u32 kViewportClip = 0x0C00 / 4;       // + 4: horizontal, vertical, min z, max z
constexpr u32 kViewportZClip = 0x0D7C / 4;      // RANGE 0: NEGATIVE_W_TO_POSITIVE_W
constexpr u32 kZpassPixelCount = 0x1514 / 4;    // ENABLE 0
constexpr u32 kAntiAlias = 0x15D0 / 4;          // SAMPLES 3:0
constexpr u32 kScissor = 0x0E00 / 4;            // + 4: enable, horizontal, vertical
constexpr u32 kPolygonModeFront = 0x0DAC / 4;
constexpr u32 kStencilBackReference = 0x0F54 / 4;
constexpr u32 kStencilBackWriteMask = 0x0F58 / 4;
constexpr u32 kStencilBackCompareMask = 0x0F5C / 4;
constexpr u32 kVertexAttribute = 0x1160 / 4;
constexpr u32 kCtSelect = 0x121C / 4;
constexpr u32 kDepthTest = 0x12CC / 4;
constexpr u32 kBlendPerTarget = 0x12E4 / 4;
constexpr u32 kDepthWrite = 0x12E8 / 4;
constexpr u32 kDepthFunc = 0x130C / 4;
constexpr u32 kBlendConstant = 0x131C / 4;
// SET_BLEND_SEPARATE_FOR_ALPHA, COLOR_OP, COLOR_SOURCE_COEFF, COLOR_DEST_COEFF, ALPHA_OP,
// ALPHA_SOURCE_COEFF, (SET_GLOBAL_COLOR_KEY), ALPHA_DEST_COEFF, then SET_BLEND(i) 0x1360.
constexpr u32 kBlendCommon = 0x133C / 4;
constexpr u32 kBlendEnable = 0x1360 / 4;
// SET_WINDOW_ORIGIN: MODE 0 (UPPER_LEFT 0, LOWER_LEFT 1), FLIP_Y 4 (yuzu maxwell_3d.h's
// window_origin at the same method).
constexpr u32 kWindowOrigin = 0x13AC / 4;
constexpr u32 kStencilTest = 0x1380 / 4;  // then fail, zfail, zpass, func, ref, func mask, mask
constexpr u32 kStencilTwoSided = 0x1594 / 4;
constexpr u32 kStencilBack = 0x1598 / 4;  // fail, zfail, zpass, func
constexpr u32 kVertexStreamInstance = 0x1880 / 4;
constexpr u32 kCullEnable = 0x1918 / 4;
constexpr u32 kFrontFace = 0x191C / 4;
constexpr u32 kCullFace = 0x1920 / 4;
constexpr u32 kCtWrite = 0x1A00 / 4;
constexpr u32 kVertexStream = 0x1C00 / 4;  // + 4: format (stride, enable), A, B, frequency
// The blend per target (SET_BLEND_PER_TARGET_*(j), 32 bytes each): SEPARATE_FOR_ALPHA,
// COLOR_OP, COLOR_SOURCE_COEFF, COLOR_DEST_COEFF, ALPHA_OP, ALPHA_SOURCE_COEFF, ALPHA_DEST_COEFF.
constexpr u32 kBlendPerTargetState = 0x1E00 / 4;
constexpr u32 kVertexStreamLimit = 0x1F00 / 4;  // MAXWELL_B: + 2: the last byte's address
constexpr u32 kVertexStreamSize = 0x0600 / 4;  // Turing and later: + 2: the size (UPPER 7:0, LOWER)
constexpr u32 kIndexBuffer = 0x17C8 / 4;       // A, B address; C, D limit; E format
constexpr u32 kIndexBufferSize = 0x0238 / 4;   // Turing and later: the size (UPPER 7:0, LOWER)
constexpr u32 kBindlessTexture = 0x2608 / 4;

bool SizesInsteadOfLimits(u32 class_number) {
    return class_number >= 0xC597;  // clc597.h replaced the limits with sizes
}

float Float(const RegisterFile& registers, u32 method) {
    return std::bit_cast<float>(registers.Get(method));
}

// The bytes from `address` to the last byte `limit` (inclusive), or 0 when it is below.
u64 SizeFromLimit(u64 address, u64 limit) {
    return limit >= address ? limit - address + 1 : 0;
}

template <typename Value>
Value OrUnknown(std::optional<Value> decoded, Value fallback, std::string_view what, u32 value,
                std::vector<std::string>& unknown) {
    if (decoded) {
        return *decoded;
    }
    if (value == 0) {
        return fallback;  // never written (the registers start at 0)
    }
    unknown.push_back(fmt::format("{} {:#x}", what, value));
    return fallback;
}

std::optional<VertexComponents> DecodeVertexComponents(u32 value) {
    // COMPONENT_BIT_WIDTHS (clb197.h NVB197_SET_VERTEX_ATTRIBUTE_A; the same in clc797.h).
    switch (value) {
        case 0x01:
            return VertexComponents::R32G32B32A32;
        case 0x02:
            return VertexComponents::R32G32B32;
        case 0x03:
            return VertexComponents::R16G16B16A16;
        case 0x04:
            return VertexComponents::R32G32;
        case 0x05:
            return VertexComponents::R16G16B16;
        case 0x0A:
            return VertexComponents::R8G8B8A8;
        case 0x0F:
            return VertexComponents::R16G16;
        case 0x12:
            return VertexComponents::R32;
        case 0x13:
            return VertexComponents::R8G8B8;
        case 0x18:
            return VertexComponents::R8G8;
        case 0x1B:
            return VertexComponents::R16;
        case 0x1D:
            return VertexComponents::R8;
        case 0x30:
            return VertexComponents::A2B10G10R10;
        case 0x31:
            return VertexComponents::B10G11R11;
        case 0x2F:
            return VertexComponents::A8B8G8R8;
        case 0x32:
            return VertexComponents::G8R8;
        case 0x33:
            return VertexComponents::X8B8G8R8;
        case 0x34:
            return VertexComponents::A8;
        default:
            return std::nullopt;
    }
}

std::optional<VertexType> DecodeVertexType(u32 value) {
    switch (value) {
        case 1:
            return VertexType::Snorm;
        case 2:
            return VertexType::Unorm;
        case 3:
            return VertexType::Sint;
        case 4:
            return VertexType::Uint;
        case 5:
            return VertexType::Uscaled;
        case 6:
            return VertexType::Sscaled;
        case 7:
            return VertexType::Float;
        default:
            return std::nullopt;
    }
}

StencilFace ReadStencilFace(const RegisterFile& registers, u32 ops, u32 reference, u32 compare_mask,
                            u32 write_mask, std::vector<std::string>& unknown) {
    StencilFace face;
    const auto op = [&](u32 method) {
        return OrUnknown(DecodeStencilOp(registers.Get(method)), StencilOp::Keep, "stencil op",
                         registers.Get(method), unknown);
    };
    face.fail = op(ops);
    face.depth_fail = op(ops + 1);
    face.pass = op(ops + 2);
    face.compare = OrUnknown(DecodeCompareOp(registers.Get(ops + 3)), CompareOp::Always,
                             "stencil function", registers.Get(ops + 3), unknown);
    face.reference = registers.Get(reference) & 0xFF;
    face.compare_mask = registers.Get(compare_mask) & 0xFF;
    face.write_mask = registers.Get(write_mask) & 0xFF;
    return face;
}

Blend ReadBlend(const RegisterFile& registers, u32 base, bool with_color_key_gap,
                std::vector<std::string>& unknown) {
    const auto factor = [&](u32 method) {
        return OrUnknown(DecodeBlendFactor(registers.Get(method)), BlendFactor::One, "blend factor",
                         registers.Get(method), unknown);
    };
    const auto op = [&](u32 method) {
        return OrUnknown(DecodeBlendOp(registers.Get(method)), BlendOp::Add, "blend op",
                         registers.Get(method), unknown);
    };
    Blend blend;
    const bool separate_alpha = base::Bit(registers.Get(base), 0);
    blend.color_op = op(base + 1);
    blend.color_source = factor(base + 2);
    blend.color_destination = factor(base + 3);
    if (separate_alpha) {
        blend.alpha_op = op(base + 4);
        blend.alpha_source = factor(base + 5);
        blend.alpha_destination = factor(base + (with_color_key_gap ? 7 : 6));
    } else {
        blend.alpha_op = blend.color_op;
        blend.alpha_source = blend.color_source;
        blend.alpha_destination = blend.color_destination;
    }
    return blend;
}

}  // namespace

// The values come as Direct3D-style small numbers or as OpenGL enums (the _D3D_ and _OGL_
// values of clb197.h; deko3d writes the OpenGL ones).
std::optional<BlendFactor> DecodeBlendFactor(u32 value) {
    switch (value) {
        case 0x01:
        case 0x4000:
            return BlendFactor::Zero;
        case 0x02:
        case 0x4001:
            return BlendFactor::One;
        case 0x03:
        case 0x4300:
            return BlendFactor::SourceColor;
        case 0x04:
        case 0x4301:
            return BlendFactor::OneMinusSourceColor;
        case 0x05:
        case 0x4302:
            return BlendFactor::SourceAlpha;
        case 0x06:
        case 0x4303:
            return BlendFactor::OneMinusSourceAlpha;
        case 0x07:
        case 0x4304:
            return BlendFactor::DestinationAlpha;
        case 0x08:
        case 0x4305:
            return BlendFactor::OneMinusDestinationAlpha;
        case 0x09:
        case 0x4306:
            return BlendFactor::DestinationColor;
        case 0x0A:
        case 0x4307:
            return BlendFactor::OneMinusDestinationColor;
        case 0x0B:
        case 0x4308:
            return BlendFactor::SourceAlphaSaturate;
        case 0x0E:
        case 0xC001:
            return BlendFactor::ConstantColor;
        case 0x0F:
        case 0xC002:
            return BlendFactor::OneMinusConstantColor;
        case 0xC003:
            return BlendFactor::ConstantAlpha;
        case 0xC004:
            return BlendFactor::OneMinusConstantAlpha;
        case 0x10:
        case 0xC900:
            return BlendFactor::Source1Color;
        case 0x11:
        case 0xC901:
            return BlendFactor::OneMinusSource1Color;
        case 0x12:
        case 0xC902:
            return BlendFactor::Source1Alpha;
        case 0x13:
        case 0xC903:
            return BlendFactor::OneMinusSource1Alpha;
        default:
            return std::nullopt;
    }
}

std::optional<BlendOp> DecodeBlendOp(u32 value) {
    switch (value) {
        case 1:
        case 0x8006:
            return BlendOp::Add;
        case 2:
        case 0x800A:
            return BlendOp::Subtract;
        case 3:
        case 0x800B:
            return BlendOp::ReverseSubtract;
        case 4:
        case 0x8007:
            return BlendOp::Min;
        case 5:
        case 0x8008:
            return BlendOp::Max;
        default:
            return std::nullopt;
    }
}

// D3D: NEVER 1 ... ALWAYS 8; OpenGL: GL_NEVER 0x200 ... GL_ALWAYS 0x207, in the same order.
std::optional<CompareOp> DecodeCompareOp(u32 value) {
    if (value >= 1 && value <= 8) {
        return static_cast<CompareOp>(value - 1);
    }
    if (value >= 0x200 && value <= 0x207) {
        return static_cast<CompareOp>(value - 0x200);
    }
    return std::nullopt;
}

std::optional<StencilOp> DecodeStencilOp(u32 value) {
    switch (value) {
        case 1:
        case 0x1E00:
            return StencilOp::Keep;
        case 2:
        case 0x0000:
            return StencilOp::Zero;
        case 3:
        case 0x1E01:
            return StencilOp::Replace;
        case 4:
        case 0x1E02:
            return StencilOp::IncrementClamp;
        case 5:
        case 0x1E03:
            return StencilOp::DecrementClamp;
        case 6:
        case 0x150A:
            return StencilOp::Invert;
        case 7:
        case 0x8507:
            return StencilOp::IncrementWrap;
        case 8:
        case 0x8508:
            return StencilOp::DecrementWrap;
        default:
            return std::nullopt;
    }
}

std::optional<Topology> DecodeTopology(u32 value) {
    if (value <= static_cast<u32>(Topology::Patches)) {
        return static_cast<Topology>(value);
    }
    return std::nullopt;
}

IndexBuffer ReadIndexBuffer(const RegisterFile& registers, u32 class_number,
                            std::vector<std::string>& unknown) {
    IndexBuffer buffer;
    buffer.address = registers.Address(kIndexBuffer);
    buffer.size = SizesInsteadOfLimits(class_number)
                      ? registers.Address(kIndexBufferSize)
                      : SizeFromLimit(buffer.address, registers.Address(kIndexBuffer + 2));
    const u32 format = registers.Get(kIndexBuffer + 4);
    if (format > 2) {
        unknown.push_back(fmt::format("index size {}", format));
    }
    buffer.index_size = static_cast<IndexSize>(format > 2 ? 2 : format);
    return buffer;
}

DrawState ReadDrawState(const RegisterFile& registers, u32 class_number,
                        const std::shared_ptr<MemoryManager>& memory,
                        std::vector<std::string>& unknown) {
    DrawState state;
    // SET_CT_SELECT: TARGET_COUNT 3:0, then a 3-bit target per slot.
    const u32 select = registers.Get(kCtSelect);
    const u32 count = std::min<u32>(select & 0xF, kRenderTargets);
    for (u32 slot = 0; slot < count; ++slot) {
        const u32 target = static_cast<u32>(base::Bits(select, 4 + 3 * slot, 3));
        std::string why_not;
        auto surface = ColorTargetOf(registers, target, why_not);
        if (surface) {
            surface->memory = memory;
        }
        state.color_targets.push_back(std::move(surface));
    }
    std::string no_zeta;
    state.zeta_target = ZetaTargetOf(registers, no_zeta);
    if (state.zeta_target) {
        state.zeta_target->memory = memory;
    }
    const bool per_target_blend = base::Bit(registers.Get(kBlendPerTarget), 0);
    const Blend common = ReadBlend(registers, kBlendCommon, true, unknown);
    for (u32 slot = 0; slot < kRenderTargets; ++slot) {
        // SET_CT_WRITE: R_ENABLE 0, G 4, B 8, A 12.
        const u32 write = registers.Get(kCtWrite + slot);
        state.color_masks[slot] =
            (write & 1) | (write >> 3 & 2) | (write >> 6 & 4) | (write >> 9 & 8);
        Blend blend = per_target_blend
                          ? ReadBlend(registers, kBlendPerTargetState + 8 * slot, false, unknown)
                          : common;
        blend.enabled = base::Bit(registers.Get(kBlendEnable + slot), 0);
        state.blends[slot] = blend;
    }
    for (u32 i = 0; i < 4; ++i) {
        state.blend_constant[i] = Float(registers, kBlendConstant + i);
    }
    for (u32 i = 0; i < kViewports; ++i) {
        Viewport& viewport = state.viewports[i];
        for (u32 axis = 0; axis < 3; ++axis) {
            viewport.scale[axis] = Float(registers, kViewportTransform + 8 * i + axis);
            viewport.offset[axis] = Float(registers, kViewportTransform + 8 * i + 3 + axis);
        }
        const u32 swizzle = registers.Get(kViewportSwizzle + 8 * i);
        for (u32 axis = 0; axis < 4; ++axis) {
            viewport.swizzle[axis] = static_cast<ViewportSwizzle>(base::Bits(swizzle, 4 * axis, 3));
        }
        viewport.min_depth = Float(registers, kViewportClip + 4 * i + 2);
        viewport.max_depth = Float(registers, kViewportClip + 4 * i + 3);
        Scissor& scissor = state.scissors[i];
        scissor.enabled = base::Bit(registers.Get(kScissor + 4 * i), 0);
        const u32 horizontal = registers.Get(kScissor + 4 * i + 1);
        const u32 vertical = registers.Get(kScissor + 4 * i + 2);
        scissor.area = {horizontal & 0xFFFF, vertical & 0xFFFF, horizontal >> 16, vertical >> 16};
    }
    state.depth_minus_one_to_one = !base::Bit(registers.Get(kViewportZClip), 0);
    state.count_samples_passed = base::Bit(registers.Get(kZpassPixelCount), 0);
    for (u32 i = 0; i < kVertexAttributes; ++i) {
        // STREAM 4:0, SOURCE 6 (INACTIVE 1), OFFSET 20:7, COMPONENT_BIT_WIDTHS 26:21,
        // NUMERICAL_TYPE 29:27, SWAP_R_AND_B 31.
        const u32 word = registers.Get(kVertexAttribute + i);
        VertexAttribute& attribute = state.attributes[i];
        attribute.stream = static_cast<u32>(base::Bits(word, 0, 5));
        attribute.constant = base::Bit(word, 6);
        attribute.offset = static_cast<u32>(base::Bits(word, 7, 14));
        const u32 components = static_cast<u32>(base::Bits(word, 21, 6));
        const u32 type = static_cast<u32>(base::Bits(word, 27, 3));
        attribute.components =
            DecodeVertexComponents(components).value_or(VertexComponents::Invalid);
        attribute.type = DecodeVertexType(type).value_or(VertexType::Invalid);
        attribute.swap_r_and_b = base::Bit(word, 31);
    }
    for (u32 j = 0; j < kVertexStreams; ++j) {
        VertexStream& stream = state.streams[j];
        const u32 format = registers.Get(kVertexStream + 4 * j);
        stream.stride = format & 0xFFF;
        stream.enabled = base::Bit(format, 12);
        stream.address = registers.Address(kVertexStream + 4 * j + 1);
        stream.size =
            SizesInsteadOfLimits(class_number)
                ? registers.Address(kVertexStreamSize + 2 * j)
                : SizeFromLimit(stream.address, registers.Address(kVertexStreamLimit + 2 * j));
        stream.per_instance = base::Bit(registers.Get(kVertexStreamInstance + j), 0);
        stream.divisor = registers.Get(kVertexStream + 4 * j + 3);
    }
    DepthStencil& depth = state.depth_stencil;
    depth.depth_test = base::Bit(registers.Get(kDepthTest), 0);
    depth.depth_write = base::Bit(registers.Get(kDepthWrite), 0);
    depth.depth_compare = OrUnknown(DecodeCompareOp(registers.Get(kDepthFunc)), CompareOp::Always,
                                    "depth function", registers.Get(kDepthFunc), unknown);
    depth.stencil_test = base::Bit(registers.Get(kStencilTest), 0);
    if (depth.stencil_test) {
        depth.front = ReadStencilFace(registers, kStencilTest + 1, kStencilTest + 5,
                                      kStencilTest + 6, kStencilTest + 7, unknown);
        depth.back = base::Bit(registers.Get(kStencilTwoSided), 0)
                         ? ReadStencilFace(registers, kStencilBack, kStencilBackReference,
                                           kStencilBackCompareMask, kStencilBackWriteMask, unknown)
                         : depth.front;
    }
    state.anti_alias_mode = registers.Get(kAntiAlias) & 0xF;
    Rasterizer& raster = state.rasterizer;
    raster.cull = base::Bit(registers.Get(kCullEnable), 0);
    switch (registers.Get(kCullFace)) {
        case 0x0404:
            raster.cull_face = CullFace::Front;
            break;
        case 0x0405:
            raster.cull_face = CullFace::Back;
            break;
        case 0x0408:
            raster.cull_face = CullFace::FrontAndBack;
            break;
        default:
            if (raster.cull) {
                unknown.push_back(fmt::format("cull face {:#x}", registers.Get(kCullFace)));
            }
    }
    // OGL_SET_FRONT_FACE: GL_CW 0x900, GL_CCW 0x901.
    raster.front_face =
        registers.Get(kFrontFace) == 0x0900 ? FrontFace::Clockwise : FrontFace::CounterClockwise;
    // SET_FRONT_POLYGON_MODE: GL_POINT 0x1B00, GL_LINE 0x1B01, GL_FILL 0x1B02 (0: never set).
    switch (registers.Get(kPolygonModeFront)) {
        case 0x1B00:
            raster.polygon_mode = PolygonMode::Point;
            break;
        case 0x1B01:
            raster.polygon_mode = PolygonMode::Line;
            break;
        default:
            raster.polygon_mode = PolygonMode::Fill;
            break;
    }
    raster.origin_lower_left = base::Bit(registers.Get(kWindowOrigin), 0);
    state.texture_pools =
        TexturePoolsOf(registers, class_number >= 0xC797 ? TextureHeaderLayout::Ampere
                                                         : TextureHeaderLayout::Maxwell);
    // SET_BINDLESS_TEXTURE is gone from AMPERE_A on (clc697.h, clc797.h: 0x2608 is no method):
    // Volta and later's texture instructions name the bank of their handle themselves.
    if (class_number < 0xC697) {
        state.texture_bank = registers.Get(kBindlessTexture) & 0x1F;
    }
    return state;
}

}  // namespace gpu::engines
