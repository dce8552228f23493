#pragma once

// A 3D draw as the host GPU receives it: the 3D class's state decoded into neutral values
// (engines/draw_state.h reads it from the registers), the shader programs as the class points
// at them, and the draw's vertices and instances. Addresses are GPU addresses of `memory`; the
// host reads vertex, index and constant data from there when it records the draw.

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "base/types.h"
#include "gpu/memory_manager.h"
#include "gpu/shader_architecture.h"
#include "gpu/surface.h"
#include "gpu/texture_bindings.h"

namespace gpu {

// PIPELINE_SHADER's TYPE (clb197.h): the pipeline slots 0-5.
enum class ShaderStageKind : u8 { VertexA, VertexB, TessControl, TessEval, Geometry, Fragment };
inline constexpr u32 kShaderStageSlots = 6;
// The constant-buffer bind groups (BIND_GROUP_CONSTANT_BUFFER(j): vertex, tess control, tess
// eval, geometry, pixel) and their slots.
inline constexpr u32 kBindGroups = 5;
inline constexpr u32 kConstantBufferSlots = 18;
inline constexpr u32 kLargestConstantBuffer = 0x10000;  // bytes (SELECTOR_A's SIZE is 17 bits)

// A program as the 3D class points at it: its header (SPH v3, 0x50 bytes, for Maxwell; SPH v4,
// 0x80 bytes, for Volta and later) and its code up to and including the self-branch that ends
// it (Maxwell: that branch's bundle).
struct ShaderProgram {
    ShaderStageKind kind = ShaderStageKind::VertexB;
    ShaderArchitecture architecture = ShaderArchitecture::Maxwell;
    u64 address = 0;  // of the header
    std::vector<u8> header;
    std::vector<u8> code;
};

struct ConstantBufferBinding {
    u64 address = 0;
    u32 size = 0;  // bytes
};

// BEGIN's topology (NVB197_BEGIN_OP).
enum class Topology : u8 {
    Points,
    Lines,
    LineLoop,
    LineStrip,
    Triangles,
    TriangleStrip,
    TriangleFan,
    Quads,
    QuadStrip,
    Polygon,
    LinesAdjacency,
    LineStripAdjacency,
    TrianglesAdjacency,
    TriangleStripAdjacency,
    Patches,
};

// SET_VERTEX_ATTRIBUTE_A's COMPONENT_BIT_WIDTHS and NUMERICAL_TYPE.
enum class VertexComponents : u8 {
    Invalid,
    R32G32B32A32,
    R32G32B32,
    R16G16B16A16,
    R32G32,
    R16G16B16,
    R8G8B8A8,
    R16G16,
    R32,
    R8G8B8,
    R8G8,
    R16,
    R8,
    A2B10G10R10,
    B10G11R11,
    A8B8G8R8,  // packed names: in memory the same bytes as R8G8B8A8 ...
    G8R8,      // ... and R8G8
    X8B8G8R8,  // R8G8B8 in 4 bytes, the fourth ignored (w reads 1)
    A8,        // one byte, the attribute's w: (0, 0, 0, a)
};
enum class VertexType : u8 { Invalid, Snorm, Unorm, Sint, Uint, Uscaled, Sscaled, Float };

struct VertexAttribute {
    u32 stream = 0;
    bool constant = false;  // SOURCE INACTIVE: no stream, the value (0, 0, 0, 0)
    u32 offset = 0;         // bytes into a vertex
    VertexComponents components = VertexComponents::Invalid;
    VertexType type = VertexType::Invalid;
    bool swap_r_and_b = false;
    bool operator==(const VertexAttribute&) const = default;
};
inline constexpr u32 kVertexAttributes = 32;
inline constexpr u32 kVertexStreams = 32;

struct VertexStream {
    bool enabled = false;
    u64 address = 0;
    u64 size = 0;  // bytes from `address` (the limit is the last byte's address)
    u32 stride = 0;
    bool per_instance = false;
    u32 divisor = 1;  // instances a per-instance element lasts (FREQUENCY)
};

enum class IndexSize : u8 { U8, U16, U32 };
struct IndexBuffer {
    u64 address = 0;
    u64 size = 0;  // bytes from `address`
    IndexSize index_size = IndexSize::U8;
};

// Which clip-space component (and sign) a viewport takes for each of x, y, z, w
// (SET_VIEWPORT_COORDINATE_SWIZZLE, clb197.h: POS_X 0 ... NEG_W 7).
enum class ViewportSwizzle : u8 {
    PositiveX,
    NegativeX,
    PositiveY,
    NegativeY,
    PositiveZ,
    NegativeZ,
    PositiveW,
    NegativeW
};
struct Viewport {
    std::array<float, 3> scale{1, 1, 1};
    std::array<float, 3> offset{0, 0, 0};
    float min_depth = 0;
    float max_depth = 1;
    std::array<ViewportSwizzle, 4> swizzle{ViewportSwizzle::PositiveX, ViewportSwizzle::PositiveY,
                                           ViewportSwizzle::PositiveZ, ViewportSwizzle::PositiveW};
};

struct Scissor {
    bool enabled = false;
    Rect area;  // [x0, x1) x [y0, y1)
};

enum class BlendOp : u8 { Add, Subtract, ReverseSubtract, Min, Max };
enum class BlendFactor : u8 {
    Zero,
    One,
    SourceColor,
    OneMinusSourceColor,
    SourceAlpha,
    OneMinusSourceAlpha,
    DestinationAlpha,
    OneMinusDestinationAlpha,
    DestinationColor,
    OneMinusDestinationColor,
    SourceAlphaSaturate,
    ConstantColor,
    OneMinusConstantColor,
    ConstantAlpha,
    OneMinusConstantAlpha,
    Source1Color,
    OneMinusSource1Color,
    Source1Alpha,
    OneMinusSource1Alpha,
};
struct Blend {
    bool enabled = false;
    BlendOp color_op = BlendOp::Add;
    BlendFactor color_source = BlendFactor::One;
    BlendFactor color_destination = BlendFactor::Zero;
    BlendOp alpha_op = BlendOp::Add;
    BlendFactor alpha_source = BlendFactor::One;
    BlendFactor alpha_destination = BlendFactor::Zero;
    bool operator==(const Blend&) const = default;
};

enum class CompareOp : u8 {
    Never,
    Less,
    Equal,
    LessOrEqual,
    Greater,
    NotEqual,
    GreaterOrEqual,
    Always
};
enum class StencilOp : u8 {
    Keep,
    Zero,
    Replace,
    IncrementClamp,
    DecrementClamp,
    Invert,
    IncrementWrap,
    DecrementWrap
};
struct StencilFace {
    StencilOp fail = StencilOp::Keep;
    StencilOp depth_fail = StencilOp::Keep;
    StencilOp pass = StencilOp::Keep;
    CompareOp compare = CompareOp::Always;
    u32 reference = 0;
    u32 compare_mask = 0xFF;
    u32 write_mask = 0xFF;
    bool operator==(const StencilFace&) const = default;
};
struct DepthStencil {
    bool depth_test = false;
    bool depth_write = false;
    CompareOp depth_compare = CompareOp::Always;
    bool stencil_test = false;
    StencilFace front;
    StencilFace back;
};

enum class CullFace : u8 { Front, Back, FrontAndBack };
enum class FrontFace : u8 { Clockwise, CounterClockwise };
enum class PolygonMode : u8 { Point, Line, Fill };
struct Rasterizer {
    bool cull = false;
    CullFace cull_face = CullFace::Back;
    FrontFace front_face = FrontFace::CounterClockwise;
    PolygonMode polygon_mode = PolygonMode::Fill;
    // SET_WINDOW_ORIGIN LOWER_LEFT: window y counts up from the bottom of the target.
    bool origin_lower_left = false;
};

inline constexpr u32 kRenderTargets = 8;
inline constexpr u32 kViewports = 16;

struct DrawState {
    // By fragment output (SET_CT_SELECT's slot order); nothing where a slot has no target.
    std::vector<std::optional<Surface>> color_targets;
    std::optional<Surface> zeta_target;
    std::array<u32, kRenderTargets> color_masks{};  // per slot: bit 0 R, 1 G, 2 B, 3 A
    std::array<Blend, kRenderTargets> blends{};     // per slot
    std::array<float, 4> blend_constant{};
    std::array<Viewport, kViewports> viewports{};
    std::array<Scissor, kViewports> scissors{};
    // SET_VIEWPORT_Z_CLIP RANGE: NEGATIVE_W_TO_POSITIVE_W (0, OpenGL's z_ndc -1..1, the
    // viewport's z_w = scale z + offset over it) or ZERO_TO_POSITIVE_W (1, 0..1; deko3d's).
    bool depth_minus_one_to_one = false;
    // SET_ZPASS_PIXEL_COUNT: the samples passing the depth and stencil tests are counted (the
    // ZPASS_PIXEL_CNT report, HostGpu::SamplesPassed).
    bool count_samples_passed = false;
    // SET_ANTI_ALIAS SAMPLES (3:0): the targets' multisample mode (sample_layout.h; 0 is one
    // sample a pixel).
    u32 anti_alias_mode = 0;
    std::array<VertexAttribute, kVertexAttributes> attributes{};
    std::array<VertexStream, kVertexStreams> streams{};
    DepthStencil depth_stencil;
    Rasterizer rasterizer;
    // Per bind group (vertex, tess control, tess eval, geometry, pixel), per slot.
    std::array<std::array<std::optional<ConstantBufferBinding>, kConstantBufferSlots>, kBindGroups>
        constant_buffers{};
    TexturePools texture_pools;
    // The constant bank of Maxwell's bindless texture handles (BINDLESS_TEXTURE; 0 from
    // AMPERE_A on, whose class has no such method).
    u32 texture_bank = 0;
};

struct DrawCall {
    std::shared_ptr<MemoryManager> memory;
    DrawState state;
    std::vector<ShaderProgram> programs;  // the enabled stages, in pipeline order
    Topology topology = Topology::Triangles;
    u32 first = 0;  // the first vertex, or the first index
    u32 count = 0;  // vertices or indices
    u32 instance_count = 1;
    u32 base_vertex = 0;  // added to each index (SET_GLOBAL_BASE_VERTEX_INDEX)
    u32 base_instance = 0;
    std::optional<IndexBuffer> index_buffer;  // an indexed draw's
    // An indexed draw's indices carried in the pushbuffer (DRAW_INLINE_INDEX*), instead of an
    // index buffer: `first` is 0 and `count` their number.
    std::optional<std::vector<u32>> inline_indices;

    bool Indexed() const { return index_buffer || inline_indices; }
};

}  // namespace gpu
