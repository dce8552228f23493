#include "gpu/engines/twod_blit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/engines/twod_surface.h"
#include "gpu/render_target_pixels.h"

namespace gpu::engines {
namespace {

// Method indices (byte offsets / 4; OGD classes/twod/cl902d.h).
constexpr u32 kSampleMode = 0x088C / 4;
constexpr u32 kDstX0 = 0x08B0 / 4;
constexpr u32 kDstY0 = 0x08B4 / 4;
constexpr u32 kDstWidth = 0x08B8 / 4;
constexpr u32 kDstHeight = 0x08BC / 4;
constexpr u32 kDuDxFrac = 0x08C0 / 4;
constexpr u32 kDvDyFrac = 0x08C8 / 4;
constexpr u32 kSrcX0Frac = 0x08D0 / 4;
constexpr u32 kSrcY0Frac = 0x08D8 / 4;

s64 FixedPoint(const RegisterFile& registers, u32 frac_method) {
    return static_cast<s64>(u64{registers.Get(frac_method + 1)} << 32 | registers.Get(frac_method));
}

// The source coordinate of destination pixel `index` along one axis, in source pixels whose
// centres lie at k + 0.5. With origin centre the destination pixel's centre maps through the
// step; with origin corner its corner does (nxhost's reading of cl902d.h's ORIGIN: CENTER,
// CORNER), and texel centres are then taken at whole numbers.
double SourceCoordinate(s64 start, s64 step, u32 index, bool corner) {
    const double fixed = std::ldexp(1.0, -32);
    const double position = static_cast<double>(start) * fixed +
                            (index + (corner ? 0.0 : 0.5)) * static_cast<double>(step) * fixed;
    return corner ? position + 0.5 : position;
}

struct Sampler {
    const TwodSurface& surface;
    std::span<const u8> bytes;

    std::span<const u8> At(s64 x, s64 y) const {
        const u32 cx = static_cast<u32>(std::clamp<s64>(x, 0, surface.width - 1));
        const u32 cy = static_cast<u32>(std::clamp<s64>(y, 0, surface.height - 1));
        return bytes.subspan(surface.Offset(cx, cy), surface.pixel.bytes);
    }
    Rgba Bilinear(double u, double v) const {
        const double tu = u - 0.5;
        const double tv = v - 0.5;
        const s64 x = static_cast<s64>(std::floor(tu));
        const s64 y = static_cast<s64>(std::floor(tv));
        const double fu = tu - static_cast<double>(x);
        const double fv = tv - static_cast<double>(y);
        const Rgba c00 = DecodePixel(surface.pixel, At(x, y));
        const Rgba c10 = DecodePixel(surface.pixel, At(x + 1, y));
        const Rgba c01 = DecodePixel(surface.pixel, At(x, y + 1));
        const Rgba c11 = DecodePixel(surface.pixel, At(x + 1, y + 1));
        Rgba color;
        for (u32 i = 0; i < 4; ++i) {
            const double top = c00.component[i] * (1 - fu) + c10.component[i] * fu;
            const double bottom = c01.component[i] * (1 - fu) + c11.component[i] * fu;
            color.component[i] = top * (1 - fv) + bottom * fv;
        }
        return color;
    }
};

}  // namespace

void TwodBlit::Refuse(const std::string& why) {
    if (named_.insert(why).second) {
        LOG_WARNING("gpu",
                    "channel {}: FERMI_TWOD_A PIXELS_FROM_MEMORY_SRC_Y0_INT (0x08dc): a blit is "
                    "not made: {}; named once",
                    context_.channel_id, why);
    }
}

void TwodBlit::Execute(const RegisterFile& registers) {
    std::string why_not;
    const auto operation = TwodOperationOf(registers, why_not);
    if (!operation) {
        Refuse(why_not);
        return;
    }
    const auto destination = TwodSurfaceOf(registers, kTwodDstFormat, "destination", why_not);
    const auto source =
        destination ? TwodSurfaceOf(registers, kTwodSrcFormat, "source", why_not) : std::nullopt;
    if (!source) {
        Refuse(why_not);
        return;
    }
    if (source->SizeBytes() + destination->SizeBytes() > context_.largest_transfer) {
        Refuse(fmt::format("its surfaces take more than the {} bytes a transfer may move",
                           context_.largest_transfer));
        return;
    }
    const s64 dst_x0 = static_cast<s32>(registers.Get(kDstX0));
    const s64 dst_y0 = static_cast<s32>(registers.Get(kDstY0));
    const s64 x0 = std::clamp<s64>(dst_x0, 0, destination->width);
    const s64 y0 = std::clamp<s64>(dst_y0, 0, destination->height);
    const s64 x1 = std::clamp<s64>(dst_x0 + registers.Get(kDstWidth), 0, destination->width);
    const s64 y1 = std::clamp<s64>(dst_y0 + registers.Get(kDstHeight), 0, destination->height);
    if (x0 >= x1 || y0 >= y1) {
        return;
    }
    if (context_.dump) {
        context_.dump->Note(
            context_.channel_id,
            fmt::format("# 2D blit: {:#x} ({:#04x}, {}x{}) to {:#x} ({:#04x}, {}x{}), rectangle "
                        "({}, {})-({}, {}), sample mode {:#x}",
                        source->address, source->format, source->width, source->height,
                        destination->address, destination->format, destination->width,
                        destination->height, x0, y0, x1, y1, registers.Get(kSampleMode)));
    }
    context_.host_gpu->Synchronize();  // the host GPU's copies of the surfaces are back first
    source_.resize(source->SizeBytes());
    destination_.resize(destination->SizeBytes());
    if (!context_.memory->Read(source->address, source_, "a 2D blit's source") ||
        !context_.memory->Read(destination->address, destination_, "a 2D blit's destination")) {
        return;  // the memory manager named the unmapped range
    }
    const u32 sample_mode = registers.Get(kSampleMode);
    const bool corner = base::Bit(sample_mode, 0);
    const bool bilinear = base::Bit(sample_mode, 4);
    const s64 du_dx = FixedPoint(registers, kDuDxFrac);
    const s64 dv_dy = FixedPoint(registers, kDvDyFrac);
    const s64 src_x0 = FixedPoint(registers, kSrcX0Frac);
    const s64 src_y0 = FixedPoint(registers, kSrcY0Frac);
    const Sampler sampler{*source, source_};
    const bool same_bytes = source->format == destination->format && !bilinear;
    const u32 out_bytes = destination->pixel.bytes;
    for (s64 y = y0; y < y1; ++y) {
        const double v = SourceCoordinate(src_y0, dv_dy, static_cast<u32>(y - dst_y0), corner);
        for (s64 x = x0; x < x1; ++x) {
            const double u = SourceCoordinate(src_x0, du_dx, static_cast<u32>(x - dst_x0), corner);
            const std::span<u8> out =
                std::span(destination_)
                    .subspan(destination->Offset(static_cast<u32>(x), static_cast<u32>(y)),
                             out_bytes);
            const Rgba color =
                bilinear ? sampler.Bilinear(u, v)
                         : DecodePixel(source->pixel, sampler.At(static_cast<s64>(std::floor(u)),
                                                                 static_cast<s64>(std::floor(v))));
            if (*operation == TwodOperation::SrcCopyAnd && color.component[3] == 0) {
                continue;
            }
            if (same_bytes) {
                const auto in =
                    sampler.At(static_cast<s64>(std::floor(u)), static_cast<s64>(std::floor(v)));
                std::memcpy(out.data(), in.data(), out_bytes);
            } else {
                EncodePixel(destination->pixel, color, out);
            }
        }
    }
    WriteTwodArea(*context_.memory, *destination, destination_, x0, y0, x1, y1);
}

}  // namespace gpu::engines
