#pragma once

// The steps WaitSynchronization and ReplyAndReceive share: the guest's list of handles, the
// objects they name, and blocking the caller on them.

#include <memory>
#include <vector>

#include "kernel/svc_context.h"

namespace kernel::svc {

inline constexpr u32 kMaxWaitHandles = 64;

// Reads `count` handles from `address`: OutOfRange past the console's 64, InvalidPointer when
// the memory cannot be read. Without the scheduler's lock (it reads guest memory).
inline base::Result ReadWaitHandles(SvcContext& svc, u64 address, u32 count,
                                    std::vector<u32>& handles) {
    if (count > kMaxWaitHandles) {
        return results::OutOfRange;
    }
    handles.resize(count);
    if (count > 0 && !svc.process.memory.ReadBlock(
                         address, {reinterpret_cast<u8*>(handles.data()), count * 4})) {
        return results::InvalidPointer;
    }
    return base::ResultSuccess;
}

// The objects the handles name; InvalidHandle when one names nothing that can be waited on.
// With the scheduler's lock held.
inline base::Result WaitObjectsOf(SvcContext& svc, const std::vector<u32>& handles,
                                  std::vector<std::shared_ptr<SyncObject>>& objects) {
    for (const u32 handle : handles) {
        auto object = std::dynamic_pointer_cast<SyncObject>(
            svc.process.handles.Get(handle, svc.CurrentShared()));
        if (!object) {
            return results::InvalidHandle;
        }
        objects.push_back(std::move(object));
    }
    return base::ResultSuccess;
}

// Blocks the caller until one of `objects` is signalled or `timeout` passes (TimedOut at once
// for 0). With the scheduler's lock held.
inline SvcReply BlockOn(SvcContext& svc, std::vector<std::shared_ptr<SyncObject>> objects,
                        WaitKind kind, s64 timeout) {
    if (timeout == 0) {
        return results::TimedOut;
    }
    for (const auto& object : objects) {
        object->waiters.push_back(&svc.thread);
    }
    svc.thread.wait_objects = std::move(objects);
    svc.process.scheduler.Block(svc.thread, kind, svc.Deadline(timeout));
    return kNoAnswerNow;
}

}  // namespace kernel::svc
