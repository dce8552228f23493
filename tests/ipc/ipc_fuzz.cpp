// libFuzzer target: guest-supplied IPC messages to every service nxhost provides, and to the
// sessions and domain objects their commands open. Structure-aware: the input is decoded into
// a well-formed request for a command of the chosen session's own table (buffers, handles,
// arguments; see structured_request.h), so the fuzzer spends its time inside the commands
// rather than on headers; one input in eight is instead sent as raw bytes, so malformed
// headers stay covered. At exit it prints, per service, which commands answered and with
// which results. Nothing may crash the host. NXHOST_FUZZ_SERVICES (comma-separated names, e.g.
// "bsd:u,bsd:s") keeps the run on those services and the sessions they open.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "cpu/guest_memory.h"
#include "ipc/server_session.h"
#include "services/services.h"
#include "structured_request.h"
#include "support/fake_ipc_environment.h"

namespace {

std::array<u8, 0x100> SmRequest(u32 command, u64 argument) {
    std::array<u8, 0x100> message{};
    const u32 words[] = {4, 10, 0, 0, 0x49434653, 0, command, 0};
    std::memcpy(message.data(), words, sizeof(words));
    std::memcpy(message.data() + 32, &argument, 8);
    return message;
}

// The services NXHOST_FUZZ_SERVICES names; empty: every service.
std::set<std::string> ChosenServices() {
    std::set<std::string> chosen;
    const char* list = std::getenv("NXHOST_FUZZ_SERVICES");
    for (std::string rest = list ? list : ""; !rest.empty();) {
        const std::size_t comma = rest.find(',');
        chosen.insert(rest.substr(0, comma));
        rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
    }
    return chosen;
}

struct Sessions {
    Sessions() {
        // fsp-srv's SD card and saves go to a folder of the fuzzer's, never the user's.
        const auto data = std::filesystem::temp_directory_path() / "nxhost-ipc-fuzz";
        setenv("XDG_DATA_HOME", data.c_str(), 1);
        // A request that would wait on the host (a blocking socket call, a name lookup) gives
        // up at once, as when the run ends: a fuzz input must not make the fuzzer wait.
        environment.stop_requested = true;
        // Fuzzed addresses must not send packets off the machine.
        services::ServiceConfig config;
        config.network.access = services::bsd::NetworkAccess::Local;
        const auto ports = services::MakeNamedPorts(config);
        servers.push_back(ports.at("sm:")());
        names.push_back("sm:");
        auto request = SmRequest(0, 0);
        servers[0]->HandleRequest(request, environment);
        const std::set<std::string> chosen = ChosenServices();
        for (const std::string& name : services::ProvidedServiceNames()) {
            if (name.size() > 8 || (!chosen.empty() && !chosen.contains(name))) {
                continue;
            }
            u64 encoded = 0;
            std::memcpy(&encoded, name.data(), name.size());
            request = SmRequest(1, encoded);
            const std::size_t before = environment.objects.size();
            servers[0]->HandleRequest(request, environment);
            for (std::size_t i = before; i < environment.objects.size(); ++i) {
                if (const auto session =
                        kernel::As<kernel::ClientSession>(environment.objects[i])) {
                    servers.push_back(session->server);
                    names.push_back(name);
                }
            }
        }
        if (!chosen.empty() && servers.size() == 1) {
            std::fprintf(stderr, "NXHOST_FUZZ_SERVICES names no service nxhost provides\n");
            std::exit(2);
        }
        if (!chosen.empty()) {
            // sm: itself is not among the chosen: inputs go to the chosen services alone.
            servers.erase(servers.begin());
            names.erase(names.begin());
        }
    }
    ~Sessions() {
        // What the run reached, service by service: commands in the table, those that answered
        // success, and the distinct results seen.
        std::map<std::string, std::pair<std::set<u32>, std::set<u32>>> by_name;
        for (const auto& [session, command, result] : answered) {
            auto& [succeeded, results] = by_name[names[session]];
            results.insert(result);
            if (result == 0) {
                succeeded.insert(command);
            }
        }
        std::fprintf(stderr,
                     "ipc fuzz coverage (service: commands answering success / results seen):\n");
        for (const auto& [name, sets] : by_name) {
            std::fprintf(stderr, "  %-12s %3zu commands succeeded, %3zu distinct results\n",
                         name.c_str(), sets.first.size(), sets.second.size());
        }
    }
    // Sessions opened by replies join the list, named after the service that opened them.
    void Adopt(std::size_t opener, std::size_t handles_before) {
        for (std::size_t i = handles_before; i < environment.objects.size() && servers.size() < 512;
             ++i) {
            if (const auto session = kernel::As<kernel::ClientSession>(environment.objects[i])) {
                servers.push_back(session->server);
                names.push_back(names[opener] + " (opened)");
            }
        }
    }

    // A table of at most 4096 handles: replies that open sessions cannot grow it without end.
    test_support::FakeIpcEnvironment environment{4096};
    std::vector<std::shared_ptr<kernel::SessionServer>> servers;
    std::vector<std::string> names;
    std::set<std::tuple<std::size_t, u32, u32>> answered;  // (session, command, result)
};

// Decodes a fuzz input into a request for the session's command table: byte 1 picks the
// command, byte 2 the buffer counts and flags, then two bytes a descriptor (size, position in
// the fuzz memory), the rest the arguments.
std::array<u8, 0x100> Decode(const u8* data, std::size_t size, ipc::ServerSession& session,
                             std::size_t handles, u32& command) {
    ipc_test::RequestShape shape;
    const std::vector<u32> commands = session.CommandIds();
    const u8 pick = size > 1 ? data[1] : 0;
    const u8 flags = size > 2 ? data[2] : 0;
    shape.command = commands.empty() ? pick : commands[pick % commands.size()];
    shape.domain = session.IsDomain();
    shape.object_id = 1 + (flags >> 7);
    shape.send_pid = (flags & 0x40) != 0;
    if ((flags & 0x20) != 0) {
        shape.copy_handles.push_back(static_cast<u32>(pick % (handles + 2)));
    }
    std::size_t at = 3;
    const auto descriptor = [&] {
        const u8 length = at < size ? data[at] : 0;
        const u8 where = at + 1 < size ? data[at + 1] : 0;
        at += 2;
        return ipc_test::Descriptor{where == 0xff ? 0 : 0x100000 + u64{where} * 0x100,
                                    u64{length} * 0x20};
    };
    const int counts[] = {flags & 3, (flags >> 2) & 3, (flags >> 4) & 1, (flags >> 3) & 1};
    std::vector<ipc_test::Descriptor>* lists[] = {&shape.x, &shape.a, &shape.b, &shape.c};
    for (int list = 0; list < 4; ++list) {
        for (int i = 0; i < counts[list]; ++i) {
            lists[list]->push_back(descriptor());
        }
    }
    if (at < size) {
        shape.arguments.assign(data + at, data + std::min<std::size_t>(size, at + 0x60));
    }
    command = shape.command;
    return ipc_test::BuildRequest(shape);
}

// The result code of a CMIF reply, or ~0 when the reply is not one.
u32 ReplyResult(const std::array<u8, 0x100>& message) {
    for (std::size_t at = 8; at + 12 <= message.size(); at += 4) {
        u32 magic = 0;
        std::memcpy(&magic, message.data() + at, 4);
        if (magic == 0x4F434653) {  // "SFCO"
            u32 result = 0;
            std::memcpy(&result, message.data() + at + 8, 4);
            return result;
        }
    }
    return ~0u;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    static Sessions sessions;
    if (size < 1) {
        return 0;
    }
    const std::size_t index = data[0] % sessions.servers.size();
    auto& server = sessions.servers[index];
    const auto session = std::dynamic_pointer_cast<ipc::ServerSession>(server);
    std::array<u8, 0x100> message{};
    u32 command = ~0u;
    if (session && (size < 3 || (data[2] & 0x07) != 0x07)) {
        message = Decode(data, size, *session, sessions.environment.objects.size(), command);
    } else {
        std::memcpy(message.data(), data + 1, std::min<std::size_t>(size - 1, message.size()));
    }
    const std::size_t handles = sessions.environment.objects.size();
    server->HandleRequest(message, sessions.environment);
    if (command != ~0u) {
        sessions.answered.emplace(index, command, ReplyResult(message));
    }
    sessions.Adopt(index, handles);
    return 0;
}
