#include "services/bsd/socket_table.h"

#include <unistd.h>

#include <algorithm>
#include <utility>

namespace services::bsd {

HostDescriptor::~HostDescriptor() {
    close(fd_);
}

int SocketTable::Insert(std::shared_ptr<HostDescriptor> descriptor) {
    std::lock_guard lock(mutex_);
    for (int fd = 0; fd < kCapacity; ++fd) {
        if (!slots_[fd]) {
            slots_[fd] = std::move(descriptor);
            return fd;
        }
    }
    return -1;
}

std::shared_ptr<HostDescriptor> SocketTable::Find(s32 guest_fd) const {
    if (guest_fd < 0 || guest_fd >= kCapacity) {
        return nullptr;
    }
    std::lock_guard lock(mutex_);
    return slots_[guest_fd];
}

std::shared_ptr<HostDescriptor> SocketTable::Remove(s32 guest_fd) {
    if (guest_fd < 0 || guest_fd >= kCapacity) {
        return nullptr;
    }
    std::lock_guard lock(mutex_);
    return std::exchange(slots_[guest_fd], nullptr);
}

bool SocketTable::Holds(s32 guest_fd, const HostDescriptor* descriptor) const {
    if (guest_fd < 0 || guest_fd >= kCapacity) {
        return false;
    }
    std::lock_guard lock(mutex_);
    return slots_[guest_fd].get() == descriptor;
}

bool SocketTable::HasRoom() const {
    std::lock_guard lock(mutex_);
    return std::any_of(slots_.begin(), slots_.end(), [](const auto& slot) { return !slot; });
}

std::vector<std::shared_ptr<HostDescriptor>> SocketTable::All() const {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<HostDescriptor>> all;
    for (const auto& slot : slots_) {
        if (slot && std::find(all.begin(), all.end(), slot) == all.end()) {
            all.push_back(slot);
        }
    }
    return all;
}

}  // namespace services::bsd
