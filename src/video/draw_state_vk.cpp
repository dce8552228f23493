#include "video/draw_state_vk.h"

namespace video {

VkBlendFactor BlendFactorVk(gpu::BlendFactor factor) {
    using F = gpu::BlendFactor;
    switch (factor) {
        case F::Zero:
            return VK_BLEND_FACTOR_ZERO;
        case F::One:
            return VK_BLEND_FACTOR_ONE;
        case F::SourceColor:
            return VK_BLEND_FACTOR_SRC_COLOR;
        case F::OneMinusSourceColor:
            return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
        case F::SourceAlpha:
            return VK_BLEND_FACTOR_SRC_ALPHA;
        case F::OneMinusSourceAlpha:
            return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
        case F::DestinationAlpha:
            return VK_BLEND_FACTOR_DST_ALPHA;
        case F::OneMinusDestinationAlpha:
            return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
        case F::DestinationColor:
            return VK_BLEND_FACTOR_DST_COLOR;
        case F::OneMinusDestinationColor:
            return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
        case F::SourceAlphaSaturate:
            return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
        case F::ConstantColor:
            return VK_BLEND_FACTOR_CONSTANT_COLOR;
        case F::OneMinusConstantColor:
            return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
        case F::ConstantAlpha:
            return VK_BLEND_FACTOR_CONSTANT_ALPHA;
        case F::OneMinusConstantAlpha:
            return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
        case F::Source1Color:
            return VK_BLEND_FACTOR_SRC1_COLOR;
        case F::OneMinusSource1Color:
            return VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
        case F::Source1Alpha:
            return VK_BLEND_FACTOR_SRC1_ALPHA;
        case F::OneMinusSource1Alpha:
            return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
    }
    return VK_BLEND_FACTOR_ONE;
}

VkBlendOp BlendOpVk(gpu::BlendOp op) {
    switch (op) {
        case gpu::BlendOp::Add:
            return VK_BLEND_OP_ADD;
        case gpu::BlendOp::Subtract:
            return VK_BLEND_OP_SUBTRACT;
        case gpu::BlendOp::ReverseSubtract:
            return VK_BLEND_OP_REVERSE_SUBTRACT;
        case gpu::BlendOp::Min:
            return VK_BLEND_OP_MIN;
        case gpu::BlendOp::Max:
            return VK_BLEND_OP_MAX;
    }
    return VK_BLEND_OP_ADD;
}

// Both enumerations list never, less, equal, less-or-equal, greater, not-equal,
// greater-or-equal, always in this order.
VkCompareOp CompareOpVk(gpu::CompareOp op) {
    return static_cast<VkCompareOp>(static_cast<u32>(op));
}

VkStencilOp StencilOpVk(gpu::StencilOp op) {
    using S = gpu::StencilOp;
    switch (op) {
        case S::Keep:
            return VK_STENCIL_OP_KEEP;
        case S::Zero:
            return VK_STENCIL_OP_ZERO;
        case S::Replace:
            return VK_STENCIL_OP_REPLACE;
        case S::IncrementClamp:
            return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
        case S::DecrementClamp:
            return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
        case S::Invert:
            return VK_STENCIL_OP_INVERT;
        case S::IncrementWrap:
            return VK_STENCIL_OP_INCREMENT_AND_WRAP;
        case S::DecrementWrap:
            return VK_STENCIL_OP_DECREMENT_AND_WRAP;
    }
    return VK_STENCIL_OP_KEEP;
}

VkCullModeFlags CullModeVk(const gpu::Rasterizer& raster) {
    if (!raster.cull) {
        return VK_CULL_MODE_NONE;
    }
    switch (raster.cull_face) {
        case gpu::CullFace::Front:
            return VK_CULL_MODE_FRONT_BIT;
        case gpu::CullFace::Back:
            return VK_CULL_MODE_BACK_BIT;
        case gpu::CullFace::FrontAndBack:
            return VK_CULL_MODE_FRONT_AND_BACK;
    }
    return VK_CULL_MODE_NONE;
}

VkFrontFace FrontFaceVk(gpu::FrontFace face) {
    return face == gpu::FrontFace::Clockwise ? VK_FRONT_FACE_CLOCKWISE
                                             : VK_FRONT_FACE_COUNTER_CLOCKWISE;
}

VkPolygonMode PolygonModeVk(gpu::PolygonMode mode) {
    switch (mode) {
        case gpu::PolygonMode::Point:
            return VK_POLYGON_MODE_POINT;
        case gpu::PolygonMode::Line:
            return VK_POLYGON_MODE_LINE;
        case gpu::PolygonMode::Fill:
            return VK_POLYGON_MODE_FILL;
    }
    return VK_POLYGON_MODE_FILL;
}

std::optional<VkPrimitiveTopology> TopologyVk(gpu::Topology topology) {
    using T = gpu::Topology;
    switch (topology) {
        case T::Points:
            return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
        case T::Lines:
            return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
        case T::LineStrip:
            return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
        case T::Triangles:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
        case T::TriangleStrip:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
        case T::TriangleFan:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN;
        case T::Quads:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
        case T::LinesAdjacency:
            return VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
        case T::LineStripAdjacency:
            return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
        case T::TrianglesAdjacency:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
        case T::TriangleStripAdjacency:
            return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
        case T::Patches:
            return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
        case T::LineLoop:
        case T::QuadStrip:
        case T::Polygon:
            return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// Formats of one component width by numerical type: snorm, unorm, sint, uint, uscaled,
// sscaled, float (VK_FORMAT_UNDEFINED where Vulkan has none).
struct FormatRow {
    gpu::VertexComponents components;
    VkFormat by_type[7];
};
constexpr FormatRow kFormats[] = {
    {gpu::VertexComponents::R32G32B32A32,
     {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32G32B32A32_SINT,
      VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED,
      VK_FORMAT_R32G32B32A32_SFLOAT}},
    {gpu::VertexComponents::R32G32B32,
     {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32_UINT,
      VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32G32B32_SFLOAT}},
    {gpu::VertexComponents::R32G32,
     {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32_UINT,
      VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32G32_SFLOAT}},
    {gpu::VertexComponents::R32,
     {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32_SINT, VK_FORMAT_R32_UINT,
      VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_R32_SFLOAT}},
    {gpu::VertexComponents::R16G16B16A16,
     {VK_FORMAT_R16G16B16A16_SNORM, VK_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_SINT,
      VK_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_USCALED, VK_FORMAT_R16G16B16A16_SSCALED,
      VK_FORMAT_R16G16B16A16_SFLOAT}},
    {gpu::VertexComponents::R16G16B16,
     {VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16_SINT,
      VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16_USCALED, VK_FORMAT_R16G16B16_SSCALED,
      VK_FORMAT_R16G16B16_SFLOAT}},
    {gpu::VertexComponents::R16G16,
     {VK_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16_UINT,
      VK_FORMAT_R16G16_USCALED, VK_FORMAT_R16G16_SSCALED, VK_FORMAT_R16G16_SFLOAT}},
    {gpu::VertexComponents::R16,
     {VK_FORMAT_R16_SNORM, VK_FORMAT_R16_UNORM, VK_FORMAT_R16_SINT, VK_FORMAT_R16_UINT,
      VK_FORMAT_R16_USCALED, VK_FORMAT_R16_SSCALED, VK_FORMAT_R16_SFLOAT}},
    {gpu::VertexComponents::R8G8B8A8,
     {VK_FORMAT_R8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SINT,
      VK_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_USCALED, VK_FORMAT_R8G8B8A8_SSCALED,
      VK_FORMAT_UNDEFINED}},
    {gpu::VertexComponents::R8G8B8,
     {VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8_UINT,
      VK_FORMAT_R8G8B8_USCALED, VK_FORMAT_R8G8B8_SSCALED, VK_FORMAT_UNDEFINED}},
    {gpu::VertexComponents::R8G8,
     {VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8_UINT,
      VK_FORMAT_R8G8_USCALED, VK_FORMAT_R8G8_SSCALED, VK_FORMAT_UNDEFINED}},
    {gpu::VertexComponents::R8,
     {VK_FORMAT_R8_SNORM, VK_FORMAT_R8_UNORM, VK_FORMAT_R8_SINT, VK_FORMAT_R8_UINT,
      VK_FORMAT_R8_USCALED, VK_FORMAT_R8_SSCALED, VK_FORMAT_UNDEFINED}},
    {gpu::VertexComponents::A2B10G10R10,
     {VK_FORMAT_A2B10G10R10_SNORM_PACK32, VK_FORMAT_A2B10G10R10_UNORM_PACK32,
      VK_FORMAT_A2B10G10R10_SINT_PACK32, VK_FORMAT_A2B10G10R10_UINT_PACK32,
      VK_FORMAT_A2B10G10R10_USCALED_PACK32, VK_FORMAT_A2B10G10R10_SSCALED_PACK32,
      VK_FORMAT_UNDEFINED}},
    {gpu::VertexComponents::B10G11R11,
     {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED,
      VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_B10G11R11_UFLOAT_PACK32}},
};

}  // namespace

std::optional<VkFormat> VertexFormatVk(gpu::VertexComponents components, gpu::VertexType type) {
    if (type == gpu::VertexType::Invalid) {
        return std::nullopt;
    }
    // NVIDIA's packed names count from the most significant bits: A8B8G8R8 is R, G, B, A in
    // memory (as its colour-target format is VK_FORMAT_R8G8B8A8), G8R8 is R, G; X8B8G8R8 fetches
    // three of its four bytes; A8 is expanded on the host to (0, 0, 0, a) in four bytes
    // (vulkan_draw.cpp), as Vulkan 1.1 has no alpha-only vertex format.
    switch (components) {
        case gpu::VertexComponents::A8B8G8R8:
        case gpu::VertexComponents::A8:
            components = gpu::VertexComponents::R8G8B8A8;
            break;
        case gpu::VertexComponents::G8R8:
            components = gpu::VertexComponents::R8G8;
            break;
        case gpu::VertexComponents::X8B8G8R8:
            components = gpu::VertexComponents::R8G8B8;
            break;
        default:
            break;
    }
    for (const FormatRow& row : kFormats) {
        if (row.components == components) {
            const VkFormat format = row.by_type[static_cast<u32>(type) - 1];
            if (format == VK_FORMAT_UNDEFINED) {
                return std::nullopt;
            }
            return format;
        }
    }
    return std::nullopt;
}

}  // namespace video
