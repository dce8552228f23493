#include <memory>
#include <span>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>
#include <xxhash.h>

#include "shader/cache/shader_cache.h"

namespace shader {
namespace {

// Feeds values to XXH3-128 as fixed-width little-endian bytes, whatever the host's layout.
class KeyHasher {
public:
    KeyHasher() : state_(XXH3_createState()) {
        if (state_ == nullptr) {
            throw std::bad_alloc();
        }
        XXH3_128bits_reset(state_.get());
    }

    template <typename T>
    requires std::is_integral_v<T>
    void Add(T value) {
        u8 bytes[sizeof(T)];
        for (std::size_t i = 0; i < sizeof(T); ++i) {
            bytes[i] = static_cast<u8>(static_cast<u64>(value) >> (8 * i));
        }
        XXH3_128bits_update(state_.get(), bytes, sizeof(T));
    }

    // Lengths go first, so that moving a byte from one field to the next changes the key.
    void AddBytes(std::span<const u8> bytes) {
        Add<u64>(bytes.size());
        XXH3_128bits_update(state_.get(), bytes.data(), bytes.size());
    }
    void AddString(std::string_view text) {
        AddBytes({reinterpret_cast<const u8*>(text.data()), text.size()});
    }

    ShaderCacheKey Finish() const {
        const XXH128_hash_t hash = XXH3_128bits_digest(state_.get());
        return {.low = hash.low64, .high = hash.high64};
    }

private:
    struct FreeState {
        void operator()(XXH3_state_t* state) const { XXH3_freeState(state); }
    };
    std::unique_ptr<XXH3_state_t, FreeState> state_;
};

// Each function below binds every member of its struct by name: a field added to the struct
// stops it from compiling until the field is hashed here too (or named as not hashed).

void AddRelocations(KeyHasher& hasher, const std::vector<sass::Relocation>& relocations) {
    hasher.Add<u64>(relocations.size());
    for (const sass::Relocation& relocation : relocations) {
        const auto& [offset, type, symbol, addend, global_offset] = relocation;
        hasher.Add(offset);
        hasher.Add(type);
        hasher.AddString(symbol);
        hasher.Add(addend);
        hasher.Add<u8>(global_offset ? 1 : 0);
        hasher.Add(global_offset.value_or(0));
    }
}

void AddMemory(KeyHasher& hasher, const sass::ModuleMemory& memory) {
    const auto& [bytes, symbols] = memory;
    hasher.AddBytes(bytes);
    hasher.Add<u64>(symbols.size());
    for (const sass::ModuleSymbol& symbol : symbols) {
        const auto& [name, offset, size] = symbol;
        hasher.AddString(name);
        hasher.Add(offset);
        hasher.Add(size);
    }
}

void AddModule(KeyHasher& hasher, const sass::CubinModule& module) {
    const auto& [constant3, global, constant4, constant4_relocations] = module;
    AddMemory(hasher, constant3);
    AddMemory(hasher, global);
    hasher.AddBytes(constant4);
    AddRelocations(hasher, constant4_relocations);
}

void AddKernel(KeyHasher& hasher, const sass::CubinKernel& kernel) {
    const auto& [name_not_hashed, code, registers, shared_bytes, constant0_bytes, stack_bytes,
                 constant2, param_base, param_bytes, parameters, exit_offsets, attributes,
                 functions, code_relocations, module] = kernel;
    hasher.AddBytes(code);
    hasher.Add(registers);
    hasher.Add(shared_bytes);
    hasher.Add(constant0_bytes);
    hasher.Add(stack_bytes);
    hasher.AddBytes(constant2);  // translated into immediates
    hasher.Add(param_base);
    hasher.Add(param_bytes);
    hasher.Add<u64>(parameters.size());
    for (const sass::KernelParameter& parameter : parameters) {
        const auto& [ordinal, offset, size] = parameter;
        hasher.Add(ordinal);
        hasher.Add(offset);
        hasher.Add(size);
    }
    hasher.Add<u64>(exit_offsets.size());
    for (const u32 offset : exit_offsets) {
        hasher.Add(offset);
    }
    hasher.Add<u64>(attributes.size());
    for (const sass::NvInfoAttribute& attribute : attributes) {
        const auto& [format, id, value, payload] = attribute;
        hasher.Add(format);
        hasher.Add(id);
        hasher.Add(value);
        hasher.AddBytes(payload);
    }
    hasher.Add<u64>(functions.size());
    for (const auto& [offset, function_name] : functions) {
        hasher.Add(offset);
        hasher.AddString(function_name);
    }
    AddRelocations(hasher, code_relocations);
    AddModule(hasher, module);
}

void AddTarget(KeyHasher& hasher, const TargetProfile& target) {
    const auto& [subgroup_size, full_32_wide_subgroups, float64, int64, int16, int8, float16,
                 storage_8bit, storage_16bit, int64_atomics, float32_atomic_add,
                 float32_atomic_add_shared, float64_atomic_add, float32_atomic_min_max,
                 subgroup_ballot, subgroup_shuffle, subgroup_vote, subgroup_arithmetic,
                 fragment_quad_operations, shader_clock, denorm_preserve_f32, denorm_preserve_f64,
                 signed_zero_inf_nan_preserve_f32, signed_zero_inf_nan_preserve_f64, fused_fma_f32,
                 vertex_viewport_index] = target;
    hasher.Add(subgroup_size);
    for (const bool flag :
         {full_32_wide_subgroups, float64, int64, int16, int8, float16, storage_8bit, storage_16bit,
          int64_atomics, float32_atomic_add, float32_atomic_add_shared, float64_atomic_add,
          float32_atomic_min_max, subgroup_ballot, subgroup_shuffle, subgroup_vote,
          subgroup_arithmetic, fragment_quad_operations, shader_clock}) {
        hasher.Add<u8>(flag ? 1 : 0);
    }
    for (const bool flag :
         {denorm_preserve_f32, denorm_preserve_f64, signed_zero_inf_nan_preserve_f32,
          signed_zero_inf_nan_preserve_f64, fused_fma_f32, vertex_viewport_index}) {
        hasher.Add<u8>(flag ? 1 : 0);
    }
}

void AddState(KeyHasher& hasher, const ComputeState& state) {
    const auto& [block, dynamic_shared_bytes, image_dims] = state;
    for (const u32 size : block) {
        hasher.Add(size);
    }
    hasher.Add(dynamic_shared_bytes);
    hasher.Add<u64>(image_dims.size());
    for (const auto& [offset, dim] : image_dims) {
        hasher.Add(offset);
        hasher.Add(static_cast<u8>(dim));
    }
}

}  // namespace

std::string ShaderCacheKey::Hex() const {
    return fmt::format("{:016x}{:016x}", high, low);
}

ShaderCacheKey MakeShaderCacheKey(const sass::CubinKernel& kernel, const TargetProfile& target,
                                  const ComputeState& state, u32 translator_version) {
    KeyHasher hasher;
    hasher.Add(translator_version);
    AddKernel(hasher, kernel);
    AddTarget(hasher, target);
    AddState(hasher, state);
    return hasher.Finish();
}

ShaderCacheKey MakeGraphicsCacheKey(const GraphicsCacheSource& source,
                                    const TargetProfile& target) {
    const auto& [environment, stage, header, code, fixed_constants, attribute_types, build] =
        source;
    KeyHasher hasher;
    hasher.AddString("graphics");
    hasher.Add(kTranslatorVersion);
    hasher.AddString(environment);
    hasher.Add(static_cast<u8>(stage));
    hasher.AddBytes(header);
    hasher.AddBytes(code);
    hasher.Add<u64>(fixed_constants.size());
    for (const u32 word : fixed_constants) {
        hasher.Add(word);
    }
    hasher.Add<u64>(attribute_types.size());
    for (const AttributeType type : attribute_types) {
        hasher.Add(static_cast<u8>(type));
    }
    hasher.AddString(build);
    AddTarget(hasher, target);
    return hasher.Finish();
}

}  // namespace shader
