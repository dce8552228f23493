// Apart from the rest of the cache so that code which only loads and stores (the cache's own
// tests) links without the translator.
#include "shader/cache/shader_cache.h"

namespace shader {

ComputeProgram ShaderCache::GetOrTranslate(const sass::CubinKernel& kernel,
                                           const TargetProfile& target, const ComputeState& state) {
    const ShaderCacheKey key = MakeShaderCacheKey(kernel, target, state);
    if (std::optional<ComputeProgram> cached = Load(key)) {
        return std::move(*cached);
    }
    ComputeProgram program = TranslateCompute(kernel, target, state);
    Store(key, program);
    return program;
}

}  // namespace shader
