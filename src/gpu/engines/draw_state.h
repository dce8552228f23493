#pragma once

// The 3D class's draw state read from its registers (method offsets of MAXWELL_B, OGD
// classes/3d/clb197.h; AMPERE_B's clc797.h keeps them, except the vertex-stream and index-buffer
// limits, which became sizes): render targets and zeta, colour masks, blend, viewports and
// scissors, vertex attributes and streams, depth, stencil and the rasterizer, the texture pools.
// The constant-buffer bindings are not registers (constant_buffers.h keeps them).
// What a value means that nxhost has no neutral value for is added to `unknown` (a line each),
// and the nearest value is used.

#include <string>
#include <vector>

#include "gpu/draw_call.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

DrawState ReadDrawState(const RegisterFile& registers, u32 class_number,
                        const std::shared_ptr<MemoryManager>& memory,
                        std::vector<std::string>& unknown);

// The index buffer of an indexed draw (SET_INDEX_BUFFER_A-E).
IndexBuffer ReadIndexBuffer(const RegisterFile& registers, u32 class_number,
                            std::vector<std::string>& unknown);

// Decoders of single values (also what the tests check).
std::optional<BlendFactor> DecodeBlendFactor(u32 value);
std::optional<BlendOp> DecodeBlendOp(u32 value);
std::optional<CompareOp> DecodeCompareOp(u32 value);
std::optional<StencilOp> DecodeStencilOp(u32 value);
std::optional<Topology> DecodeTopology(u32 value);

}  // namespace gpu::engines
