#pragma once

#include "video/compute_device.h"

namespace video {

// Whether GLSL.std.450 Fma on f32 rounds once on `device`: Vulkan allows it to round the
// product first ("Precision and Operation of SPIR-V Instructions": fma is inherited from OpFMul
// followed by OpFAdd). Runs a few fmas whose fused and unfused results differ (and one that a
// sum rounded to f64 first gets wrong) and says true only when all give the host's
// correctly rounded std::fma. Throws base::Error when the dispatch fails.
bool ProbeFusedFma(ComputeDevice& device);

}  // namespace video
