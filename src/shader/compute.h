#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/environment.h"
#include "shader/program.h"
#include "shader/resource_layout.h"
#include "shader/sass/cubin.h"
#include "shader/target_profile.h"

namespace shader {

// The launch state a kernel is translated for: CUDA's block size becomes the SPIR-V workgroup
// size, so it is part of the translation (and of the cache key).
struct ComputeState {
    std::array<u32, 3> block{1, 1, 1};
    u32 dynamic_shared_bytes = 0;
    // The dimension of each texture parameter (by its offset in constant bank 0) as the launch
    // binds it: what a kernel that only asks a texture's size (TXQ) cannot say itself, as the
    // GPU reads it from the texture's header.
    std::vector<std::pair<u32, ImageDim>> image_dims{};
    bool operator==(const ComputeState&) const = default;
};

// Translates one kernel of a cubin (SASS → IR → passes → SPIR-V). Throws base::Error naming
// the kernel, the instruction's offset and text when something cannot be translated.
ComputeProgram TranslateCompute(const sass::CubinKernel& kernel, const TargetProfile& target,
                                const ComputeState& state);

// Translates a compute program read through its environment (a DKSH program's): global memory
// goes to the storage buffers of ShaderEnvironment::StorageBufferAddresses. Throws base::Error
// as the cubin form does.
ComputeProgram TranslateCompute(const ShaderEnvironment& env);

}  // namespace shader
