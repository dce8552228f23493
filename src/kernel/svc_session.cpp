// Sessions a guest thread serves: svcCreateSession, svcAcceptSession and svcReplyAndReceive
// (the client side is svcSendSyncRequest, in svc_ipc.cpp). Argument order and results as in
// the public Horizon documentation (switchbrew "SVC") and Atmosphère's kernel.

#include <vector>

#include "base/log.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

constexpr u32 kMaxWaitHandles = 64;

}  // namespace

void CreateSession(SvcContext& svc) {
    const bool is_light = svc.Arg32(2) != 0;
    if (is_light) {
        LOG_ERROR("kernel", "svcCreateSession: light sessions are not provided");
        return svc.Return(results::NotImplemented);
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    std::shared_ptr<ClientSession> client;
    auto server = CreateGuestSession(client);
    svc.ReturnHandlePair(std::move(server), std::move(client));
}

void AcceptSession(SvcContext& svc) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto port = svc.Get<ServerPort>(svc.Arg32(1));
    if (!port) {
        return svc.Return(results::InvalidHandle);
    }
    if (port->incoming.empty()) {
        return svc.Return(results::NotFound);
    }
    const u32 handle = svc.process.handles.Add(port->incoming.front());
    if (handle == 0) {
        return svc.Return(results::OutOfHandles);
    }
    port->incoming.pop_front();
    svc.Out(1, handle);
    svc.Return(base::ResultSuccess);
}

void ReplyAndReceive(SvcContext& svc) {
    const u64 handles_address = svc.Arg(1);
    const u32 count = svc.Arg32(2);
    const u32 reply_target = svc.Arg32(3);
    const auto timeout = static_cast<s64>(svc.Arg(4));
    if (count > kMaxWaitHandles) {
        return svc.Return(results::OutOfRange);
    }
    std::vector<u32> handles(count);
    if (count > 0 && !svc.process.memory.ReadBlock(
                         handles_address, {reinterpret_cast<u8*>(handles.data()), count * 4})) {
        return svc.Return(results::InvalidPointer);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    for (const u32 handle : handles) {
        auto object =
            std::dynamic_pointer_cast<SyncObject>(process.handles.Get(handle, svc.CurrentShared()));
        if (!object) {
            return svc.Return(results::InvalidHandle);
        }
        objects.push_back(std::move(object));
    }
    if (reply_target != 0) {
        // A failed reply is reported with index -1, before anything is received.
        const auto session = svc.Get<GuestServerSession>(reply_target);
        const base::Result replied =
            session ? ReplyGuestRequest(process, *session, svc.thread) : results::InvalidHandle;
        if (replied.IsFailure()) {
            svc.Out(1, ~u64{0});
            return svc.Return(replied);
        }
    }
    if (svc.thread.cancel_pending) {
        svc.thread.cancel_pending = false;
        return svc.Return(results::Cancelled);
    }
    for (std::size_t index = 0; index < objects.size(); ++index) {
        if (!objects[index]->IsSignaled()) {
            continue;
        }
        svc.Out(1, index);
        if (const auto session = As<GuestServerSession>(objects[index])) {
            return svc.Return(ReceiveGuestRequest(process, *session, svc.thread));
        }
        return svc.Return(base::ResultSuccess);
    }
    if (timeout == 0) {
        return svc.Return(results::TimedOut);
    }
    for (const auto& object : objects) {
        object->waiters.push_back(&svc.thread);
    }
    svc.thread.wait_objects = std::move(objects);
    process.scheduler.Block(svc.thread, WaitKind::ReplyAndReceive, svc.Deadline(timeout));
}

}  // namespace kernel::svc
