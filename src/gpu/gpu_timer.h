#pragma once

// The GPU's timer (PTIMER), which counts nanoseconds: what 16-byte semaphore releases and
// counter reports write as their timestamp. A run sets it to the guest clock (its 19.2 MHz
// ticks as nanoseconds), so that timestamps agree with svcGetSystemTick; unset, it counts the
// host's steady clock from the first reading.

#include <functional>

#include "base/types.h"

namespace gpu {

u64 GpuTimerNanoseconds();

// The source of GpuTimerNanoseconds (called from the GPU thread); empty: the host's clock.
void SetGpuTimerSource(std::function<u64()> nanoseconds);

}  // namespace gpu
