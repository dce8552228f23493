#include "services/vi/buffer_crop.h"

#include <cstring>
#include <tuple>
#include <utility>

namespace services::vi {

BufferCrop BufferCrop::FromQueueInput(std::span<const u8> input) {
    BufferCrop crop;
    std::memcpy(&crop.left, input.data() + 0x0C, 4);
    std::memcpy(&crop.top, input.data() + 0x10, 4);
    std::memcpy(&crop.right, input.data() + 0x14, 4);
    std::memcpy(&crop.bottom, input.data() + 0x18, 4);
    return crop;
}

bool CropFits(const BufferCrop& crop, u32 width, u32 height) {
    if (crop.Empty()) {
        return true;
    }
    return crop.left >= 0 && crop.top >= 0 && s64{crop.right} <= s64{width} &&
           s64{crop.bottom} <= s64{height};
}

gpu::Frame CropFrame(gpu::Frame frame, const BufferCrop& crop, u32 transform) {
    if (crop.Empty()) {
        return frame;
    }
    // The crop names buffer pixels; the frame holds them flipped as the transform says.
    u32 x0 = static_cast<u32>(crop.left), x1 = static_cast<u32>(crop.right);
    u32 y0 = static_cast<u32>(crop.top), y1 = static_cast<u32>(crop.bottom);
    if (transform & 1) {
        std::tie(x0, x1) = std::pair{frame.width - x1, frame.width - x0};
    }
    if (transform & 2) {
        std::tie(y0, y1) = std::pair{frame.height - y1, frame.height - y0};
    }
    gpu::Frame cropped{x1 - x0, y1 - y0, std::vector<u8>(u64{x1 - x0} * (y1 - y0) * 4)};
    for (u32 y = y0; y < y1; ++y) {
        std::memcpy(cropped.rgba.data() + u64{y - y0} * cropped.width * 4,
                    frame.rgba.data() + (u64{y} * frame.width + x0) * 4, u64{cropped.width} * 4);
    }
    return cropped;
}

}  // namespace services::vi
