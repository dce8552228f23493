// Hostile IPC: random and half-valid messages to every service nxhost provides must get an
// answer or a refusal, never a host crash (run it under `make PRESET=debug test` for ASan).

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>

#include "cpu/guest_memory.h"
#include "ipc/server_session.h"
#include "services/services.h"
#include "structured_request.h"
#include "support/fake_ipc_environment.h"

namespace {

using FakeEnvironment = test_support::FakeIpcEnvironment;

// A CMIF request header with random counts and a command of the session's own table (or a
// random one), or pure noise.
void FillMessage(std::mt19937_64& random, std::array<u8, 0x100>& message,
                 const std::vector<u32>& commands) {
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
        const u32 command = !commands.empty() && random() % 4 != 0
                                ? commands[random() % commands.size()]
                                : static_cast<u32>(random() % 24);
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

// A request as libnx builds one, for a command of the session's table, with random buffers
// in (or near) the guest memory, random handles and random arguments.
std::array<u8, 0x100> StructuredMessage(std::mt19937_64& random, ipc::ServerSession& session,
                                        std::size_t handles) {
    ipc_test::RequestShape shape;
    const std::vector<u32> commands = session.CommandIds();
    shape.command =
        commands.empty() ? static_cast<u32>(random() % 64) : commands[random() % commands.size()];
    shape.domain = session.IsDomain();
    shape.object_id = static_cast<u32>(1 + random() % 4);
    shape.send_pid = random() % 2 == 0;
    const auto descriptor = [&] {
        // Mostly inside the mapped 0x100000-0x110000, sometimes across its end or at 0.
        const u64 address = random() % 8 == 0 ? 0 : 0x100000 + random() % 0x10800;
        return ipc_test::Descriptor{address, random() % 0x1200};
    };
    for (auto* list : {&shape.x, &shape.a, &shape.b, &shape.c}) {
        const u64 n = random() % 3;
        for (u64 i = 0; i < n; ++i) {
            list->push_back(descriptor());
        }
    }
    if (random() % 3 == 0) {
        shape.copy_handles.push_back(static_cast<u32>(random() % (handles + 2)));
    }
    shape.arguments.resize(random() % 0x48);
    for (auto& byte : shape.arguments) {
        byte = static_cast<u8>(random() % 4 == 0 ? random() : random() % 3);
    }
    return ipc_test::BuildRequest(shape);
}

TEST(RandomMessages, EveryServiceAnswersOrRefusesWithoutCrashing) {
    // Services that write files (fsp-srv's SD card and saves) write into a folder of the test's.
    const auto data = std::filesystem::temp_directory_path() / "nxhost-random-messages";
    std::filesystem::remove_all(data);
    setenv("XDG_DATA_HOME", data.c_str(), 1);
    // Random addresses must not send packets off the machine.
    services::ServiceConfig config;
    config.network.access = services::bsd::NetworkAccess::Local;
    const auto ports = services::MakeNamedPorts(config);
    std::mt19937_64 random(20261129);
    FakeEnvironment environment;
    // A request that would wait on the host (a blocking socket call, a name lookup) gives up
    // at once, as when the run ends: random arguments must not make the test wait.
    environment.stop_requested = true;
    std::array<u8, 0x100> message{};
    // The sm: session itself, then sessions sm: hands out as random requests open them.
    std::vector<std::shared_ptr<kernel::SessionServer>> servers{ports.at("sm:")()};
    auto request = SmRequest(0, 0);
    ASSERT_TRUE(servers[0]->HandleRequest(request, environment).IsSuccess());
    const std::vector<std::string> names = services::ProvidedServiceNames();
    for (const std::string& name : names) {
        if (name.size() > 8) {
            continue;  // sm names are at most 8 characters
        }
        request = SmRequest(1, Name(name.c_str()));
        servers[0]->HandleRequest(request, environment);
    }
    for (const auto& object : environment.objects) {
        if (const auto session = kernel::As<kernel::ClientSession>(object)) {
            servers.push_back(session->server);
        }
    }
    // Every service nxhost provides, opened through sm:, besides sm: itself.
    ASSERT_EQ(servers.size(), names.size() + 1);
    environment.objects.clear();
    for (int round = 0; round < 60000; ++round) {
        auto& server = servers[random() % servers.size()];
        const auto session = std::dynamic_pointer_cast<ipc::ServerSession>(server);
        if (session && random() % 2 == 0) {
            message = StructuredMessage(random, *session, environment.objects.size());
        } else {
            FillMessage(random, message, session ? session->CommandIds() : std::vector<u32>{});
        }
        const std::size_t before = environment.objects.size();
        server->HandleRequest(message, environment);
        for (std::size_t i = before; i < environment.objects.size(); ++i) {
            if (const auto session = kernel::As<kernel::ClientSession>(environment.objects[i])) {
                servers.push_back(session->server);
            }
        }
    }
    EXPECT_GE(servers.size(), 1u);
}

}  // namespace
