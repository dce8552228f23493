#include "gpu/gpu_timer.h"

#include <chrono>

namespace gpu {

u64 GpuTimerNanoseconds() {
    static const auto start = std::chrono::steady_clock::now();
    return static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now() - start)
                                .count());
}

}  // namespace gpu
