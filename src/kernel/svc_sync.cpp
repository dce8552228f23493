// Handles, events and WaitSynchronization.

#include <vector>

#include "kernel/event.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

constexpr u32 kMaxWaitHandles = 64;

}  // namespace

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
    const u64 handles_address = svc.Arg(1);
    const u32 count = svc.Arg32(2);
    const auto timeout = static_cast<s64>(svc.Arg(3));
    if (count > kMaxWaitHandles) {
        return svc.Return(results::OutOfRange);
    }
    std::vector<u32> handles(count);
    if (count > 0 && !svc.process.memory.ReadBlock(
                         handles_address, {reinterpret_cast<u8*>(handles.data()), count * 4})) {
        return svc.Return(results::InvalidPointer);
    }
    auto& scheduler = svc.process.scheduler;
    std::lock_guard lock(scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    for (const u32 handle : handles) {
        auto object = std::dynamic_pointer_cast<SyncObject>(
            svc.process.handles.Get(handle, svc.CurrentShared()));
        if (!object) {
            return svc.Return(results::InvalidHandle);
        }
        objects.push_back(std::move(object));
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
    if (timeout == 0) {
        return svc.Return(results::TimedOut);
    }
    for (const auto& object : objects) {
        object->waiters.push_back(&svc.thread);
    }
    svc.thread.wait_objects = std::move(objects);
    scheduler.Block(svc.thread, WaitKind::Synchronization, svc.Deadline(timeout));
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
