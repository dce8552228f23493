#pragma once

// The reductions a semaphore release may apply to the value in memory instead of writing the
// payload: the same numbering in the host class (B06F SEMAPHORED_REDUCTION 30:27, C56F
// SEM_EXECUTE_REDUCTION) and the copy engine (LAUNCH_DMA_SEMAPHORE_REDUCTION 17:14).
// INC and DEC wrap at the payload, as CUDA's atomicInc/atomicDec do.

#include <optional>

#include "base/types.h"

namespace gpu {

enum class Reduction : u32 {
    Min = 0,
    Max = 1,
    Xor = 2,
    And = 3,
    Or = 4,
    Add = 5,
    Inc = 6,
    Dec = 7,
    FloatAdd = 10,  // copy engine only
};

// The new value, or nullopt for a reduction number that has no meaning.
std::optional<u64> Reduce(u32 reduction, bool is_signed, bool is_64bit, u64 memory, u64 payload);

}  // namespace gpu
