// Hostile IPC: random and half-valid messages to every service nxhost provides must get an
// answer or a refusal, never a host crash (run it under `make PRESET=debug test` for ASan).

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>

#include "cpu/guest_memory.h"
#include "ipc/server_session.h"
#include "services/services.h"

namespace {

class FakeEnvironment final : public kernel::IpcEnvironment {
public:
    FakeEnvironment() { memory_.Map(0x100000, 0x10000, cpu::Permission::ReadWrite); }
    cpu::GuestMemory& Memory() override { return memory_; }
    u32 AddHandle(std::shared_ptr<kernel::KernelObject> object) override {
        objects_.push_back(std::move(object));
        return static_cast<u32>(objects_.size());
    }
    std::shared_ptr<kernel::KernelObject> GetHandle(u32 handle) override {
        return handle - 1 < objects_.size() ? objects_[handle - 1] : nullptr;
    }
    bool RemoveHandle(u32) override { return false; }
    u64 ProcessId() const override { return 0x51; }
    u64 ProgramId() const override { return 0x0100000000001000; }
    u64 Ticks() const override { return 19'200'000; }
    void EndProcess(std::string) override { ended = true; }
    void SetEventSignal(kernel::ReadableEvent&, bool) override {}
    // No guest clock runs here: periodic work (the HID sampler) never runs.
    void StartPeriodicWork(std::weak_ptr<kernel::PeriodicWork>) override {}

    std::vector<std::shared_ptr<kernel::KernelObject>> objects_;
    bool ended = false;

private:
    cpu::GuestMemory memory_{32};
};

// A CMIF request header with random counts and a random command, or pure noise.
void FillMessage(std::mt19937_64& random, std::array<u8, 0x100>& message) {
    for (auto& byte : message) {
        byte = static_cast<u8>(random());
    }
    if (random() % 4 != 0) {
        const u32 types[] = {2, 4, 5, 6, 7, 16, 17, 18};
        const u32 header0 = types[random() % std::size(types)] | (random() % 3) << 16 |
                            (random() % 3) << 20 | (random() % 3) << 24;
        const u32 header1 = static_cast<u32>(random() % 40) | (random() % 2) << 31;
        std::memcpy(message.data(), &header0, 4);
        std::memcpy(message.data() + 4, &header1, 4);
        const u32 sfci = 0x49434653;
        const u32 command = static_cast<u32>(random() % 24);
        for (u32 at = 16; at + 12 <= message.size(); at += 16) {
            if (random() % 2 == 0) {
                std::memcpy(message.data() + at, &sfci, 4);
                std::memcpy(message.data() + at + 8, &command, 4);
            }
        }
    }
}

// A well-formed CMIF request with one u64 of raw input (sm's RegisterClient, GetServiceHandle).
std::array<u8, 0x100> SmRequest(u32 command, u64 argument) {
    std::array<u8, 0x100> message{};
    const u32 words[] = {4, 10, 0, 0, 0x49434653, 0, command, 0};
    std::memcpy(message.data(), words, sizeof(words));
    std::memcpy(message.data() + 32, &argument, 8);
    return message;
}

u64 Name(const char* text) {
    u64 value = 0;
    std::memcpy(&value, text, std::min<std::size_t>(std::strlen(text), 8));
    return value;
}

TEST(RandomMessages, EveryServiceAnswersOrRefusesWithoutCrashing) {
    const auto ports = services::MakeNamedPorts();
    std::mt19937_64 random(20261129);
    FakeEnvironment environment;
    std::array<u8, 0x100> message{};
    // The sm: session itself, then sessions sm: hands out as random requests open them.
    std::vector<std::shared_ptr<kernel::SessionServer>> servers{ports.at("sm:")()};
    auto request = SmRequest(0, 0);
    ASSERT_TRUE(servers[0]->HandleRequest(request, environment).IsSuccess());
    for (const char* name : {"lm", "set", "set:sys", "time:u", "apm", "psm", "nifm:u", "acc:u0",
                             "pctl", "fatal:u", "appletOE", "fsp-srv", "hid"}) {
        request = SmRequest(1, Name(name));
        servers[0]->HandleRequest(request, environment);
    }
    for (const auto& object : environment.objects_) {
        if (const auto session = kernel::As<kernel::ClientSession>(object)) {
            servers.push_back(session->server);
        }
    }
    ASSERT_GE(servers.size(), 12u);  // every service nxhost provides, opened through sm:
    environment.objects_.clear();
    for (int round = 0; round < 20000; ++round) {
        auto& server = servers[random() % servers.size()];
        FillMessage(random, message);
        const std::size_t before = environment.objects_.size();
        server->HandleRequest(message, environment);
        for (std::size_t i = before; i < environment.objects_.size(); ++i) {
            if (const auto session = kernel::As<kernel::ClientSession>(environment.objects_[i])) {
                servers.push_back(session->server);
            }
        }
    }
    EXPECT_GE(servers.size(), 1u);
}

}  // namespace
