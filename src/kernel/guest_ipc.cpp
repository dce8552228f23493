#include "kernel/guest_ipc.h"

#include <cstring>
#include <vector>

#include "base/log.h"
#include "kernel/svc_context.h"

namespace kernel {
namespace {

constexpr u64 kTlsMessageSize = 0x100;

std::shared_ptr<Thread> Shared(Thread& thread) {
    return std::static_pointer_cast<Thread>(thread.shared_from_this());
}

// The object a message's copy handle names, as the sender sees it: its own thread and process
// pseudo-handles become the objects themselves.
std::shared_ptr<KernelObject> ResolveCopy(Process::State& process, Thread& sender, u32 handle) {
    if (handle == kCurrentProcessPseudoHandle) {
        return process.self;
    }
    return process.handles.Get(handle, Shared(sender));
}

// Copies the HIPC message at `from` to `to` as the kernel does between processes: only the
// message's own length (header, special header, descriptors, raw data), the sender's process
// id filled in when asked for, copy handles duplicated and move handles moved into the
// receiver's table (one process here, so one table). Buffer descriptors keep their addresses:
// sender and receiver share one address space, where Horizon would map the buffers again.
base::Result CopyMessage(Process::State& process, Thread& sender, u64 from, u64 from_size, u64 to,
                         u64 to_size) {
    const u8* source = process.memory.HostPointer(from, from_size, cpu::Permission::Read);
    u8* destination = process.memory.HostPointer(to, to_size, cpu::Permission::ReadWrite);
    if (source == nullptr || destination == nullptr || from_size < 8) {
        return results::InvalidCurrentMemory;
    }
    const auto word = [&](u64 offset) {
        u32 value;
        std::memcpy(&value, source + offset, 4);
        return value;
    };
    // The layout from the public HIPC documentation (switchbrew "IPC Marshalling").
    const u32 header0 = word(0);
    const u32 header1 = word(4);
    const u32 x_count = (header0 >> 16) & 0xf;
    const u32 abw_count = ((header0 >> 20) & 0xf) + ((header0 >> 24) & 0xf) + (header0 >> 28);
    const u32 data_words = header1 & 0x3ff;
    const bool has_special = (header1 >> 31) != 0;
    u64 length = 8;
    bool send_pid = false;
    u32 copy_count = 0;
    u32 move_count = 0;
    if (has_special) {
        if (from_size < 12) {
            return results::MessageTooLarge;
        }
        const u32 special = word(8);
        send_pid = (special & 1) != 0;
        copy_count = (special >> 1) & 0xf;
        move_count = (special >> 5) & 0xf;
        length = 12 + (send_pid ? 8 : 0) + 4 * (copy_count + move_count);
    }
    const u64 handles_offset = length - 4 * (copy_count + move_count);
    length += 8 * x_count + 12 * abw_count + 4 * data_words;
    if (length > from_size || length > to_size) {
        return results::MessageTooLarge;
    }
    std::vector<u8> message(source, source + length);
    if (send_pid) {
        const u64 pid = kApplicationProcessId;
        std::memcpy(message.data() + 12, &pid, sizeof(pid));
    }
    for (u32 index = 0; index < copy_count + move_count; ++index) {
        u8* slot = message.data() + handles_offset + 4 * index;
        u32 handle;
        std::memcpy(&handle, slot, 4);
        u32 translated = 0;
        if (handle != 0) {
            const bool move = index >= copy_count;
            auto object = move ? process.handles.Get(handle, Shared(sender))
                               : ResolveCopy(process, sender, handle);
            if (!object) {
                // Horizon fails the transfer; nxhost hands over no handle and says so.
                LOG_WARNING("kernel", "IPC: the message's {} handle {:#x} names nothing",
                            move ? "move" : "copy", handle);
            } else {
                if (move) {
                    process.handles.Remove(handle);
                }
                translated = process.handles.Add(std::move(object));
                if (translated == 0) {
                    return results::OutOfHandles;
                }
            }
        }
        std::memcpy(slot, &translated, 4);
    }
    std::memcpy(destination, message.data(), message.size());
    return base::ResultSuccess;
}

// Wakes the threads waiting on the server end after it became signaled: those in
// svcReplyAndReceive take the request at once (the console's receive loop), the others just
// see the end signaled.
void Offer(Process::State& process, GuestSession& session) {
    const auto server = session.server.lock();
    if (!server) {
        return;
    }
    const std::vector<Thread*> waiters = server->waiters;
    for (Thread* waiter : waiters) {
        if (!server->IsSignaled()) {
            break;
        }
        const auto& objects = waiter->wait_objects;
        s32 index = 0;
        while (static_cast<std::size_t>(index) < objects.size() &&
               objects[static_cast<std::size_t>(index)].get() != server.get()) {
            ++index;
        }
        base::Result result = base::ResultSuccess;
        if (waiter->wait_kind == WaitKind::ReplyAndReceive) {
            result = ReceiveGuestRequest(process, *server, *waiter);
        }
        process.scheduler.Wake(*waiter, result, index);
    }
}

void WakeClient(Process::State& process, const GuestRequest& request, base::Result result) {
    if (request.client->state == ThreadState::Waiting &&
        request.client->wait_kind == WaitKind::IpcReply) {
        process.scheduler.Wake(*request.client, result);
    }
}

}  // namespace

std::shared_ptr<GuestServerSession> CreateGuestSession(std::shared_ptr<ClientSession>& client) {
    auto session = std::make_shared<GuestSession>();
    auto server = std::make_shared<GuestServerSession>(session);
    session->server = server;
    client = std::make_shared<ClientSession>(std::move(session));
    return server;
}

std::shared_ptr<ClientSession> ConnectGuestPort(Process::State& process, ServerPort& port) {
    // The port's session limit is not enforced: the one guest server (nx-hbloader's hb:ldr)
    // takes a single connection.
    std::shared_ptr<ClientSession> client;
    port.incoming.push_back(CreateGuestSession(client));
    process.scheduler.NotifySignaled(port);
    return client;
}

base::Result SendGuestRequest(Process::State& process, GuestSession& session, Thread& client,
                              u64 message, u64 size) {
    if (!session.server_open) {
        return results::SessionClosed;
    }
    session.pending.push_back(GuestRequest{&client, message, size});
    Offer(process, session);
    return base::ResultSuccess;
}

base::Result ReceiveGuestRequest(Process::State& process, GuestServerSession& server,
                                 Thread& thread) {
    GuestSession& session = *server.session;
    if (!session.client_open) {
        return results::SessionClosed;
    }
    if (session.current || session.pending.empty()) {
        return results::NotFound;
    }
    const GuestRequest request = session.pending.front();
    session.pending.pop_front();
    const base::Result copied = CopyMessage(process, *request.client, request.message, request.size,
                                            thread.tls_address, kTlsMessageSize);
    if (copied.IsFailure()) {
        WakeClient(process, request, copied);
        return copied;
    }
    session.current = request;
    return base::ResultSuccess;
}

base::Result ReplyGuestRequest(Process::State& process, GuestServerSession& server,
                               Thread& thread) {
    GuestSession& session = *server.session;
    if (!session.current) {
        return results::InvalidState;
    }
    const GuestRequest request = *session.current;
    session.current.reset();
    const base::Result copied = CopyMessage(process, thread, thread.tls_address, kTlsMessageSize,
                                            request.message, request.size);
    WakeClient(process, request, copied);
    Offer(process, session);
    return copied;
}

void CloseGuestClient(Process::State& process, GuestSession& session) {
    session.client_open = false;
    // A request still queued has a client thread that another thread's close left waiting.
    for (const GuestRequest& request : session.pending) {
        WakeClient(process, request, results::SessionClosed);
    }
    session.pending.clear();
    Offer(process, session);
}

void CloseGuestServer(Process::State& process, GuestSession& session) {
    session.server_open = false;
    if (session.current) {
        WakeClient(process, *session.current, results::SessionClosed);
        session.current.reset();
    }
    for (const GuestRequest& request : session.pending) {
        WakeClient(process, request, results::SessionClosed);
    }
    session.pending.clear();
}

}  // namespace kernel
