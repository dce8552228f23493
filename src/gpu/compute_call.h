#pragma once

// A compute launch in neutral values, as the compute class's QMD and registers give it
// (engines/compute_launches.h), for the host GPU to translate and dispatch (host_gpu.h).

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "base/types.h"
#include "gpu/memory_manager.h"
#include "gpu/shader_architecture.h"

namespace gpu {

struct ComputeConstantBuffer {
    u64 address = 0;
    u32 size = 0;  // bytes
};

struct ComputeCall {
    std::shared_ptr<MemoryManager> memory;  // the address space every address is in
    u32 class_number = 0;
    ShaderArchitecture architecture = ShaderArchitecture::Maxwell;
    u64 program_address = 0;  // of the first instruction
    std::vector<u8> code;     // up to and including the bundle or word of its end (a self-branch)
    std::array<u32, 3> grid{1, 1, 1};   // blocks (CTA_RASTER_WIDTH/HEIGHT/DEPTH)
    std::array<u32, 3> block{1, 1, 1};  // threads a block (CTA_THREAD_DIMENSION0..2)
    u32 shared_bytes = 0;
    u32 local_bytes = 0;  // per thread
    u32 barriers = 0;
    std::array<std::optional<ComputeConstantBuffer>, 8> constant_buffers;  // the valid ones
};

}  // namespace gpu
