// Connecting to named ports and sending synchronous requests to host-side servers (or to a
// guest thread's session, kernel/guest_ipc.h).

#include <array>
#include <cstring>

#include "base/log.h"
#include "kernel/event.h"
#include "kernel/guest_ipc.h"
#include "kernel/ipc_session.h"
#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

constexpr u64 kMessageBufferSize = 0x100;
constexpr std::size_t kMaxPortNameLength = 12;

// What a host server sees of the requesting process: on the guest's core while the request is
// handled there, or from a host thread (`core` null) for one that waits on the host.
class Environment final : public IpcEnvironment {
public:
    Environment(Process::State& process, std::shared_ptr<Thread> thread, const cpu::Core* core)
        : process_(process), thread_(std::move(thread)), core_(core) {}

    cpu::GuestMemory& Memory() override { return process_.memory; }
    u32 AddHandle(std::shared_ptr<KernelObject> object) override {
        std::lock_guard lock(process_.scheduler.Lock());
        return process_.handles.Add(std::move(object));
    }
    std::shared_ptr<KernelObject> GetHandle(u32 handle) override {
        std::lock_guard lock(process_.scheduler.Lock());
        return process_.handles.Get(handle, thread_);
    }
    bool RemoveHandle(u32 handle) override {
        std::lock_guard lock(process_.scheduler.Lock());
        return process_.handles.Remove(handle);
    }
    u64 ProcessId() const override { return kApplicationProcessId; }
    u64 ProgramId() const override { return process_.program_id; }
    u64 Ticks() const override { return process_.clock.Now(); }
    // Called without the scheduler lock (SendRequest drops it before the server runs).
    void SetEventSignal(ReadableEvent& event, bool signaled) override {
        std::lock_guard lock(process_.scheduler.Lock());
        event.signaled = signaled;
        if (signaled) {
            process_.scheduler.NotifySignaled(event);
        }
    }
    void StartPeriodicWork(std::weak_ptr<PeriodicWork> work) override {
        std::lock_guard lock(process_.scheduler.Lock());
        process_.scheduler.AddPeriodicWork(std::move(work));
    }

    std::shared_ptr<DeviceUse> UseByDevice(u64 address, u64 size) override {
        std::lock_guard lock(process_.scheduler.Lock());
        return process_.memory_map.UseByDevice(address, size);
    }
    std::shared_ptr<KernelObject> ConnectToPort(ServerPort& port) override {
        std::lock_guard lock(process_.scheduler.Lock());
        return ConnectGuestPort(process_, port);
    }

    void ExitProcess() override { process_.Stop(RunEnding::ExitProcess, 0, {}); }
    void EndProcess(std::string headline) override {
        process_.Stop(RunEnding::Fatal, 0,
                      core_ != nullptr ? process_.FaultReport(*core_, headline) : headline + "\n");
    }

    bool CanWaitOnHost() const override { return core_ == nullptr; }
    bool StopRequested() const override { return process_.host_requests.StopRequested(); }

private:
    Process::State& process_;
    std::shared_ptr<Thread> thread_;
    const cpu::Core* core_;
};

// The request waits on the host: a host thread answers it and wakes the caller, which waits
// meanwhile. The message stays where it is (the caller's TLS or user buffer) until then.
void AnswerOnHostThread(SvcContext& svc, std::shared_ptr<SessionServer> server,
                        std::span<u8> message) {
    Process::State& process = svc.process;
    {
        std::lock_guard lock(process.scheduler.Lock());
        process.scheduler.Block(svc.thread, WaitKind::HostRequest, std::nullopt);
        process.scheduler.BeginHostRequest();
    }
    process.host_requests.Start([&process, thread = svc.CurrentShared(), server, message] {
        Environment environment(process, thread, nullptr);
        const base::Result result = server->HandleRequest(message, environment);
        std::lock_guard lock(process.scheduler.Lock());
        process.scheduler.EndHostRequest();
        process.scheduler.Wake(*thread, result);
    });
}

SvcReply SendRequest(SvcContext& svc, u32 handle, u64 message_address, u64 size) {
    std::shared_ptr<ClientSession> session;
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        session = svc.Get<ClientSession>(handle);
    }
    if (!session) {
        return results::InvalidHandle;
    }
    u8* message = svc.process.memory.HostPointer(message_address, size, cpu::Permission::ReadWrite);
    if (message == nullptr) {
        return results::InvalidCurrentMemory;
    }
    if (session->guest) {
        // A guest thread serves it: the caller waits for that thread's reply.
        std::lock_guard lock(svc.process.scheduler.Lock());
        const base::Result sent =
            SendGuestRequest(svc.process, *session->guest, svc.thread, message_address, size);
        if (sent.IsFailure()) {
            return sent;
        }
        svc.process.scheduler.Block(svc.thread, WaitKind::IpcReply, std::nullopt);
        return kNoAnswerNow;
    }
    Environment environment(svc.process, svc.CurrentShared(), &svc.core);
    const base::Result result = session->server->HandleRequest({message, size}, environment);
    if (result == ResultWaitsOnHost) {
        AnswerOnHostThread(svc, session->server, {message, size});
        return kNoAnswerNow;
    }
    return result;
}

}  // namespace

base::Result ConnectToNamedPort(SvcContext& svc, SvcOut<u32>& session_handle, u64 name_address) {
    std::array<char, kMaxPortNameLength + 1> name{};
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto character = svc.process.memory.Read<char>(name_address + i);
        if (!character) {
            return results::InvalidCurrentMemory;
        }
        name[i] = *character;
        if (*character == '\0') {
            break;
        }
    }
    if (name.back() != '\0') {
        return results::OutOfRange;
    }
    const auto port = svc.process.options.named_ports.find(name.data());
    if (port == svc.process.options.named_ports.end()) {
        LOG_WARNING("kernel", "svcConnectToNamedPort: no port named \"{}\"", name.data());
        return results::NotFound;
    }
    auto session = std::make_shared<ClientSession>(port->second());
    std::lock_guard lock(svc.process.scheduler.Lock());
    const u32 handle = svc.process.handles.Add(std::move(session));
    if (handle == 0) {
        return results::OutOfHandles;
    }
    session_handle = handle;
    return base::ResultSuccess;
}

SvcReply SendSyncRequest(SvcContext& svc, u32 session_handle) {
    return SendRequest(svc, session_handle, svc.thread.tls_address, kMessageBufferSize);
}

SvcReply SendSyncRequestWithUserBuffer(SvcContext& svc, u64 address, u64 size, u32 session_handle) {
    if ((address & 0xfff) != 0 || (size & 0xfff) != 0 || size == 0) {
        return (address & 0xfff) != 0 ? results::InvalidAddress : results::InvalidSize;
    }
    return SendRequest(svc, session_handle, address, size);
}

}  // namespace kernel::svc
