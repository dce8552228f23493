// Handles, events and WaitSynchronization.

#include <vector>

#include "kernel/event.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"
#include "kernel/svc_wait.h"

namespace kernel::svc {

void CreateEvent(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    auto readable = std::make_shared<ReadableEvent>();
    auto writable = std::make_shared<WritableEvent>(readable);
    svc.ReturnHandlePair(std::move(writable), std::move(readable));
}

void SignalEvent(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto event = svc.Get<WritableEvent>(svc.Arg32(0));
    if (!event) {
        return svc.Return(results::InvalidHandle);
    }
    event->readable->signaled = true;
    svc.process.scheduler.NotifySignaled(*event->readable);
    svc.Return(base::ResultSuccess);
}

void ClearEvent(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const u32 handle = svc.Arg32(0);
    if (const auto writable = svc.Get<WritableEvent>(handle)) {
        writable->readable->signaled = false;
    } else if (const auto readable = svc.Get<ReadableEvent>(handle)) {
        readable->signaled = false;
    } else {
        return svc.Return(results::InvalidHandle);
    }
    svc.Return(base::ResultSuccess);
}

void ResetSignal(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto readable = svc.Get<ReadableEvent>(svc.Arg32(0));
    if (!readable) {
        return svc.Return(results::InvalidHandle);
    }
    if (!readable->signaled) {
        return svc.Return(results::InvalidState);
    }
    readable->signaled = false;
    svc.Return(base::ResultSuccess);
}

void CloseHandle(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const u32 handle = svc.Arg32(0);
    auto object = svc.process.handles.Get(handle, svc.CurrentShared());
    if (!svc.process.handles.Remove(handle)) {
        return svc.Return(results::InvalidHandle);
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
    svc.Return(base::ResultSuccess);
}

void WaitSynchronization(SvcContext& svc) {
    const auto timeout = static_cast<s64>(svc.Arg(3));
    std::vector<u32> handles;
    if (const auto result = ReadWaitHandles(svc, svc.Arg(1), svc.Arg32(2), handles);
        result.IsFailure()) {
        return svc.Return(result);
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    if (const auto result = WaitObjectsOf(svc, handles, objects); result.IsFailure()) {
        return svc.Return(result);
    }
    if (svc.thread.cancel_pending) {
        svc.thread.cancel_pending = false;
        return svc.Return(results::Cancelled);
    }
    for (std::size_t index = 0; index < objects.size(); ++index) {
        if (objects[index]->IsSignaled()) {
            svc.Out(1, index);
            return svc.Return(base::ResultSuccess);
        }
    }
    BlockOn(svc, std::move(objects), WaitKind::Synchronization, timeout);
}

void CancelSynchronization(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto thread = svc.Get<Thread>(svc.Arg32(0));
    if (!thread) {
        return svc.Return(results::InvalidHandle);
    }
    if (thread->state == ThreadState::Waiting && (thread->wait_kind == WaitKind::Synchronization ||
                                                  thread->wait_kind == WaitKind::ReplyAndReceive)) {
        svc.process.scheduler.Wake(*thread, results::Cancelled);
    } else {
        thread->cancel_pending = true;
    }
    svc.Return(base::ResultSuccess);
}

}  // namespace kernel::svc
