// Handles, events and WaitSynchronization.

#include <vector>

#include "kernel/event.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"
#include "kernel/svc_wait.h"

namespace kernel::svc {

base::Result CreateEvent(SvcContext& svc, SvcOut<u32>& writable_handle,
                         SvcOut<u32>& readable_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    auto readable = std::make_shared<ReadableEvent>();
    auto writable = std::make_shared<WritableEvent>(readable);
    return svc.AddHandlePair(std::move(writable), std::move(readable), writable_handle,
                             readable_handle);
}

base::Result SignalEvent(SvcContext& svc, u32 event_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto event = svc.Get<WritableEvent>(event_handle);
    if (!event) {
        return results::InvalidHandle;
    }
    event->readable->signaled = true;
    svc.process.scheduler.NotifySignaled(*event->readable);
    return base::ResultSuccess;
}

base::Result ClearEvent(SvcContext& svc, u32 handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    if (const auto writable = svc.Get<WritableEvent>(handle)) {
        writable->readable->signaled = false;
    } else if (const auto readable = svc.Get<ReadableEvent>(handle)) {
        readable->signaled = false;
    } else {
        return results::InvalidHandle;
    }
    return base::ResultSuccess;
}

base::Result ResetSignal(SvcContext& svc, u32 event_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto readable = svc.Get<ReadableEvent>(event_handle);
    if (!readable) {
        return results::InvalidHandle;
    }
    if (!readable->signaled) {
        return results::InvalidState;
    }
    readable->signaled = false;
    return base::ResultSuccess;
}

base::Result CloseHandle(SvcContext& svc, u32 handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    auto object = svc.process.handles.Get(handle, svc.CurrentShared());
    if (!svc.process.handles.Remove(handle)) {
        return results::InvalidHandle;
    }
    // A guest-served session's end closes with its last handle (no other handle or queue
    // holds it then), which wakes the other end's threads as on the console.
    if (object.use_count() == 1) {
        if (const auto server = As<GuestServerSession>(object)) {
            CloseGuestServer(svc.process, *server->session);
        } else if (const auto client = As<ClientSession>(object); client && client->guest) {
            CloseGuestClient(svc.process, *client->guest);
        }
    }
    return base::ResultSuccess;
}

SvcReply WaitSynchronization(SvcContext& svc, SvcOut<s32>& index, u64 handles_address, u32 count,
                             s64 timeout) {
    std::vector<u32> handles;
    if (const auto result = ReadWaitHandles(svc, handles_address, count, handles);
        result.IsFailure()) {
        return result;
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    if (const auto result = WaitObjectsOf(svc, handles, objects); result.IsFailure()) {
        return result;
    }
    if (svc.thread.cancel_pending) {
        svc.thread.cancel_pending = false;
        return results::Cancelled;
    }
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (objects[i]->IsSignaled()) {
            index = static_cast<s32>(i);
            return base::ResultSuccess;
        }
    }
    return BlockOn(svc, std::move(objects), WaitKind::Synchronization, timeout);
}

base::Result CancelSynchronization(SvcContext& svc, u32 thread_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(thread_handle);
    if (!thread) {
        return results::InvalidHandle;
    }
    if (thread->state == ThreadState::Waiting && (thread->wait_kind == WaitKind::Synchronization ||
                                                  thread->wait_kind == WaitKind::ReplyAndReceive)) {
        svc.process.scheduler.Wake(*thread, results::Cancelled);
    } else {
        thread->cancel_pending = true;
    }
    return base::ResultSuccess;
}

}  // namespace kernel::svc
