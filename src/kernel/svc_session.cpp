// Sessions a guest thread serves: svcCreateSession, svcAcceptSession and svcReplyAndReceive
// (the client side is svcSendSyncRequest, in svc_ipc.cpp). Argument order and results as in
// the public Horizon documentation (switchbrew "SVC") and Atmosphère's kernel.

#include <vector>

#include "base/log.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"
#include "kernel/svc_wait.h"

namespace kernel::svc {

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
    const u32 reply_target = svc.Arg32(3);
    const auto timeout = static_cast<s64>(svc.Arg(4));
    std::vector<u32> handles;
    if (const auto result = ReadWaitHandles(svc, svc.Arg(1), svc.Arg32(2), handles);
        result.IsFailure()) {
        return svc.Return(result);
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    if (const auto result = WaitObjectsOf(svc, handles, objects); result.IsFailure()) {
        return svc.Return(result);
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
    BlockOn(svc, std::move(objects), WaitKind::ReplyAndReceive, timeout);
}

}  // namespace kernel::svc
