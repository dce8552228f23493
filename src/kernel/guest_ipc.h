#pragma once

// Moving messages between guest threads over guest-served sessions (kernel/guest_session.h),
// for svcSendSyncRequest, svcReplyAndReceive, svcAcceptSession and closing either end. Every
// function is called with the scheduler's lock held.

#include <memory>

#include "base/result.h"
#include "kernel/guest_session.h"
#include "kernel/ipc_session.h"
#include "kernel/process_state.h"

namespace kernel {

// A new session of the port: its server end queued for svcAcceptSession (waking the port's
// waiters), its client end returned.
std::shared_ptr<ClientSession> ConnectGuestPort(Process::State& process, ServerPort& port);

// A new session's two ends (svcCreateSession).
std::shared_ptr<GuestServerSession> CreateGuestSession(std::shared_ptr<ClientSession>& client);

// Queues `client`'s message for the server; on success the caller blocks the client
// (WaitKind::IpcReply) until the reply or the server's end closing wakes it.
base::Result SendGuestRequest(Process::State& process, GuestSession& session, Thread& client,
                              u64 message, u64 size);

// Takes the session's next request into `server`'s message buffer (its TLS), translating the
// handles it carries: NotFound when none waits, SessionClosed once the client end is closed.
base::Result ReceiveGuestRequest(Process::State& process, GuestServerSession& session,
                                 Thread& server);

// Answers the request `server` received with the message in its TLS and wakes its client.
base::Result ReplyGuestRequest(Process::State& process, GuestServerSession& session,
                               Thread& server);

// The last handle to an end was closed.
void CloseGuestClient(Process::State& process, GuestSession& session);
void CloseGuestServer(Process::State& process, GuestSession& session);

}  // namespace kernel
