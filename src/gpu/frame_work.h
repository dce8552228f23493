#pragma once

// What the GPU side did for the frame being drawn: counted where it happens (nvdrv's
// submissions, the 3D class's draws the host GPU made, the Vulkan host GPU's pipelines built,
// shaders translated, vertex/index/uniform bytes uploaded and the time a draw spent translating
// or building; texture uploads and GPU times are not counted yet) and taken at each presented
// frame for frame statistics.

#include <mutex>

#include "base/types.h"

namespace gpu {

struct FrameWorkCounts {
    u64 submissions = 0;
    u64 draws = 0;
    u64 pipelines_built = 0;
    u64 shaders_translated = 0;
    u64 bytes_uploaded = 0;
    // GPU time: the span from the first start to the last end of the frame's work, and the sum
    // of its parts.
    u64 gpu_span_ns = 0;
    u64 gpu_sum_ns = 0;
    // Host time spent on the frame's behalf translating shaders, building pipelines and
    // uploading: what a long frame was doing.
    u64 translate_ns = 0;
    u64 pipeline_ns = 0;
    u64 upload_ns = 0;

    void Add(const FrameWorkCounts& more);
};

class FrameWork {
public:
    void Add(const FrameWorkCounts& counts) {
        std::lock_guard lock(mutex_);
        current_.Add(counts);
    }
    // What was counted since the last call.
    FrameWorkCounts Take() {
        std::lock_guard lock(mutex_);
        FrameWorkCounts taken = current_;
        current_ = {};
        return taken;
    }

private:
    std::mutex mutex_;
    FrameWorkCounts current_;
};

}  // namespace gpu
