#pragma once

// Varyings at Locations the device does not have, moved below its limit for one pipeline.
// The translator puts NVIDIA's fixed-function texture coordinates (gl_TexCoord[i]) at Location
// 32 + i, after the 32 generic vectors, so that every program of every stage agrees on them;
// but a device has maxVertexOutputComponents / 4 and maxFragmentInputComponents / 4 Locations
// (32 on NVIDIA's, which loses the device on a pipeline that uses more: seen on the H200).
// Within one pipeline the stages' interfaces are known, so each Location at or above the limit
// is given a free one below it, the same in every stage: a stage's inputs (but a vertex stage's,
// which are vertex attributes) and its outputs (but a fragment stage's, which are render
// targets).

#include <map>
#include <span>
#include <vector>

#include "base/types.h"
#include "shader/program.h"

namespace video {

// Location -> the Location it moves to; empty when every varying is below `limit`. Throws
// base::Error when the stages use more Locations than the device has.
std::map<u32, u32> PlanVaryingLocations(std::span<const shader::GraphicsProgram* const> stages,
                                        u32 limit);

// `spirv` with the Location decorations of its varyings (as PlanVaryingLocations counts them
// for `stage`) moved by `moved`.
std::vector<u32> MoveVaryingLocations(std::span<const u32> spirv, shader::Stage stage,
                                      const std::map<u32, u32>& moved);

}  // namespace video
