// nifm:u reached as libnx does (a domain, CreateGeneralService). nxhost's --network decides
// what the console is, and the program checks what it finds: with `--network off` a console
// without a network ("nifm: no network"), by default one connected over Wi-Fi with the host's
// address ("nifm: connected"). Each test line looks for the line it expects.

#include <string.h>

#include "service_client.h"

#define NIFM_RESULT(description) ((Result)(110u | ((description) << 9)))

enum { kRequestFree = 1, kRequestAccepted = 3 };

static Handle g_nifm;

static uint32_t RequestState(int32_t request) {
    uint32_t state = 0;
    IpcCall get = {.command = 0, .domain_object = request, .out = &state, .out_size = 4};
    CHECK_RESULT(ipc_call(g_nifm, &get), 0);
    return state;
}

// CreateRequest, Submit, and what the request comes to (as nifmRequestSubmitAndWait waits).
static void CheckRequest(int32_t general, bool connected) {
    const uint32_t preset = 2;
    IpcCall create = {.command = 4, .domain_object = general, .in = &preset, .in_size = 4};
    CHECK_RESULT(ipc_call(g_nifm, &create), 0);
    CHECK(create.object_count == 1);
    const int32_t request = (int32_t)create.objects[0];
    IpcCall events = {.command = 2, .domain_object = request};
    CHECK_RESULT(ipc_call(g_nifm, &events), 0);
    CHECK(events.handle_count == 2);
    CHECK(RequestState(request) == kRequestFree);

    IpcCall submit = {.command = 4, .domain_object = request};
    CHECK_RESULT(ipc_call(g_nifm, &submit), 0);
    int32_t index = -1;
    CHECK_RESULT(svcWaitSynchronization(&index, &events.handles[0], 1, 1000000000ull), 0);
    CHECK(index == 0);
    CHECK(RequestState(request) == (connected ? kRequestAccepted : kRequestFree));
    IpcCall result = {.command = 1, .domain_object = request};
    CHECK_RESULT(ipc_call(g_nifm, &result), connected ? 0 : NIFM_RESULT(1111));

    svcCloseHandle(events.handles[0]);
    svcCloseHandle(events.handles[1]);
    CHECK_RESULT(ipc_close_object(g_nifm, (uint32_t)request), 0);
}

static void CheckConnected(int32_t general, const uint8_t status[3]) {
    CHECK(status[0] == 1);  // Wi-Fi
    CHECK(status[1] == 3);  // full strength
    CHECK(status[2] == 4);  // connected

    uint8_t address[4] = {0};
    IpcCall ip = {.command = 12, .domain_object = general, .out = address, .out_size = 4};
    CHECK_RESULT(ipc_call(g_nifm, &ip), 0);
    CHECK(address[0] != 0);  // the host's address, or 127.0.0.1 without a route

    uint8_t config[22] = {0};  // IpAddressSetting, DnsSetting
    IpcCall info = {.command = 15, .domain_object = general, .out = config, .out_size = 22};
    CHECK_RESULT(ipc_call(g_nifm, &info), 0);
    CHECK(config[0] == 1);  // automatic
    CHECK(memcmp(&config[1], address, 4) == 0);
    CHECK(config[5] == 255);  // a mask of at least /8

    static uint8_t profile[0x17C];
    IpcCall get_profile = {.command = 5,
                           .domain_object = general,
                           .c_count = 1,
                           .c = {{(uintptr_t)profile, sizeof(profile)}}};
    CHECK_RESULT(ipc_call(g_nifm, &get_profile), 0);
    CHECK(memcmp(&profile[1], address, 4) == 0);
    CHECK(strcmp((const char*)&profile[0xD2], "nxhost") == 0);
}

int main(void) {
    const Handle sm = ConnectToSm();
    g_nifm = OpenService(sm, "nifm:u");
    uint32_t object = 0;
    IpcCall convert = {.command = 0, .control = true, .out = &object, .out_size = 4};
    CHECK_RESULT(ipc_call(g_nifm, &convert), 0);
    const uint64_t pid_placeholder = 0;
    IpcCall create = {.command = 5,
                      .domain_object = (int32_t)object,
                      .send_pid = true,
                      .in = &pid_placeholder,
                      .in_size = 8};
    CHECK_RESULT(ipc_call(g_nifm, &create), 0);
    CHECK(create.object_count == 1);
    const int32_t general = (int32_t)create.objects[0];

    uint8_t status[4] = {0};
    IpcCall connection = {.command = 18, .domain_object = general, .out = status, .out_size = 3};
    const Result status_result = ipc_call(g_nifm, &connection);
    const bool connected = status_result == 0;
    printf("nifm: %s\n", connected ? "connected" : "no network");
    if (connected) {
        CheckConnected(general, status);
    } else {
        CHECK_RESULT(status_result, NIFM_RESULT(300));
        uint32_t address = 0;
        IpcCall ip = {.command = 12, .domain_object = general, .out = &address, .out_size = 4};
        CHECK_RESULT(ipc_call(g_nifm, &ip), NIFM_RESULT(300));
    }

    uint32_t client_id = 0;
    IpcCall get_client = {.command = 1,
                          .domain_object = general,
                          .c_count = 1,
                          .c = {{(uintptr_t)&client_id, sizeof(client_id)}}};
    CHECK_RESULT(ipc_call(g_nifm, &get_client), 0);
    CHECK(client_id != 0);
    uint8_t accepted = 0xff;
    IpcCall any = {.command = 21,
                   .domain_object = general,
                   .x_count = 1,
                   .x = {{(uintptr_t)&client_id, sizeof(client_id)}},
                   .out = &accepted,
                   .out_size = 1};
    CHECK_RESULT(ipc_call(g_nifm, &any), 0);
    CHECK(accepted == (connected ? 1 : 0));
    uint8_t enabled = 0;
    IpcCall wireless = {.command = 17, .domain_object = general, .out = &enabled, .out_size = 1};
    CHECK_RESULT(ipc_call(g_nifm, &wireless), 0);
    CHECK(enabled == 1);
    CheckRequest(general, connected);

    CHECK_RESULT(ipc_close_object(g_nifm, (uint32_t)general), 0);
    svcCloseHandle(g_nifm);
    svcCloseHandle(sm);
    return check_summary("nifm");
}
