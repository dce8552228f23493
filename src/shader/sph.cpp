#include "shader/sph.h"

#include "base/error.h"

namespace shader {
namespace {

// Reads bit fields of the header by their bit position from its start.
class HeaderBits {
public:
    explicit HeaderBits(std::span<const u8> bytes) : bytes_(bytes) {}

    u32 Get(u32 bit, u32 width) const {
        u32 value = 0;
        for (u32 i = 0; i < width; ++i) {
            const u32 at = bit + i;
            value |= static_cast<u32>(bytes_[at / 8] >> (at % 8) & 1) << i;
        }
        return value;
    }
    bool Flag(u32 bit) const { return Get(bit, 1) != 0; }
    u8 Byte(u32 offset) const { return bytes_[offset]; }

private:
    std::span<const u8> bytes_;
};

// One byte per two vectors, the lower nibble first.
template <std::size_t N>
std::array<u8, N> Masks(const HeaderBits& bits, u32 offset) {
    std::array<u8, N> masks{};
    for (u32 i = 0; i < N; ++i) {
        masks[i] = static_cast<u8>(bits.Get(offset * 8 + i * 4, 4));
    }
    return masks;
}

template <std::size_t N>
std::array<SphImapVector, N> PixelVectors(const HeaderBits& bits, u32 offset) {
    std::array<SphImapVector, N> vectors{};
    for (u32 i = 0; i < N; ++i) {
        for (u32 component = 0; component < 4; ++component) {
            vectors[i][component] =
                static_cast<PixelImap>(bits.Get(offset * 8 + (i * 4 + component) * 2, 2));
        }
    }
    return vectors;
}

// A VTG map at `base`: 0x14 for inputs, 0x32 for outputs.
SphVtgMap VtgMap(const HeaderBits& bits, u32 base) {
    SphVtgMap map;
    map.system_values_a = bits.Get(base * 8, 24);
    map.system_values_b = bits.Byte(base + 3);
    map.generic = Masks<kSphGenericVectors>(bits, base + 4);
    map.color = static_cast<u16>(bits.Get((base + 0x14) * 8, 16));
    map.system_values_c = static_cast<u16>(bits.Get((base + 0x16) * 8, 16));
    map.fixed_function_texture = Masks<kSphFixedFunctionTextures>(bits, base + 0x18);
    map.system_values_d = bits.Byte(base + 0x1d);
    return map;
}

}  // namespace

Sph ParseSph(std::span<const u8> bytes, std::string_view source) {
    if (bytes.size() < kSphV3Bytes) {
        base::Fail("{}: a shader program header needs {:#x} bytes, {} given", source, kSphV3Bytes,
                   bytes.size());
    }
    const HeaderBits bits(bytes);
    Sph sph;
    const u32 type = bits.Get(0, 5);
    sph.version = bits.Get(5, 5);
    const u32 shader_type = bits.Get(10, 4);
    if (type != static_cast<u32>(SphType::Vtg) && type != static_cast<u32>(SphType::Pixel)) {
        base::Fail("{}: shader program header type {} (1 VTG or 2 PS exist)", source, type);
    }
    if (sph.version != 3 && sph.version != 4) {
        base::Fail("{}: shader program header version {} (3 and 4 are known)", source, sph.version);
    }
    if (bytes.size() < sph.Bytes()) {
        base::Fail("{}: a version {} shader program header needs {:#x} bytes, {} given", source,
                   sph.version, sph.Bytes(), bytes.size());
    }
    if (shader_type < static_cast<u32>(SphShaderType::Vertex) ||
        shader_type > static_cast<u32>(SphShaderType::Pixel)) {
        base::Fail("{}: shader type {} in the program header (1 to 5 exist)", source, shader_type);
    }
    sph.type = static_cast<SphType>(type);
    sph.shader_type = static_cast<SphShaderType>(shader_type);
    if (sph.IsPixel() != (sph.shader_type == SphShaderType::Pixel)) {
        base::Fail("{}: a program header of type {} for shader type {}", source,
                   sph.IsPixel() ? "PS" : "VTG", shader_type);
    }
    sph.mrt_enable = bits.Flag(14);
    sph.kills_pixels = bits.Flag(15);
    sph.does_global_store = bits.Flag(16);
    sph.sass_version = bits.Get(17, 4);
    sph.geometry_passthrough = bits.Flag(24);
    sph.does_load_or_store = bits.Flag(26);
    sph.does_fp64 = bits.Flag(27);
    sph.stream_out_mask = static_cast<u8>(bits.Get(28, 4));
    sph.local_memory_bytes = u64{bits.Get(32, 24)} | u64{bits.Get(64, 24)} << 24;
    sph.per_patch_attributes = bits.Get(56, 8);
    sph.threads_per_input_primitive = bits.Get(88, 8);
    sph.call_return_stack_bytes = bits.Get(96, 24);
    sph.output_topology = bits.Get(120, 4);
    sph.max_output_vertices = bits.Get(128, 12);
    sph.store_request_start = bits.Get(140, 8);
    sph.store_request_end = bits.Get(152, 8);
    if (!sph.IsPixel()) {
        sph.vtg_inputs = VtgMap(bits, 0x14);
        sph.vtg_outputs = VtgMap(bits, 0x32);
        return sph;
    }
    SphPixelInputMap& in = sph.pixel_inputs;
    in.system_values_a = bits.Get(0x14 * 8, 24);
    in.system_values_b = bits.Byte(0x17);
    in.generic = PixelVectors<kSphGenericVectors>(bits, 0x18);
    in.color = PixelVectors<2>(bits, 0x38);
    in.system_values_c = static_cast<u16>(bits.Get(0x3a * 8, 16));
    in.fixed_function_texture = PixelVectors<kSphFixedFunctionTextures>(bits, 0x3c);
    for (u32 i = 0; i < in.system_values_d.size(); ++i) {
        in.system_values_d[i] = static_cast<PixelImap>(bits.Get(0x46 * 8 + i * 2, 2));
    }
    sph.pixel_outputs.targets = Masks<kSphRenderTargets>(bits, 0x48);
    sph.pixel_outputs.sample_mask = bits.Flag(0x4c * 8);
    sph.pixel_outputs.depth = bits.Flag(0x4c * 8 + 1);
    if (sph.version >= 4) {
        sph.does_interlock = bits.Flag(0x4c * 8 + 2);
        sph.uses_underestimate = bits.Flag(0x4c * 8 + 3);
        sph.per_vertex_inputs = Masks<kSphGenericVectors>(bits, 0x54);
    }
    return sph;
}

}  // namespace shader
