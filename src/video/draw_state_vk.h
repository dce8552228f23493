#pragma once

// The 3D class's neutral draw state (gpu/draw_call.h) in Vulkan's terms.

#include <optional>

#include <vulkan/vulkan_core.h>

#include "gpu/draw_call.h"

namespace video {

VkBlendFactor BlendFactorVk(gpu::BlendFactor factor);
VkBlendOp BlendOpVk(gpu::BlendOp op);
VkCompareOp CompareOpVk(gpu::CompareOp op);
VkStencilOp StencilOpVk(gpu::StencilOp op);
VkCullModeFlags CullModeVk(const gpu::Rasterizer& raster);
VkFrontFace FrontFaceVk(gpu::FrontFace face);
VkPolygonMode PolygonModeVk(gpu::PolygonMode mode);
// Nothing for the topologies Vulkan has no list or strip of (quads are drawn as triangles by
// the caller; quad strips, polygons and line loops are not drawn).
std::optional<VkPrimitiveTopology> TopologyVk(gpu::Topology topology);
// The format a vertex attribute is fetched with, or nothing for a combination Vulkan lacks (A8:
// the format of its host-expanded (0, 0, 0, a) elements).
std::optional<VkFormat> VertexFormatVk(gpu::VertexComponents components, gpu::VertexType type);

}  // namespace video
