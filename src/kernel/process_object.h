#pragma once

#include "kernel/kernel_object.h"

namespace kernel {

// The process as a handle names it: what the kernel puts in a receiver's table when a message
// copies the pseudo-handle 0xFFFF8001 (how nx-hbloader gets a real handle to itself for
// svcMapProcessCodeMemory). There is one process, so the object carries nothing; it becomes
// signaled only when the process ends, which no guest thread outlives.
class ProcessObject final : public SyncObject {
public:
    static constexpr Type kType = Type::Process;
    Type GetType() const override { return kType; }
    bool IsSignaled() const override { return false; }
};

}  // namespace kernel
