#pragma once

// Sessions whose server is a guest thread (svcCreateSession, or a port the guest registered
// with sm): a client thread's SendSyncRequest waits until a server thread has received the
// message with svcReplyAndReceive and replied to it. Horizon's model (KServerSession): the
// server end is signaled while a request waits to be received and none is being handled, or
// once the client end is closed; one request at a time is handled.

#include <deque>
#include <memory>
#include <optional>

#include "base/result.h"
#include "base/types.h"
#include "kernel/kernel_object.h"

namespace kernel {

class Thread;
class GuestServerSession;

// A client thread's message: where it is (the thread's TLS or its user buffer).
struct GuestRequest {
    Thread* client = nullptr;
    u64 message = 0;
    u64 size = 0;
};

// What both ends of one session share.
struct GuestSession {
    std::deque<GuestRequest> pending;     // sent, not received yet
    std::optional<GuestRequest> current;  // received, not replied to yet
    bool client_open = true;
    bool server_open = true;
    std::weak_ptr<GuestServerSession> server;
};

class GuestServerSession final : public SyncObject {
public:
    static constexpr Type kType = Type::ServerSession;
    explicit GuestServerSession(std::shared_ptr<GuestSession> session)
        : session(std::move(session)) {}
    Type GetType() const override { return kType; }
    bool IsSignaled() const override {
        return !session->client_open || (!session->pending.empty() && !session->current);
    }

    std::shared_ptr<GuestSession> session;
};

// A port a guest serves (sm's RegisterService): clients' new sessions wait here until the
// server accepts them (svcAcceptSession); it is signaled while one waits.
class ServerPort final : public SyncObject {
public:
    static constexpr Type kType = Type::ServerPort;
    explicit ServerPort(u32 max_sessions) : max_sessions(max_sessions) {}
    Type GetType() const override { return kType; }
    bool IsSignaled() const override { return !incoming.empty(); }

    u32 max_sessions;
    std::deque<std::shared_ptr<GuestServerSession>> incoming;
};

}  // namespace kernel
