// apm: performance mode and per-mode performance configurations through an ISession.

#include "service_client.h"

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle apm = OpenService(sm, "apm");

    uint32_t mode = 0xffffffff;
    IpcCall get_mode = {.command = 1, .out = &mode, .out_size = 4};
    CHECK_RESULT(ipc_call(apm, &get_mode), 0);
    CHECK(mode == 0);  // normal (handheld)

    const Handle session = OpenInterface(apm, 0, NULL, 0, false);
    uint32_t configuration = 0;
    const uint32_t normal = 0;
    IpcCall get = {.command = 1, .in = &normal, .in_size = 4, .out = &configuration, .out_size = 4};
    CHECK_RESULT(ipc_call(session, &get), 0);
    CHECK(configuration == 0x00010000);

    const uint32_t set_in[2] = {1, 0x00020003};  // boost mode
    IpcCall set = {.command = 0, .in = set_in, .in_size = 8};
    CHECK_RESULT(ipc_call(session, &set), 0);
    const uint32_t boost = 1;
    IpcCall get_boost = {
        .command = 1, .in = &boost, .in_size = 4, .out = &configuration, .out_size = 4};
    CHECK_RESULT(ipc_call(session, &get_boost), 0);
    CHECK(configuration == 0x00020003);
    CHECK_RESULT(ipc_call(session, &get), 0);
    CHECK(configuration == 0x00010000);  // the other mode keeps its own

    svcCloseHandle(session);
    svcCloseHandle(apm);
    svcCloseHandle(sm);
    return check_summary("apm");
}
