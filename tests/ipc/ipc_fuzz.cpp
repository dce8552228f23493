// libFuzzer target: guest-supplied IPC messages to every service nxhost provides. The first
// input byte picks the session; the rest is the message. Nothing may crash the host.

#include <cstring>
#include <memory>
#include <vector>

#include "cpu/guest_memory.h"
#include "ipc/server_session.h"
#include "services/services.h"

namespace {

class FuzzEnvironment final : public kernel::IpcEnvironment {
public:
    FuzzEnvironment() { memory_.Map(0x100000, 0x10000, cpu::Permission::ReadWrite); }
    cpu::GuestMemory& Memory() override { return memory_; }
    u32 AddHandle(std::shared_ptr<kernel::KernelObject> object) override {
        if (objects.size() >= 4096) {
            return 0;
        }
        objects.push_back(std::move(object));
        return static_cast<u32>(objects.size());
    }
    std::shared_ptr<kernel::KernelObject> GetHandle(u32 handle) override {
        return handle - 1 < objects.size() ? objects[handle - 1] : nullptr;
    }
    bool RemoveHandle(u32) override { return false; }
    u64 ProcessId() const override { return 0x51; }
    u64 ProgramId() const override { return 0x0100000000001000; }
    u64 Ticks() const override { return 19'200'000; }
    void EndProcess(std::string) override {}
    void SetEventSignal(kernel::ReadableEvent&, bool) override {}
    // No guest clock runs here: periodic work (the HID sampler) never runs.
    void StartPeriodicWork(std::weak_ptr<kernel::PeriodicWork>) override {}

    std::vector<std::shared_ptr<kernel::KernelObject>> objects;

private:
    cpu::GuestMemory memory_{32};
};

std::array<u8, 0x100> SmRequest(u32 command, u64 argument) {
    std::array<u8, 0x100> message{};
    const u32 words[] = {4, 10, 0, 0, 0x49434653, 0, command, 0};
    std::memcpy(message.data(), words, sizeof(words));
    std::memcpy(message.data() + 32, &argument, 8);
    return message;
}

struct Sessions {
    Sessions() {
        const auto ports = services::MakeNamedPorts();
        servers.push_back(ports.at("sm:")());
        auto request = SmRequest(0, 0);
        servers[0]->HandleRequest(request, environment);
        for (const char* name : {"lm", "set", "set:sys", "time:u", "apm", "psm", "nifm:u", "acc:u0",
                                 "pctl", "fatal:u", "appletOE", "fsp-srv", "hid"}) {
            u64 encoded = 0;
            std::memcpy(&encoded, name, std::strlen(name));
            request = SmRequest(1, encoded);
            servers[0]->HandleRequest(request, environment);
        }
        for (const auto& object : environment.objects) {
            if (const auto session = kernel::As<kernel::ClientSession>(object)) {
                servers.push_back(session->server);
            }
        }
    }
    FuzzEnvironment environment;
    std::vector<std::shared_ptr<kernel::SessionServer>> servers;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static Sessions sessions;
    if (size < 1) {
        return 0;
    }
    std::array<u8, 0x100> message{};
    std::memcpy(message.data(), data + 1, std::min<std::size_t>(size - 1, message.size()));
    sessions.servers[data[0] % sessions.servers.size()]->HandleRequest(message,
                                                                       sessions.environment);
    return 0;
}
