#include "gpu/engines/surface_clear.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"

namespace gpu::engines {
namespace {

// Method indices (byte offsets / 4; OGD classes/3d/clb197.h).
// A colour target's registers, 64 bytes each: A, B, WIDTH, HEIGHT, FORMAT, MEMORY,
// THIRD_DIMENSION, ARRAY_PITCH, LAYER.
constexpr u32 kColorTargetA = 0x0800 / 4;
constexpr u32 kColorTargetStride = 64 / 4;
constexpr u32 kClearRectHorizontal = 0x0D6C / 4;
constexpr u32 kClearRectVertical = 0x0D70 / 4;
constexpr u32 kColorClearValue = 0x0D80 / 4;
constexpr u32 kZClearValue = 0x0D90 / 4;
constexpr u32 kStencilClearValue = 0x0DA0 / 4;
constexpr u32 kScissorEnable0 = 0x0E00 / 4;
constexpr u32 kScissorHorizontal0 = 0x0E04 / 4;
constexpr u32 kScissorVertical0 = 0x0E08 / 4;
constexpr u32 kZtA = 0x0FE0 / 4;
constexpr u32 kZtFormat = 0x0FE8 / 4;
constexpr u32 kZtBlockSize = 0x0FEC / 4;
constexpr u32 kZtArrayPitch = 0x0FF0 / 4;
constexpr u32 kClearSurfaceControl = 0x10F8 / 4;
constexpr u32 kCtSelect = 0x121C / 4;
constexpr u32 kZtSizeA = 0x1228 / 4;
constexpr u32 kZtSizeB = 0x122C / 4;
constexpr u32 kZtSizeC = 0x1230 / 4;
constexpr u32 kZtSelect = 0x1538 / 4;
constexpr u32 kCtWrite = 0x1A00 / 4;

u32 BlockLog2(u32 value, unsigned shift) {
    return std::min<u32>(static_cast<u32>(base::Bits(value, shift, 4)), 5);
}

Rect Intersect(Rect a, u32 horizontal, u32 vertical) {
    a.x0 = std::max<u32>(a.x0, horizontal & 0xFFFF);
    a.x1 = std::min<u32>(a.x1, horizontal >> 16);
    a.y0 = std::max<u32>(a.y0, vertical & 0xFFFF);
    a.y1 = std::min<u32>(a.y1, vertical >> 16);
    return a;
}

}  // namespace

std::optional<Surface> ColorTargetOf(const RegisterFile& registers, u32 index,
                                     std::string& why_not) {
    const u32 base = kColorTargetA + index * kColorTargetStride;
    const u32 format_number = registers.Get(base + 4) & 0xFF;
    const auto format = ColorTargetFormat(format_number);
    if (!format) {
        why_not = format_number == 0
                      ? fmt::format("colour target {} is disabled (format 0)", index)
                      : fmt::format(
                            "colour target {} has format {:#04x}, which nxhost's table "
                            "lacks",
                            index, format_number);
        return std::nullopt;
    }
    const u32 memory = registers.Get(base + 5);
    if (base::Bit(memory, 16)) {
        why_not = fmt::format("colour target {} is a 3D surface (THIRD_DIMENSION_CONTROL)", index);
        return std::nullopt;
    }
    Surface surface;
    surface.address = registers.Address(base);
    surface.format = *format;
    surface.height = registers.Get(base + 3) & 0x1FFFF;
    if (base::Bit(memory, 12)) {
        // A pitch target's WIDTH is its pitch in bytes.
        surface.layout = SurfaceLayout::Pitch;
        surface.pitch = registers.Get(base + 2) & 0x0FFFFFFF;
        surface.width = surface.pitch / format->bytes_per_pixel;
    } else {
        surface.width = registers.Get(base + 2) & 0x0FFFFFFF;
        surface.block_height_log2 = BlockLog2(memory, 4);
        surface.block_depth_log2 = BlockLog2(memory, 8);
    }
    surface.layers = std::max<u32>(1, registers.Get(base + 6) & 0x0FFFFFFF);
    surface.layer_stride = u64{registers.Get(base + 7)} << 2;  // ARRAY_PITCH counts words
    return surface;
}

std::optional<Surface> ZetaTargetOf(const RegisterFile& registers, std::string& why_not) {
    if (!base::Bit(registers.Get(kZtSelect), 0)) {
        why_not = "no zeta target is selected (SET_ZT_SELECT)";
        return std::nullopt;
    }
    const u32 format_number = registers.Get(kZtFormat) & 0x1F;
    const auto format = ZetaTargetFormat(format_number);
    if (!format) {
        why_not = fmt::format("the zeta target has format {:#04x}, which nxhost's table lacks",
                              format_number);
        return std::nullopt;
    }
    const u32 size_c = registers.Get(kZtSizeC);
    if (base::Bit(size_c, 16)) {
        why_not = "the zeta target is a 3D surface (SET_ZT_SIZE_C CONTROL)";
        return std::nullopt;
    }
    Surface surface;
    surface.address = registers.Address(kZtA);
    surface.format = *format;
    surface.width = registers.Get(kZtSizeA) & 0x0FFFFFFF;
    surface.height = registers.Get(kZtSizeB) & 0x1FFFF;
    const u32 block = registers.Get(kZtBlockSize);
    surface.block_height_log2 = BlockLog2(block, 4);
    surface.block_depth_log2 = BlockLog2(block, 8);
    surface.layers = std::max<u32>(1, size_c & 0xFFFF);
    surface.layer_stride = u64{registers.Get(kZtArrayPitch)} << 2;
    return surface;
}

// SET_CLEAR_SURFACE_CONTROL: RESPECT_STENCIL_MASK 0, USE_CLEAR_RECT 4, USE_SCISSOR0 8,
// USE_VIEWPORT_CLIP0 12. The rectangles' maxima are exclusive.
Rect ClearArea(const RegisterFile& registers, u32 width, u32 height) {
    const u32 control = registers.Get(kClearSurfaceControl);
    Rect area{0, 0, width, height};
    if (base::Bit(control, 4)) {
        area =
            Intersect(area, registers.Get(kClearRectHorizontal), registers.Get(kClearRectVertical));
    }
    if (base::Bit(control, 8) && base::Bit(registers.Get(kScissorEnable0), 0)) {
        area =
            Intersect(area, registers.Get(kScissorHorizontal0), registers.Get(kScissorVertical0));
    }
    return area;
}

void SurfaceClear::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("gpu", "channel {}: CLEAR_SURFACE: {}; named once", context_.channel_id, what);
    }
}

void SurfaceClear::Execute(const RegisterFile& registers, u32 argument) {
    const bool depth = base::Bit(argument, 0);
    const bool stencil = base::Bit(argument, 1);
    const u32 components = static_cast<u32>(base::Bits(argument, 2, 4));
    const u32 slot = static_cast<u32>(base::Bits(argument, 6, 4));
    const u32 layer = static_cast<u32>(base::Bits(argument, 10, 16));
    const u32 control = registers.Get(kClearSurfaceControl);
    if (base::Bit(control, 12)) {
        NameOnce("USE_VIEWPORT_CLIP0 is not applied (the clear covers the rest of its area)");
    }
    std::string why_not;
    if (components != 0) {
        const u32 select = registers.Get(kCtSelect);
        const u32 count = select & 0xF;
        const u32 target = static_cast<u32>(base::Bits(select, 4 + 3 * (slot & 7), 3));
        // SET_CT_WRITE(i): R_ENABLE 0, G 4, B 8, A 12.
        const u32 write = registers.Get(kCtWrite + target);
        const u32 write_mask = (write & 1) | (write >> 3 & 2) | (write >> 6 & 4) | (write >> 9 & 8);
        if (slot >= count || slot > 7) {
            NameOnce(
                fmt::format("render-target slot {} is beyond SET_CT_SELECT's count {}: no "
                            "colour cleared",
                            slot, count));
        } else if (auto surface = ColorTargetOf(registers, target, why_not)) {
            ColorClear clear;
            clear.area = ClearArea(registers, surface->width, surface->height);
            surface->memory = context_.memory;
            clear.target = std::move(*surface);
            clear.layer = layer;
            for (u32 i = 0; i < 4; ++i) {
                clear.value[i] = registers.Get(kColorClearValue + i);
            }
            clear.component_mask = components & write_mask;
            if (clear.component_mask != 0 && !clear.area.Empty()) {
                context_.host_gpu->ClearColor(clear);
            }
        } else {
            NameOnce(why_not + ": no colour cleared");
        }
    }
    if (depth || stencil) {
        if (auto surface = ZetaTargetOf(registers, why_not)) {
            DepthStencilClear clear;
            clear.area = ClearArea(registers, surface->width, surface->height);
            surface->memory = context_.memory;
            clear.depth = depth && surface->format.has_depth;
            clear.stencil = stencil && surface->format.has_stencil;
            clear.target = std::move(*surface);
            clear.layer = layer;
            clear.depth_value = std::bit_cast<float>(registers.Get(kZClearValue));
            clear.stencil_value = static_cast<u8>(registers.Get(kStencilClearValue));
            if (base::Bit(control, 0) && stencil) {
                NameOnce("RESPECT_STENCIL_MASK is not applied (all stencil bits are cleared)");
            }
            if ((clear.depth || clear.stencil) && !clear.area.Empty()) {
                context_.host_gpu->ClearDepthStencil(clear);
            }
        } else {
            NameOnce(why_not + ": no depth or stencil cleared");
        }
    }
}

}  // namespace gpu::engines
