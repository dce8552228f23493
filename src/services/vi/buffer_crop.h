#pragma once

// QueueBuffer's crop rectangle (IGraphicBufferProducer's QueueBufferInput, at 0x0C: left, top,
// right, bottom as s32; Android's BufferQueueProducer::queueBuffer): the part of the buffer
// the compositor shows, in the buffer's own pixels before its flip transform. An empty
// rectangle (right <= left or bottom <= top; libnx leaves it all zero) shows the whole buffer;
// one reaching outside the buffer is refused (Android answers BAD_VALUE).

#include <optional>
#include <span>

#include "base/types.h"
#include "gpu/frame.h"

namespace services::vi {

struct BufferCrop {
    s32 left = 0, top = 0, right = 0, bottom = 0;

    bool Empty() const { return right <= left || bottom <= top; }
    // Read from the QueueBufferInput bytes (at least 0x1C of them).
    static BufferCrop FromQueueInput(std::span<const u8> input);
};

// Whether the crop lies within a `width` x `height` buffer (an empty one always does).
bool CropFits(const BufferCrop& crop, u32 width, u32 height);

// The part of `frame` (decoded with `transform`: bit 0 flips horizontally, bit 1 vertically)
// that `crop` names; `frame` itself when the crop is empty. The crop must fit.
gpu::Frame CropFrame(gpu::Frame frame, const BufferCrop& crop, u32 transform);

}  // namespace services::vi
