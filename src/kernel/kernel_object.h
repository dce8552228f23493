#pragma once

#include <memory>
#include <string_view>
#include <vector>

namespace kernel {

class Thread;

// Anything a handle can name.
class KernelObject : public std::enable_shared_from_this<KernelObject> {
public:
    enum class Type {
        Thread,
        ReadableEvent,
        WritableEvent,
        Process,
        ClientSession,
        ServerSession,
        ServerPort,
        SharedMemory,
        TransferMemory,
        CodeMemory
    };

    virtual ~KernelObject() = default;
    virtual Type GetType() const = 0;
};

// An object WaitSynchronization can wait on. Guarded by the scheduler's lock.
class SyncObject : public KernelObject {
public:
    virtual bool IsSignaled() const = 0;

    // Threads in WaitSynchronization on this object; they are woken when it becomes signaled.
    std::vector<Thread*> waiters;
};

template <typename T>
std::shared_ptr<T> As(const std::shared_ptr<KernelObject>& object) {
    if (object && object->GetType() == T::kType) {
        return std::static_pointer_cast<T>(object);
    }
    return nullptr;
}

}  // namespace kernel
