#include "gpu/engines/twod_surface.h"

#include <algorithm>

#include <fmt/format.h>

#include "base/bits.h"

namespace gpu::engines {
namespace {

constexpr u32 kClipEnable = 0x0290 / 4;
constexpr u32 kOperation = 0x02AC / 4;

}  // namespace

std::optional<TwodSurface> TwodSurfaceOf(const RegisterFile& registers, u32 base,
                                         std::string_view side, std::string& why_not) {
    TwodSurface surface;
    surface.format = registers.Get(base) & 0xFF;
    const auto pixel = PixelLayoutOf(surface.format);
    if (!pixel) {
        why_not =
            fmt::format("its {} format {:#04x} is not one nxhost converts", side, surface.format);
        return std::nullopt;
    }
    surface.pixel = *pixel;
    surface.pitch_layout = base::Bit(registers.Get(base + 1), 0);
    const u32 block = registers.Get(base + 2);
    const u32 depth = std::max<u32>(registers.Get(base + 3), 1);
    surface.layer = registers.Get(base + 4);
    surface.pitch = registers.Get(base + 5);
    surface.width = registers.Get(base + 6);
    surface.height = registers.Get(base + 7);
    surface.address = registers.Address(base + 8);
    if (surface.width == 0 || surface.height == 0 || surface.width > 0x10000 ||
        surface.height > 0x10000) {
        why_not = fmt::format("its {} is {}x{} pixels", side, surface.width, surface.height);
        return std::nullopt;
    }
    if (surface.pitch_layout) {
        if (surface.pitch < surface.width * pixel->bytes) {
            why_not = fmt::format("its {} pitch {} is less than a row of {} pixels", side,
                                  surface.pitch, surface.width);
            return std::nullopt;
        }
        return surface;
    }
    if (base::Bits(block, 0, 4) != 0) {
        why_not = fmt::format("its {} blocks are {} GOBs wide", side, 1u << (block & 0xF));
        return std::nullopt;
    }
    if (depth > 0x10000) {
        why_not = fmt::format("its {} is {} slices deep", side, depth);
        return std::nullopt;
    }
    if (surface.layer >= depth) {
        why_not = fmt::format("its {} layer {} is past its depth {}", side, surface.layer, depth);
        return std::nullopt;
    }
    surface.block_linear =
        BlockLinearSurface{surface.width * pixel->bytes, surface.height,
                           std::min<u32>(static_cast<u32>(base::Bits(block, 4, 3)), 5), depth,
                           std::min<u32>(static_cast<u32>(base::Bits(block, 8, 3)), 5)};
    return surface;
}

std::optional<TwodOperation> TwodOperationOf(const RegisterFile& registers, std::string& why_not) {
    const u32 operation = registers.Get(kOperation) & 7;
    if (base::Bit(registers.Get(kClipEnable), 0)) {
        why_not = "SET_CLIP_ENABLE's clip rectangle is not applied";
        return std::nullopt;
    }
    switch (operation) {
        case 0:
            return TwodOperation::SrcCopyAnd;
        case 3:
            return TwodOperation::SrcCopy;
        default:
            why_not = fmt::format("SET_OPERATION {} (blends and ROPs) is not made", operation);
            return std::nullopt;
    }
}

void WriteTwodArea(MemoryManager& memory, const TwodSurface& surface, std::span<const u8> bytes,
                   s64 x0, s64 y0, s64 x1, s64 y1) {
    const u32 pixel_bytes = surface.pixel.bytes;
    const auto write = [&](u64 offset, u64 size) {
        memory.Write(surface.address + offset, bytes.subspan(offset, size), "a 2D destination");
    };
    if (surface.pitch_layout) {
        for (s64 y = y0; y < y1; ++y) {
            write(surface.Offset(static_cast<u32>(x0), static_cast<u32>(y)),
                  static_cast<u64>(x1 - x0) * pixel_bytes);
        }
        return;
    }
    for (s64 gob_y = y0 / kGobHeight * kGobHeight; gob_y < y1; gob_y += kGobHeight) {
        for (s64 gob_x = x0 * pixel_bytes / kGobWidthBytes * kGobWidthBytes;
             gob_x < x1 * pixel_bytes; gob_x += kGobWidthBytes) {
            write(surface.block_linear.Offset(static_cast<u32>(gob_x), static_cast<u32>(gob_y),
                                              surface.layer),
                  kGobSize);
        }
    }
}

}  // namespace gpu::engines
