// What the tensor-core instructions need of the emitter beyond the warp operations: LDSM's
// lanes read rows that other lanes of the warp stored to shared memory just before (CUDA's
// __syncwarp may compile to nothing there), so the warp synchronizes first.
#include "shader/spirv/emitter.h"

namespace shader::spirv {

// With subgroups as warps, a subgroup-scope control barrier; otherwise the warp's threads are
// spread over several subgroups and the whole workgroup waits (the warp operations through
// shared memory already ask every thread of the block to reach them).
void Emitter::WarpSync() {
    if (!subgroup_warps_) {
        WorkgroupBarrier();
        return;
    }
    m_.Code(
        spv::Op::OpControlBarrier,
        {Uint(static_cast<u32>(spv::Scope::Subgroup)), Uint(static_cast<u32>(spv::Scope::Subgroup)),
         Uint(static_cast<u32>(spv::MemorySemanticsMask::AcquireRelease |
                               spv::MemorySemanticsMask::WorkgroupMemory))});
}

}  // namespace shader::spirv
