#pragma once

// A render target's layer in guest memory, read whole into rows of pixels and written back a
// rectangle at a time, in the surface's layout (pitch, or block-linear through block_linear.h).

#include <span>

#include "base/types.h"
#include "gpu/host_gpu.h"

namespace gpu {

// Bytes of one layer in the guest's layout.
u64 LayerSizeBytes(const Surface& surface);
// Bytes of one layer as rows of width x bytes-per-pixel, without gaps.
u64 LinearLayerBytes(const Surface& surface);

// Reads layer `layer` into `linear` (LinearLayerBytes of it). False, with a log line of the
// memory manager, where the layer is not mapped.
bool ReadSurfaceLayer(const Surface& surface, u32 layer, std::span<u8> linear);
// Writes the pixels of `area` from `linear` (a whole layer as ReadSurfaceLayer gives it) into
// layer `layer` of guest memory: the area's rows (pitch) or the GOBs it touches
// (block-linear), whose other pixels keep the values read just before.
bool WriteSurfaceArea(const Surface& surface, u32 layer, const Rect& area,
                      std::span<const u8> linear);

}  // namespace gpu
