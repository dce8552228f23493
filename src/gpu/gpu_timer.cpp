#include "gpu/gpu_timer.h"

#include <chrono>
#include <mutex>

namespace gpu {
namespace {

std::mutex source_mutex;
std::function<u64()> source;

}  // namespace

u64 GpuTimerNanoseconds() {
    {
        std::lock_guard lock(source_mutex);
        if (source) {
            return source();
        }
    }
    static const auto start = std::chrono::steady_clock::now();
    return static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now() - start)
                                .count());
}

void SetGpuTimerSource(std::function<u64()> nanoseconds) {
    std::lock_guard lock(source_mutex);
    source = std::move(nanoseconds);
}

}  // namespace gpu
