#include "gpu/engines/twod_solid.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/log.h"
#include "gpu/engines/twod_surface.h"
#include "gpu/render_target_pixels.h"

namespace gpu::engines {
namespace {

constexpr u32 kColorFormat = 0x0584 / 4;
constexpr u32 kColor = 0x0588 / 4;

// RENDER_SOLID_PRIM_MODE_V.
constexpr u32 kPoints = 0;
constexpr u32 kRects = 4;

}  // namespace

void TwodSolid::Refuse(const std::string& why) {
    if (named_.insert(why).second) {
        LOG_WARNING("gpu",
                    "channel {}: FERMI_TWOD_A RENDER_SOLID_PRIM_POINT_Y: a solid primitive is not "
                    "drawn: {}; named once",
                    context_.channel_id, why);
    }
}

void TwodSolid::Execute(const RegisterFile& registers, u32 method, u32 argument) {
    if (method == kMode) {
        vertices_.clear();  // a new mode starts a new primitive
        return;
    }
    if ((method - kPointSetX0) % 2 == 0) {
        return;  // POINT_SET_X: kept in the register file for its Y
    }
    const s32 x = static_cast<s32>(registers.Get(method - 1));
    const s32 y = static_cast<s32>(argument);
    const u32 mode = registers.Get(kMode) & 7;
    if (mode == kPoints) {
        Fill(registers, x, y, s64{x} + 1, s64{y} + 1);
        return;
    }
    if (mode != kRects) {
        Refuse(fmt::format("RENDER_SOLID_PRIM_MODE {} (lines, polylines, triangles) is not drawn",
                           mode));
        return;
    }
    vertices_.emplace_back(x, y);
    if (vertices_.size() == 2) {
        Fill(registers, vertices_[0].first, vertices_[0].second, vertices_[1].first,
             vertices_[1].second);
        vertices_.clear();
    }
}

void TwodSolid::Fill(const RegisterFile& registers, s64 x0, s64 y0, s64 x1, s64 y1) {
    std::string why_not;
    const auto operation = TwodOperationOf(registers, why_not);
    const auto destination =
        operation ? TwodSurfaceOf(registers, kTwodDstFormat, "destination", why_not) : std::nullopt;
    if (!destination) {
        Refuse(why_not);
        return;
    }
    const u32 color_format = registers.Get(kColorFormat) & 0xFF;
    const auto color_layout = PixelLayoutOf(color_format);
    if (!color_layout || color_layout->bytes > 4) {
        Refuse(fmt::format("its colour format {:#04x} is not one colour word nxhost converts",
                           color_format));
        return;
    }
    if (destination->SizeBytes() > context_.largest_transfer) {
        Refuse(fmt::format("its destination takes more than the {} bytes a transfer may move",
                           context_.largest_transfer));
        return;
    }
    const u32 color_word = registers.Get(kColor);
    const Rgba color = DecodePixel(
        *color_layout, std::span(reinterpret_cast<const u8*>(&color_word), sizeof(color_word)));
    if (*operation == TwodOperation::SrcCopyAnd && color.component[3] == 0) {
        return;  // every pixel keeps the destination's
    }
    x0 = std::clamp<s64>(x0, 0, destination->width);
    x1 = std::clamp<s64>(x1, 0, destination->width);
    y0 = std::clamp<s64>(y0, 0, destination->height);
    y1 = std::clamp<s64>(y1, 0, destination->height);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    context_.host_gpu->Synchronize();  // the host GPU's copy of the surface is back first
    destination_.resize(destination->SizeBytes());
    if (!context_.memory->Read(destination->address, destination_, "a 2D solid fill's target")) {
        return;  // the memory manager named the unmapped range
    }
    std::array<u8, 16> pixel{};
    EncodePixel(destination->pixel, color, pixel);
    for (s64 y = y0; y < y1; ++y) {
        for (s64 x = x0; x < x1; ++x) {
            std::copy_n(pixel.begin(), destination->pixel.bytes,
                        destination_.begin() + static_cast<std::ptrdiff_t>(destination->Offset(
                                                   static_cast<u32>(x), static_cast<u32>(y))));
        }
    }
    WriteTwodArea(*context_.memory, *destination, destination_, x0, y0, x1, y1);
}

}  // namespace gpu::engines
