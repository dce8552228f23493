#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/environment.h"
#include "shader/resource_layout.h"

namespace shader {

// A translated compute kernel: its SPIR-V (GLCompute) and what it binds. Constant bank 0 is a
// uniform buffer of its own (driver constants, then the kernel's parameters at
// sass::CubinKernel::param_base).
struct ComputeProgram {
    std::vector<u32> spirv;
    std::string entry_point = "main";
    std::array<u32, 3> workgroup_size{1, 1, 1};
    // A uniform buffer holding the bytes of constant bank 0 (driver constants, then the
    // kernel's parameters at CubinKernel::param_base).
    u32 cbank0_binding = 0;
    u32 cbank0_bytes = 0;
    // One storage buffer per pointer parameter the kernel reaches global memory through; a
    // global address is resolved to (buffer, byte offset) by subtracting the parameter's value.
    std::vector<GlobalBufferBinding> global_buffers;
    std::vector<ConstantBankBinding> constant_banks;
    // The module's global memory (sass::CubinModule::global: `__device__` variables, CUDA's
    // tables) as one storage buffer, when the kernel reaches it through the addresses of
    // constant bank 4.
    std::optional<u32> module_global_binding;
    // One image per texture or surface parameter, bound after the constant banks.
    std::vector<ImageBinding> images;
    u32 shared_bytes = 0;  // static plus dynamic
    u32 local_bytes = 0;   // per thread
    bool requires_32_wide_subgroups = false;
};

// A translated vertex or fragment stage: its SPIR-V (entry point "main", Vertex or Fragment
// with OriginUpperLeft) and what it binds and passes on.
struct GraphicsProgram {
    Stage stage = Stage::Vertex;
    std::vector<u32> spirv;
    std::string entry_point = "main";
    ResourceLayout layout;
};

}  // namespace shader
