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

class Environment final : public IpcEnvironment {
public:
    explicit Environment(SvcContext& svc) : svc_(svc) {}

    cpu::GuestMemory& Memory() override { return svc_.process.memory; }
    u32 AddHandle(std::shared_ptr<KernelObject> object) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        return svc_.process.handles.Add(std::move(object));
    }
    std::shared_ptr<KernelObject> GetHandle(u32 handle) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        return svc_.process.handles.Get(handle, svc_.CurrentShared());
    }
    bool RemoveHandle(u32 handle) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        return svc_.process.handles.Remove(handle);
    }
    u64 ProcessId() const override { return kApplicationProcessId; }
    u64 ProgramId() const override { return svc_.process.program_id; }
    u64 Ticks() const override { return svc_.process.clock.Now(); }
    // Called without the scheduler lock (SendRequest drops it before the server runs).
    void SetEventSignal(ReadableEvent& event, bool signaled) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        event.signaled = signaled;
        if (signaled) {
            svc_.process.scheduler.NotifySignaled(event);
        }
    }
    void StartPeriodicWork(std::weak_ptr<PeriodicWork> work) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        svc_.process.scheduler.AddPeriodicWork(std::move(work));
    }

    std::shared_ptr<KernelObject> ConnectToPort(ServerPort& port) override {
        std::lock_guard lock(svc_.process.scheduler.Lock());
        return ConnectGuestPort(svc_.process, port);
    }

    void ExitProcess() override { svc_.process.Stop(RunEnding::ExitProcess, 0, {}); }
    void EndProcess(std::string headline) override {
        svc_.process.Stop(RunEnding::Fatal, 0, svc_.process.FaultReport(svc_.core, headline));
    }

private:
    SvcContext& svc_;
};

void SendRequest(SvcContext& svc, u32 handle, u64 message_address, u64 size) {
    std::shared_ptr<ClientSession> session;
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        session = svc.Get<ClientSession>(handle);
    }
    if (!session) {
        return svc.Return(results::InvalidHandle);
    }
    u8* message = svc.process.memory.HostPointer(message_address, size, cpu::Permission::ReadWrite);
    if (message == nullptr) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    if (session->guest) {
        // A guest thread serves it: the caller waits for that thread's reply.
        std::lock_guard lock(svc.process.scheduler.Lock());
        const base::Result sent =
            SendGuestRequest(svc.process, *session->guest, svc.thread, message_address, size);
        if (sent.IsFailure()) {
            return svc.Return(sent);
        }
        svc.process.scheduler.Block(svc.thread, WaitKind::IpcReply, std::nullopt);
        return;
    }
    Environment environment(svc);
    svc.Return(session->server->HandleRequest({message, size}, environment));
}

}  // namespace

void ConnectToNamedPort(SvcContext& svc) {
    std::array<char, kMaxPortNameLength + 1> name{};
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto character = svc.process.memory.Read<char>(svc.Arg(1) + i);
        if (!character) {
            return svc.Return(results::InvalidCurrentMemory);
        }
        name[i] = *character;
        if (*character == '\0') {
            break;
        }
    }
    if (name.back() != '\0') {
        return svc.Return(results::OutOfRange);
    }
    const auto port = svc.process.options.named_ports.find(name.data());
    if (port == svc.process.options.named_ports.end()) {
        LOG_WARNING("kernel", "svcConnectToNamedPort: no port named \"{}\"", name.data());
        return svc.Return(results::NotFound);
    }
    auto session = std::make_shared<ClientSession>(port->second());
    std::lock_guard lock(svc.process.scheduler.Lock());
    const u32 handle = svc.process.handles.Add(std::move(session));
    if (handle == 0) {
        return svc.Return(results::OutOfHandles);
    }
    svc.Out(1, handle);
    svc.Return(base::ResultSuccess);
}

void SendSyncRequest(SvcContext& svc) {
    SendRequest(svc, svc.Arg32(0), svc.thread.tls_address, kMessageBufferSize);
}

void SendSyncRequestWithUserBuffer(SvcContext& svc) {
    const u64 address = svc.Arg(0);
    const u64 size = svc.Arg(1);
    if ((address & 0xfff) != 0 || (size & 0xfff) != 0 || size == 0) {
        return svc.Return((address & 0xfff) != 0 ? results::InvalidAddress : results::InvalidSize);
    }
    SendRequest(svc, svc.Arg32(2), address, size);
}

}  // namespace kernel::svc
