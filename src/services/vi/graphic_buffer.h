#pragma once

// A buffer queue slot's graphic buffer as the guest flattens it (0x16C bytes; libnx
// nvidia/graphic_buffer.h, yuzu nvnflinger/ui/graphic_buffer.h), and the picture it holds.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "gpu/frame.h"
#include "gpu/pixel_format.h"
#include "services/nvdrv/nvmap.h"

namespace cpu {
class GuestMemory;
}

namespace services::vi {

struct GraphicBuffer {
    static constexpr std::size_t kFlattenedSize = 0x16C;

    u32 width = 0, height = 0, stride = 0, format = 0, usage = 0;
    u32 nvmap_id = 0;  // libnx 2.0+: the nvmap id; libnx 1.x: the handle FROM_ID gave
    u32 plane_width = 0, plane_height = 0;
    u64 color_format = 0;  // the plane's NvColorFormat, what the compositor reads
    u32 layout = 0;        // 1 pitch, 3 block-linear
    u32 pitch = 0;
    u32 plane_handle = 0;
    u32 offset = 0;
    u32 kind = 0;
    u32 block_height_log2 = 0;
    u64 size = 0;

    // The picture's size: the plane's where it gives one, else the buffer's.
    u32 PictureWidth() const { return plane_width != 0 ? plane_width : width; }
    u32 PictureHeight() const { return plane_height != 0 ? plane_height : height; }

    static std::optional<GraphicBuffer> Parse(std::span<const u8> flattened);
};

// The buffer's colour format: its Android pixel format, or where that is 0 (unknown, as some
// programs leave it) the plane's NvColorFormat, which is what the console's compositor reads.
std::optional<gpu::DisplayFormat> DisplayFormatOf(const GraphicBuffer& buffer);

// A buffer's picture in two steps, so that the display can tell whether a buffer on screen
// was drawn into since it was read. ReadStoredPicture: the bytes as the buffer's nvmap object
// (guest memory, or the driver's own) holds them, block-linear or pitch, before any
// conversion. DecodeStoredPicture: those bytes turned to RGBA8, applying the queue's transform
// (bit 0 flips horizontally, bit 1 vertically). An error says why when either cannot.
struct StoredPicture {
    std::vector<u8> bytes;
    std::string error;  // empty when the bytes were read
};
StoredPicture ReadStoredPicture(const GraphicBuffer& buffer, const nvdrv::NvMap& nvmap,
                                cpu::GuestMemory& memory);

struct DecodedFrame {
    std::optional<gpu::Frame> frame;
    std::string error;
};
DecodedFrame DecodeStoredPicture(const GraphicBuffer& buffer, std::span<const u8> stored,
                                 u32 transform);

}  // namespace services::vi
