#include "gpu/surface_memory.h"

#include <cstring>
#include <vector>

#include "gpu/block_linear.h"

namespace gpu {
namespace {

BlockLinearSurface BlockLinearOf(const Surface& surface) {
    return BlockLinearSurface{surface.width * surface.format.bytes_per_pixel, surface.height,
                              surface.block_height_log2, 1, surface.block_depth_log2};
}

u64 LayerAddress(const Surface& surface, u32 layer) {
    return surface.address + u64{layer} * surface.layer_stride;
}

}  // namespace

u64 LayerSizeBytes(const Surface& surface) {
    if (surface.layout == SurfaceLayout::Pitch) {
        return u64{surface.pitch} * surface.height;
    }
    return BlockLinearOf(surface).SizeBytes();
}

u64 LinearLayerBytes(const Surface& surface) {
    return u64{surface.width} * surface.format.bytes_per_pixel * surface.height;
}

bool ReadSurfaceLayer(const Surface& surface, u32 layer, std::span<u8> linear) {
    std::vector<u8> guest(LayerSizeBytes(surface));
    if (!surface.memory->Read(LayerAddress(surface, layer), guest, "a render target's upload")) {
        return false;
    }
    const u32 row_bytes = surface.width * surface.format.bytes_per_pixel;
    if (surface.layout == SurfaceLayout::Pitch) {
        for (u32 y = 0; y < surface.height; ++y) {
            std::memcpy(linear.data() + u64{y} * row_bytes, guest.data() + u64{y} * surface.pitch,
                        row_bytes);
        }
        return true;
    }
    return DeswizzleBlockLinear(BlockLinearOf(surface), guest, linear, row_bytes);
}

bool WriteSurfaceArea(const Surface& surface, u32 layer, const Rect& area,
                      std::span<const u8> linear) {
    std::vector<u8> guest(LayerSizeBytes(surface));
    const u64 address = LayerAddress(surface, layer);
    if (!surface.memory->Read(address, guest, "a render target's write-back")) {
        return false;
    }
    const u32 bytes = surface.format.bytes_per_pixel;
    const u32 row_bytes = surface.width * bytes;
    const u32 area_bytes = (area.x1 - area.x0) * bytes;
    bool written = true;
    const auto write = [&](u64 offset, u64 size) {
        written &= surface.memory->Write(address + offset, std::span(guest).subspan(offset, size),
                                         "a render target's write-back");
    };
    if (surface.layout == SurfaceLayout::Pitch) {
        for (u32 y = area.y0; y < area.y1; ++y) {
            const u64 offset = u64{y} * surface.pitch + area.x0 * bytes;
            std::memcpy(guest.data() + offset, linear.data() + u64{y} * row_bytes + area.x0 * bytes,
                        area_bytes);
            write(offset, area_bytes);
        }
        return written;
    }
    const BlockLinearSurface block_linear = BlockLinearOf(surface);
    for (u32 y = area.y0; y < area.y1; ++y) {
        const u8* source = linear.data() + u64{y} * row_bytes;
        for (u32 x = area.x0; x < area.x1; ++x) {
            std::memcpy(guest.data() + block_linear.Offset(x * bytes, y), source + x * bytes,
                        bytes);
        }
    }
    // Only the GOBs the area touches go back: guest memory elsewhere in the layer is left
    // to whoever else writes it meanwhile.
    for (u32 gob_y = area.y0 / kGobHeight * kGobHeight; gob_y < area.y1; gob_y += kGobHeight) {
        for (u32 gob_x = area.x0 * bytes / kGobWidthBytes * kGobWidthBytes; gob_x < area.x1 * bytes;
             gob_x += kGobWidthBytes) {
            write(block_linear.Offset(gob_x, gob_y), kGobSize);
        }
    }
    return written;
}

}  // namespace gpu
