#pragma once

// The GPU's timer (PTIMER), which counts nanoseconds: what 16-byte semaphore releases write as
// their timestamp.

#include "base/types.h"

namespace gpu {

u64 GpuTimerNanoseconds();

}  // namespace gpu
