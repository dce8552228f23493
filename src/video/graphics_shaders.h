#pragma once

// The 3D class's programs as Vulkan shader modules: a gpu::ShaderProgram (header and code from
// GPU memory) is translated once (shader::TranslateGraphics), validated, its resources moved to
// a descriptor set of its own (`set`), and kept by a hash of all that. A Maxwell program
// (MAXWELL_B) comes with the words of its constant bank 1 (deko3d's compiler constants, which
// deko3d binds there and the translation fixes: shader/deko_environment.h); a Volta-and-later
// one (AMPERE_B) is translated by the Ampere frontend with no bank fixed
// (shader/engine_environment.h), and `bank1` is not read. A program that does not translate is kept
// with its error, so it is named once and not translated again. With a shader cache, a
// translation is looked up on disk first (shader::MakeGraphicsCacheKey) and stored there after.

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "gpu/draw_call.h"
#include "shader/cache/shader_cache.h"
#include "shader/program.h"
#include "shader/target_profile.h"

namespace video {

struct GraphicsShader {
    gpu::ShaderStageKind kind = gpu::ShaderStageKind::VertexB;
    shader::GraphicsProgram program;
    VkShaderModule module = VK_NULL_HANDLE;
    u64 hash = 0;
    std::string error;  // non-empty: not translated (module is null)
};

// The numbers a vertex stage reads from an attribute of this type: integers for SINT and UINT.
shader::AttributeType AttributeTypeOf(gpu::VertexType type);

// Sets the DescriptorSet decoration of every resource of `spirv` to `set`.
void MoveToDescriptorSet(std::vector<u32>& spirv, u32 set);

class GraphicsShaders {
public:
    // `cache` (may be null): translations kept on disk for the next start.
    GraphicsShaders(VkDevice device, const shader::TargetProfile& target, u32 api_version,
                    std::shared_ptr<shader::ShaderCache> cache);
    ~GraphicsShaders();
    GraphicsShaders(const GraphicsShaders&) = delete;
    GraphicsShaders& operator=(const GraphicsShaders&) = delete;

    // The translation (translated at the first use); check `error`. A vertex program's inputs
    // take the numbers of `attributes`, the draw's vertex attribute formats (integer ones are
    // ivec4 / uvec4 inputs); the other stages do not read them.
    const GraphicsShader& Get(
        const gpu::ShaderProgram& program, std::span<const u32> bank1, u32 set,
        const std::array<gpu::VertexAttribute, gpu::kVertexAttributes>& attributes);
    u64 Translations() const { return translations_; }
    u64 LoadedFromCache() const { return loaded_; }

private:
    shader::GraphicsProgram Translate(
        const gpu::ShaderProgram& program, shader::Stage stage, std::span<const u32> bank1,
        const std::array<shader::AttributeType, shader::kGenericAttributeCount>& types);

    VkDevice device_;
    shader::TargetProfile target_;
    u32 api_version_;
    std::map<u64, std::unique_ptr<GraphicsShader>> shaders_;
    std::shared_ptr<shader::ShaderCache> cache_;
    u64 translations_ = 0;
    u64 loaded_ = 0;
};

}  // namespace video
