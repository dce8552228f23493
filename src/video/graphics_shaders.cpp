#include "video/graphics_shaders.h"

#include <fmt/format.h>
#include <xxhash.h>

#include "base/error.h"
#include "base/log.h"
#include "shader/deko_environment.h"
#include "shader/engine_environment.h"
#include "shader/graphics.h"
#include "video/spirv_module.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

constexpr u32 kOpDecorate = 71;
constexpr u32 kDecorationDescriptorSet = 34;

std::optional<shader::Stage> StageOf(gpu::ShaderStageKind kind) {
    switch (kind) {
        case gpu::ShaderStageKind::VertexB:
            return shader::Stage::Vertex;
        case gpu::ShaderStageKind::Fragment:
            return shader::Stage::Fragment;
        default:
            return std::nullopt;
    }
}

const char* KindName(gpu::ShaderStageKind kind) {
    static constexpr const char* kNames[] = {"vertex A",  "vertex",   "tess control",
                                             "tess eval", "geometry", "fragment"};
    return kNames[static_cast<u32>(kind)];
}

}  // namespace

shader::AttributeType AttributeTypeOf(gpu::VertexType type) {
    switch (type) {
        case gpu::VertexType::Sint:
            return shader::AttributeType::Sint;
        case gpu::VertexType::Uint:
            return shader::AttributeType::Uint;
        default:
            return shader::AttributeType::Float;
    }
}

void MoveToDescriptorSet(std::vector<u32>& spirv, u32 set) {
    // After the 5-word header, each instruction starts with (word count << 16 | opcode).
    for (std::size_t at = 5; at < spirv.size();) {
        const u32 count = spirv[at] >> 16;
        if ((spirv[at] & 0xFFFF) == kOpDecorate && count == 4 &&
            spirv[at + 2] == kDecorationDescriptorSet) {
            spirv[at + 3] = set;
        }
        at += count == 0 ? 1 : count;
    }
}

GraphicsShaders::GraphicsShaders(VkDevice device, const shader::TargetProfile& target,
                                 u32 api_version, std::shared_ptr<shader::ShaderCache> cache)
    : device_(device), target_(target), api_version_(api_version), cache_(std::move(cache)) {}

GraphicsShaders::~GraphicsShaders() {
    if (cache_) {
        LOG_INFO("video", "graphics programs: {} translated, {} loaded from the shader cache in {}",
                 translations_, loaded_, cache_->Folder().string());
    }
    for (const auto& [hash, translated] : shaders_) {
        if (translated->module != VK_NULL_HANDLE) {
            vkDestroyShaderModule(device_, translated->module, nullptr);
        }
    }
}

const GraphicsShader& GraphicsShaders::Get(
    const gpu::ShaderProgram& program, std::span<const u32> bank1, u32 set,
    const std::array<gpu::VertexAttribute, gpu::kVertexAttributes>& attributes) {
    std::array<shader::AttributeType, shader::kGenericAttributeCount> types{};
    if (program.kind == gpu::ShaderStageKind::VertexB) {
        for (u32 i = 0; i < types.size() && i < attributes.size(); ++i) {
            types[i] = attributes[i].constant ? shader::AttributeType::Float
                                              : AttributeTypeOf(attributes[i].type);
        }
    }
    XXH3_state_t* state = XXH3_createState();
    XXH3_64bits_reset(state);
    const u32 prefix[3] = {static_cast<u32>(program.kind), static_cast<u32>(program.architecture),
                           set};
    XXH3_64bits_update(state, prefix, sizeof(prefix));
    XXH3_64bits_update(state, program.header.data(), program.header.size());
    XXH3_64bits_update(state, program.code.data(), program.code.size());
    XXH3_64bits_update(state, bank1.data(), bank1.size_bytes());
    XXH3_64bits_update(state, types.data(), sizeof(types));
    const u64 hash = XXH3_64bits_digest(state);
    XXH3_freeState(state);
    auto& slot = shaders_[hash];
    if (slot) {
        return *slot;
    }
    slot = std::make_unique<GraphicsShader>();
    GraphicsShader& translated = *slot;
    translated.kind = program.kind;
    translated.hash = hash;
    const auto stage = StageOf(program.kind);
    if (!stage) {
        translated.error =
            fmt::format("{} programs are not translated yet", KindName(program.kind));
        return translated;
    }
    try {
        const bool ampere = program.architecture == gpu::ShaderArchitecture::Ampere;
        std::optional<shader::ShaderCacheKey> key;
        if (cache_) {
            key = shader::MakeGraphicsCacheKey(
                {.environment = ampere ? "engine" : "deko3d",
                 .stage = *stage,
                 .header = program.header,
                 .code = program.code,
                 .fixed_constants = ampere ? std::span<const u32>{} : bank1,
                 .attribute_types = types,
                 .build = cache_->Build()},
                target_);
        }
        if (std::optional<shader::GraphicsProgram> cached =
                key ? cache_->LoadGraphics(*key) : std::nullopt) {
            translated.program = std::move(*cached);
            ++loaded_;
        } else {
            translated.program = Translate(program, *stage, bank1, types);
            ++translations_;
            ValidateSpirv(translated.program.spirv, api_version_);
            if (key) {
                cache_->Store(*key, translated.program);
            }
        }
        MoveToDescriptorSet(translated.program.spirv, set);
        auto info =
            VulkanStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
        info.codeSize = translated.program.spirv.size() * sizeof(u32);
        info.pCode = translated.program.spirv.data();
        CheckVulkan(vkCreateShaderModule(device_, &info, nullptr, &translated.module),
                    "vkCreateShaderModule");
    } catch (const std::exception& error) {
        translated.error = error.what();
    }
    return translated;
}

shader::GraphicsProgram GraphicsShaders::Translate(
    const gpu::ShaderProgram& program, shader::Stage stage, std::span<const u32> bank1,
    const std::array<shader::AttributeType, shader::kGenericAttributeCount>& types) {
    const std::string name =
        fmt::format("{} program at {:#x}", KindName(program.kind), program.address);
    if (program.architecture == gpu::ShaderArchitecture::Ampere) {
        const shader::EngineEnvironment environment({.name = name,
                                                     .stage = stage,
                                                     .header = program.header,
                                                     .code = program.code,
                                                     .attribute_types = types},
                                                    target_);
        return shader::TranslateGraphics(environment);
    }
    shader::DekoProgram deko;
    deko.name = name;
    deko.stage = stage;
    deko.header = program.header;
    deko.code = program.code;
    deko.constants.assign(bank1.begin(), bank1.end());
    deko.attribute_types = types;
    const shader::DekoEnvironment environment(std::move(deko), target_);
    return shader::TranslateGraphics(environment);
}

}  // namespace video
