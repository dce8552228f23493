#pragma once

// A device's use of process memory (the GPU's, through nvmap): while it lasts the pages have
// the DeviceShared attribute and a device count (MemoryMap::UseByDevice). It may end on any
// thread (the GPU's drops its last mappings there), while the memory map is only changed under
// the scheduler's lock: an ended use is queued here, and the map applies it at its next call.

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "base/types.h"

namespace kernel {

class EndedDeviceUses {
public:
    void Add(u64 address, u64 size) {
        std::lock_guard lock(mutex_);
        ranges_.emplace_back(address, size);
    }
    std::vector<std::pair<u64, u64>> Take() {
        std::lock_guard lock(mutex_);
        return std::exchange(ranges_, {});
    }

private:
    std::mutex mutex_;
    std::vector<std::pair<u64, u64>> ranges_;
};

class DeviceUse {
public:
    // A use no memory map records (environments of host-only tests).
    DeviceUse() = default;
    DeviceUse(std::weak_ptr<EndedDeviceUses> ended, u64 address, u64 size)
        : ended_(std::move(ended)), address_(address), size_(size) {}
    ~DeviceUse() {
        if (const auto ended = ended_.lock()) {
            ended->Add(address_, size_);
        }
    }
    DeviceUse(const DeviceUse&) = delete;
    DeviceUse& operator=(const DeviceUse&) = delete;

private:
    std::weak_ptr<EndedDeviceUses> ended_;
    u64 address_ = 0;
    u64 size_ = 0;
};

}  // namespace kernel
