#pragma once

// Where the kernel meets the IPC layer: a client session handle in the guest leads to a
// SessionServer on the host, which answers SendSyncRequest by rewriting the message in place,
// or to a session a guest thread serves (kernel/guest_session.h).

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>

#include "base/result.h"
#include "base/types.h"
#include "kernel/device_use.h"
#include "kernel/kernel_object.h"
#include "kernel/periodic_work.h"

namespace cpu {
class GuestMemory;
}

namespace kernel {

class ReadableEvent;
class ServerPort;
struct GuestSession;

// What a server may do in the requesting process while it handles one request.
class IpcEnvironment {
public:
    virtual ~IpcEnvironment() = default;
    virtual cpu::GuestMemory& Memory() = 0;
    // 0 when the handle table is full.
    virtual u32 AddHandle(std::shared_ptr<KernelObject> object) = 0;
    virtual std::shared_ptr<KernelObject> GetHandle(u32 handle) = 0;
    virtual bool RemoveHandle(u32 handle) = 0;
    virtual u64 ProcessId() const = 0;
    virtual u64 ProgramId() const = 0;
    // The guest clock now, in its 19.2 MHz ticks (what CNTPCT_EL0 reads).
    virtual u64 Ticks() const = 0;
    // Ends the run as a fatal error (fatal:u): `headline` opens the report, which adds where
    // the requesting thread was. The guest does not run again after the request.
    virtual void EndProcess(std::string headline) = 0;
    // Ends the run as the program's own exit (am's ISelfController::Exit): what
    // svcExitProcess would. The guest does not run again after the request.
    virtual void ExitProcess() = 0;
    // Signals or clears an event a service made (see kernel/event.h), waking its waiters.
    virtual void SetEventSignal(ReadableEvent& event, bool signaled) = 0;
    // Runs `work` once a period, first one period from now, for as long as it lives (the
    // kernel keeps only a weak reference).
    virtual void StartPeriodicWork(std::weak_ptr<PeriodicWork> work) = 0;
    // A new session to a port the guest serves (sm's GetServiceHandle of a name the guest
    // registered): its client end, queued for the server to accept; nullptr where no kernel
    // stands behind the environment (host-only tests).
    virtual std::shared_ptr<KernelObject> ConnectToPort(ServerPort& port) {
        (void)port;
        return nullptr;
    }
    // nvmap's memory: the GPU uses [address, address + size) of the process from now until
    // the returned use goes (MemoryMap::UseByDevice); null when a page of it is not mapped.
    // Environments of host-only tests record nothing.
    virtual std::shared_ptr<DeviceUse> UseByDevice(u64 address, u64 size) {
        (void)address;
        (void)size;
        return std::make_shared<DeviceUse>();
    }
    // Whether the request may wait on the host here (see ServiceObject::MayWaitOnHost): false
    // on a guest core, where the server answers ResultWaitsOnHost instead and the kernel sends
    // the request again from a host thread of its own.
    virtual bool CanWaitOnHost() const { return true; }
    // True once the run is ending: a request waiting on the host gives up (in slices of at
    // most 50 ms) and answers as an interrupted call would.
    virtual bool StopRequested() const { return false; }
};

// SessionServer::HandleRequest's answer, with the message untouched, for a request that may
// wait on the host when the environment cannot (IpcEnvironment::CanWaitOnHost). Never reaches
// the guest.
inline constexpr base::Result ResultWaitsOnHost{1, 1023};

class SessionServer {
public:
    virtual ~SessionServer() = default;
    // `message` is the request (the thread's 0x100-byte message buffer, or the user buffer of
    // SendSyncRequestWithUserBuffer); the reply is written over it. The returned result is the
    // kernel's (a closed session, a broken message), not the command's.
    virtual base::Result HandleRequest(std::span<u8> message, IpcEnvironment& environment) = 0;
};

class ClientSession final : public KernelObject {
public:
    static constexpr Type kType = Type::ClientSession;
    explicit ClientSession(std::shared_ptr<SessionServer> server) : server(std::move(server)) {}
    explicit ClientSession(std::shared_ptr<GuestSession> guest) : guest(std::move(guest)) {}
    Type GetType() const override { return kType; }

    // The other end: a server on the host, or else a session a guest thread serves.
    std::shared_ptr<SessionServer> server;
    std::shared_ptr<GuestSession> guest;
};

// svcConnectToNamedPort's ports ("sm:"): each connection makes a new server session.
using NamedPorts = std::map<std::string, std::function<std::shared_ptr<SessionServer>()>>;

}  // namespace kernel
