#include "gpu/frame_work.h"

#include <algorithm>

namespace gpu {

void FrameWorkCounts::Add(const FrameWorkCounts& more) {
    submissions += more.submissions;
    draws += more.draws;
    pipelines_built += more.pipelines_built;
    shaders_translated += more.shaders_translated;
    bytes_uploaded += more.bytes_uploaded;
    // Spans of one frame overlap: the longest stands for the frame until the backend reports
    // the frame's whole span.
    gpu_span_ns = std::max(gpu_span_ns, more.gpu_span_ns);
    gpu_sum_ns += more.gpu_sum_ns;
    translate_ns += more.translate_ns;
    pipeline_ns += more.pipeline_ns;
    upload_ns += more.upload_ns;
}

}  // namespace gpu
