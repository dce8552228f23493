#pragma once

#include <memory>

#include "kernel/kernel_object.h"

namespace kernel {

// The readable half of an event: what guests wait on, clear and reset.
class ReadableEvent final : public SyncObject {
public:
    static constexpr Type kType = Type::ReadableEvent;
    Type GetType() const override { return kType; }
    bool IsSignaled() const override { return signaled; }

    bool signaled = false;
};

// The writable half: SignalEvent and ClearEvent through it.
class WritableEvent final : public KernelObject {
public:
    static constexpr Type kType = Type::WritableEvent;
    explicit WritableEvent(std::shared_ptr<ReadableEvent> readable_half)
        : readable(std::move(readable_half)) {}
    Type GetType() const override { return kType; }

    std::shared_ptr<ReadableEvent> readable;
};

}  // namespace kernel
