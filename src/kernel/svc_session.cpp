// Sessions a guest thread serves: svcCreateSession, svcAcceptSession and svcReplyAndReceive
// (the client side is svcSendSyncRequest, in svc_ipc.cpp). Argument order and results as in
// the public Horizon documentation (switchbrew "SVC") and Atmosphère's kernel.

#include <vector>

#include "base/log.h"
#include "kernel/guest_ipc.h"
#include "kernel/svc_context.h"
#include "kernel/svc_wait.h"

namespace kernel::svc {

base::Result CreateSession(SvcContext& svc, SvcOut<u32>& server_handle, SvcOut<u32>& client_handle,
                           u32 is_light) {
    if (is_light != 0) {
        LOG_ERROR("kernel", "svcCreateSession: light sessions are not provided");
        return results::NotImplemented;
    }
    std::lock_guard lock(svc.process.scheduler.Lock());
    std::shared_ptr<ClientSession> client;
    auto server = CreateGuestSession(client);
    return svc.AddHandlePair(std::move(server), std::move(client), server_handle, client_handle);
}

base::Result AcceptSession(SvcContext& svc, SvcOut<u32>& session_handle, u32 port_handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto port = svc.Get<ServerPort>(port_handle);
    if (!port) {
        return results::InvalidHandle;
    }
    if (port->incoming.empty()) {
        return results::NotFound;
    }
    const u32 handle = svc.process.handles.Add(port->incoming.front());
    if (handle == 0) {
        return results::OutOfHandles;
    }
    port->incoming.pop_front();
    session_handle = handle;
    return base::ResultSuccess;
}

SvcReply ReplyAndReceive(SvcContext& svc, SvcOut<s64>& index, u64 handles_address, u32 count,
                         u32 reply_target, s64 timeout) {
    std::vector<u32> handles;
    if (const auto result = ReadWaitHandles(svc, handles_address, count, handles);
        result.IsFailure()) {
        return result;
    }
    auto& process = svc.process;
    std::lock_guard lock(process.scheduler.Lock());
    std::vector<std::shared_ptr<SyncObject>> objects;
    if (const auto result = WaitObjectsOf(svc, handles, objects); result.IsFailure()) {
        return result;
    }
    if (reply_target != 0) {
        // A failed reply is reported with index -1, before anything is received.
        const auto session = svc.Get<GuestServerSession>(reply_target);
        const base::Result replied =
            session ? ReplyGuestRequest(process, *session, svc.thread) : results::InvalidHandle;
        if (replied.IsFailure()) {
            index = -1;
            return replied;
        }
    }
    if (svc.thread.cancel_pending) {
        svc.thread.cancel_pending = false;
        return results::Cancelled;
    }
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (!objects[i]->IsSignaled()) {
            continue;
        }
        index = static_cast<s64>(i);
        if (const auto session = As<GuestServerSession>(objects[i])) {
            return ReceiveGuestRequest(process, *session, svc.thread);
        }
        return base::ResultSuccess;
    }
    return BlockOn(svc, std::move(objects), WaitKind::ReplyAndReceive, timeout);
}

}  // namespace kernel::svc
