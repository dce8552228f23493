#include "gpu/host_gpu.h"

#include <atomic>

#include "base/log.h"

namespace gpu {

bool HostGpu::Dispatch(const ComputeCall& call) {
    static std::atomic<bool> named = false;
    if (!named.exchange(true)) {
        LOG_WARNING("gpu",
                    "host GPU {}: a compute launch ({:#x}) is not made: this host GPU runs no "
                    "compute programs; named once",
                    Name(), call.class_number);
    }
    return false;
}

}  // namespace gpu
