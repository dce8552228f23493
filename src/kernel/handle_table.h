#pragma once

#include <memory>
#include <vector>

#include "base/result.h"
#include "base/types.h"
#include "kernel/kernel_object.h"

namespace kernel {

class Thread;

inline constexpr u32 kCurrentThreadPseudoHandle = 0xffff8000;
inline constexpr u32 kCurrentProcessPseudoHandle = 0xffff8001;

// A process's handles: index in bits [0, 15), a serial number above it so that a stale handle
// to a reused slot is refused (the layout of Horizon's handles).
class HandleTable {
public:
    static constexpr std::size_t kDefaultCapacity = 1024;

    explicit HandleTable(std::size_t capacity = kDefaultCapacity) : slots_(capacity) {}

    // 0 when the table is full.
    u32 Add(std::shared_ptr<KernelObject> object);
    bool Remove(u32 handle);
    // Resolves pseudo-handles for the current thread; nullptr for an invalid handle.
    std::shared_ptr<KernelObject> Get(u32 handle, const std::shared_ptr<Thread>& current) const;

    template <typename T>
    std::shared_ptr<T> GetAs(u32 handle, const std::shared_ptr<Thread>& current) const {
        return As<T>(Get(handle, current));
    }

    std::size_t Count() const;

private:
    struct Slot {
        std::shared_ptr<KernelObject> object;
        u16 serial = 0;
    };
    std::vector<Slot> slots_;
    u16 next_serial_ = 1;
};

}  // namespace kernel
