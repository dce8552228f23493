#include "services/vi/graphic_buffer.h"

#include <cstring>

#include <fmt/format.h>

#include "cpu/guest_memory.h"
#include "gpu/block_linear.h"
#include "gpu/pixel_format.h"

namespace services::vi {
namespace {

constexpr u32 kMagic = 0x47424652;  // "GBFR"
constexpr u32 kLayoutPitch = 1;
constexpr u32 kLayoutBlockLinear = 3;
constexpr u32 kMaxDimension = 8192;
// NvColorFormat values (libnx nvidia/types.h; bits 32 and up hold the colour space, LinearRGBA
// = 1), for the formats deko3d's swapchain presents: A8B8G8R8 for RGBA8 and its sRGB form,
// R5G6B5.
constexpr u64 kNvColorA8B8G8R8 = 0x1'0053'2120;
constexpr u64 kNvColorR5G6B5 = 0x1'0A88'1210;

template <typename T>
T Field(std::span<const u8> bytes, std::size_t at) {
    T value{};
    std::memcpy(&value, bytes.data() + at, sizeof(T));
    return value;
}

}  // namespace

std::optional<GraphicBuffer> GraphicBuffer::Parse(std::span<const u8> flattened) {
    if (flattened.size() < kFlattenedSize || Field<u32>(flattened, 0) != kMagic) {
        return std::nullopt;
    }
    GraphicBuffer buffer;
    buffer.width = Field<u32>(flattened, 4);
    buffer.height = Field<u32>(flattened, 8);
    buffer.stride = Field<u32>(flattened, 12);
    buffer.format = Field<u32>(flattened, 16);
    buffer.usage = Field<u32>(flattened, 20);
    buffer.nvmap_id = Field<u32>(flattened, 44);
    buffer.plane_width = Field<u32>(flattened, 92);
    buffer.plane_height = Field<u32>(flattened, 96);
    buffer.color_format = Field<u64>(flattened, 100);
    buffer.layout = Field<u32>(flattened, 108);
    buffer.pitch = Field<u32>(flattened, 112);
    buffer.plane_handle = Field<u32>(flattened, 116);
    buffer.offset = Field<u32>(flattened, 120);
    buffer.kind = Field<u32>(flattened, 124);
    buffer.block_height_log2 = Field<u32>(flattened, 128);
    buffer.size = Field<u64>(flattened, 148);
    return buffer;
}

std::optional<gpu::DisplayFormat> DisplayFormatOf(const GraphicBuffer& buffer) {
    if (buffer.format != 0) {
        return gpu::ParseDisplayFormat(buffer.format);
    }
    switch (buffer.color_format) {
        case kNvColorA8B8G8R8:
            return gpu::DisplayFormat::Rgba8888;
        case kNvColorR5G6B5:
            return gpu::DisplayFormat::Rgb565;
        default:
            return std::nullopt;
    }
}

namespace {

// Where a buffer's picture lies and how it is laid out, or why it cannot be read.
struct PictureLayout {
    gpu::DisplayFormat format{};
    u32 width = 0, height = 0, row_bytes = 0;
    gpu::BlockLinearSurface surface{};
    u64 stored_size = 0;
    std::string error;
};

PictureLayout LayoutOf(const GraphicBuffer& buffer) {
    PictureLayout layout;
    const auto format = DisplayFormatOf(buffer);
    if (!format) {
        layout.error = fmt::format("pixel format {} (colour format {:#x}) is not one nxhost knows",
                                   buffer.format, buffer.color_format);
        return layout;
    }
    layout.format = *format;
    layout.width = buffer.PictureWidth();
    layout.height = buffer.PictureHeight();
    if (layout.width == 0 || layout.height == 0 || layout.width > kMaxDimension ||
        layout.height > kMaxDimension) {
        layout.error = fmt::format("a {}x{} buffer", layout.width, layout.height);
        return layout;
    }
    if (buffer.layout != kLayoutBlockLinear && buffer.layout != kLayoutPitch) {
        layout.error = fmt::format("surface layout {}", buffer.layout);
        return layout;
    }
    const u32 bytes_per_pixel = gpu::BytesPerPixel(*format);
    layout.row_bytes = buffer.pitch != 0 ? buffer.pitch : layout.width * bytes_per_pixel;
    layout.surface = {layout.row_bytes, layout.height, std::min(buffer.block_height_log2, 5u)};
    layout.stored_size = buffer.layout == kLayoutBlockLinear
                             ? layout.surface.SizeBytes()
                             : u64{layout.row_bytes} * layout.height;
    return layout;
}

}  // namespace

StoredPicture ReadStoredPicture(const GraphicBuffer& buffer, const nvdrv::NvMap& nvmap,
                                cpu::GuestMemory& memory) {
    const PictureLayout layout = LayoutOf(buffer);
    if (!layout.error.empty()) {
        return {{}, layout.error};
    }
    auto object = nvmap.FromId(buffer.nvmap_id);
    if (!object) {
        object = nvmap.FromHandle(buffer.nvmap_id);
    }
    if (!object && buffer.plane_handle != 0) {
        object = nvmap.FromHandle(buffer.plane_handle);
    }
    if (!object || !object->allocated) {
        return {{}, fmt::format("nvmap object {} does not exist", buffer.nvmap_id)};
    }
    if (u64{buffer.offset} + layout.stored_size > object->size) {
        return {{},
                fmt::format("{:#x} bytes at {:#x} lie outside nvmap object {} ({:#x} bytes)",
                            layout.stored_size, buffer.offset, buffer.nvmap_id, object->size)};
    }
    std::vector<u8> stored(layout.stored_size);
    if (object->address != 0) {
        if (!memory.ReadBlock(object->address + buffer.offset, stored)) {
            return {{},
                    fmt::format("guest memory at {:#x} is not readable",
                                object->address + buffer.offset)};
        }
    } else {
        std::memcpy(stored.data(), object->driver_memory.data() + buffer.offset,
                    layout.stored_size);
    }
    return {std::move(stored), {}};
}

DecodedFrame DecodeStoredPicture(const GraphicBuffer& buffer, std::span<const u8> stored,
                                 u32 transform) {
    const PictureLayout layout = LayoutOf(buffer);
    if (!layout.error.empty()) {
        return {std::nullopt, layout.error};
    }
    if (stored.size() != layout.stored_size) {
        return {std::nullopt, fmt::format("{:#x} stored bytes for a {:#x}-byte picture",
                                          stored.size(), layout.stored_size)};
    }
    const u32 width = layout.width, height = layout.height, row_bytes = layout.row_bytes;
    std::vector<u8> deswizzled;
    std::span<const u8> linear = stored;
    if (buffer.layout == kLayoutBlockLinear) {
        deswizzled.resize(u64{row_bytes} * height);
        gpu::DeswizzleBlockLinear(layout.surface, stored, deswizzled, row_bytes);
        linear = deswizzled;
    }
    gpu::Frame frame{width, height, std::vector<u8>(u64{width} * height * 4)};
    const bool flip_horizontal = transform & 1;
    const bool flip_vertical = transform & 2;
    std::vector<u8> row(u64{width} * 4);
    for (u32 y = 0; y < height; ++y) {
        const u32 source_y = flip_vertical ? height - 1 - y : y;
        gpu::ConvertRowToRgba8(layout.format, linear.subspan(u64{source_y} * row_bytes), width,
                               row);
        u8* out = frame.rgba.data() + u64{y} * width * 4;
        if (flip_horizontal) {
            for (u32 x = 0; x < width; ++x) {
                std::memcpy(out + x * 4, row.data() + (width - 1 - x) * 4, 4);
            }
        } else {
            std::memcpy(out, row.data(), row.size());
        }
    }
    return {std::move(frame), {}};
}

}  // namespace services::vi
