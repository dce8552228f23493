#pragma once

#include <array>
#include <span>
#include <string_view>

#include "base/types.h"

namespace shader {

// The shader program header (SPH) that precedes a graphics program's code: version 3 (Maxwell
// to Volta, 0x50 bytes) or version 4 (Turing and later, 0x80 bytes). Bit layout from NVIDIA's
// open-gpu-doc (Shader-Program-Header, classes/3d/cla097sph.h, clc797sph.h) and Mesa NAK's
// sph.rs; byte offsets below are from the header's start.

enum class SphType : u8 { Vtg = 1, Pixel = 2 };  // vertex/tessellation/geometry, or pixel
enum class SphShaderType : u8 {
    Vertex = 1,
    TessellationInit = 2,  // tessellation control
    Tessellation = 3,      // tessellation evaluation
    Geometry = 4,
    Pixel = 5,
};
enum class SphOutputTopology : u8 { PointList = 1, LineStrip = 6, TriangleStrip = 7 };
// How a pixel shader input component is interpolated (ImapGenericVector, 2 bits each).
enum class PixelImap : u8 { Unused = 0, Constant = 1, Perspective = 2, ScreenLinear = 3 };

// Bits of system values B (one byte; input 0x17, VTG output 0x35).
inline constexpr u8 kSphPrimitiveId = 1 << 0;
inline constexpr u8 kSphLayer = 1 << 1;  // RtArrayIndex
inline constexpr u8 kSphViewportIndex = 1 << 2;
inline constexpr u8 kSphPointSize = 1 << 3;
inline constexpr u8 kSphPositionX = 1 << 4;  // then Y, Z, W
// Bits of system values C (16 bits; VTG input 0x2a, output 0x48; pixel input 0x3a).
inline constexpr u16 kSphClipDistances = 0xff;  // one bit per clip distance 0-7
inline constexpr u16 kSphPointSpriteS = 1 << 8;
inline constexpr u16 kSphPointSpriteT = 1 << 9;
inline constexpr u16 kSphFogCoordinate = 1 << 10;
inline constexpr u16 kSphTessellationU = 1 << 12;
inline constexpr u16 kSphTessellationV = 1 << 13;
inline constexpr u16 kSphInstanceId = 1 << 14;
inline constexpr u16 kSphVertexId = 1 << 15;

inline constexpr u32 kSphGenericVectors = 32;
inline constexpr u32 kSphFixedFunctionTextures = 10;
inline constexpr u32 kSphRenderTargets = 8;

// The input or output map of a VTG stage: which components of each attribute it reads or
// writes (4-bit masks: x 1, y 2, z 4, w 8).
struct SphVtgMap {
    u32 system_values_a = 0;  // 24 bits: tessellation levels and the like
    u8 system_values_b = 0;
    std::array<u8, kSphGenericVectors> generic{};
    u16 color = 0;  // front and back, diffuse and specular colours (4 bits each)
    u16 system_values_c = 0;
    std::array<u8, kSphFixedFunctionTextures> fixed_function_texture{};
    u8 system_values_d = 0;
    bool operator==(const SphVtgMap&) const = default;
};

// The input map of a pixel stage: how each component is interpolated.
using SphImapVector = std::array<PixelImap, 4>;
struct SphPixelInputMap {
    u32 system_values_a = 0;
    u8 system_values_b = 0;  // position x/y/z/w read by the stage (FragCoord)
    std::array<SphImapVector, kSphGenericVectors> generic{};
    std::array<SphImapVector, 2> color{};
    u16 system_values_c = 0;
    std::array<SphImapVector, kSphFixedFunctionTextures> fixed_function_texture{};
    std::array<PixelImap, 8> system_values_d{};
    bool operator==(const SphPixelInputMap&) const = default;
};

// What a pixel stage writes: a component mask per render target, the sample mask and depth.
struct SphPixelOutputMap {
    std::array<u8, kSphRenderTargets> targets{};
    bool sample_mask = false;
    bool depth = false;
    bool operator==(const SphPixelOutputMap&) const = default;
};

struct Sph {
    SphType type = SphType::Vtg;
    u32 version = 0;  // 3 or 4
    SphShaderType shader_type = SphShaderType::Vertex;
    bool mrt_enable = false;
    bool kills_pixels = false;
    bool does_global_store = false;
    u32 sass_version = 0;
    bool geometry_passthrough = false;
    bool does_load_or_store = false;  // v3; reserved in v4
    bool does_fp64 = false;           // v3; reserved in v4
    u8 stream_out_mask = 0;
    u64 local_memory_bytes = 0;  // low 24 bits in word 1, high 24 bits in word 2
    u32 per_patch_attributes = 0;
    u32 threads_per_input_primitive = 0;
    u32 call_return_stack_bytes = 0;  // v3; reserved in v4
    u32 output_topology = 0;          // a SphOutputTopology in geometry stages, else 0
    u32 max_output_vertices = 0;
    u32 store_request_start = 0;
    u32 store_request_end = 0;
    // VTG stages.
    SphVtgMap vtg_inputs;
    SphVtgMap vtg_outputs;
    // Pixel stages.
    SphPixelInputMap pixel_inputs;
    SphPixelOutputMap pixel_outputs;
    // v4 pixel stages: fragment shader interlock, underestimate conservative rasterisation and
    // the per-vertex (not interpolated) input map, a 4-bit mask per generic vector.
    bool does_interlock = false;
    bool uses_underestimate = false;
    std::array<u8, kSphGenericVectors> per_vertex_inputs{};

    bool IsPixel() const { return type == SphType::Pixel; }
    // The header's size in bytes for its version (0x50 or 0x80).
    u32 Bytes() const { return version >= 4 ? 0x80 : 0x50; }
};

inline constexpr u32 kSphV3Bytes = 0x50;
inline constexpr u32 kSphV4Bytes = 0x80;

// Parses the header at the start of `bytes`: the version picks how many bytes it has. Throws
// base::Error naming `source` when the bytes are too few, the type or version or shader type
// is not one that exists, or the type does not match the shader type (PS iff pixel).
Sph ParseSph(std::span<const u8> bytes, std::string_view source);

}  // namespace shader
