// set and set:sys: the language, its codes, the region and the firmware version.

#include <string.h>

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

static Handle Open(Handle sm, const char* name) {
    const uint64_t encoded = ipc_service_name(name);
    IpcCall call = {.command = 1, .in = &encoded, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &call), 0);
    return call.handles[0];
}

int main(void) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &hello), 0);
    const Handle set = Open(sm, "set");
    const Handle set_sys = Open(sm, "set:sys");

    uint64_t code = 0;
    IpcCall language = {.command = 0, .out = &code, .out_size = 8};
    CHECK_RESULT(ipc_call(set, &language), 0);
    CHECK(code == ipc_service_name("en-US"));  // the test runs with NXHOST_LANGUAGE=en-US

    int32_t count = 0;
    IpcCall count2 = {.command = 6, .out = &count, .out_size = 4};
    CHECK_RESULT(ipc_call(set, &count2), 0);
    CHECK(count == 18);
    static uint64_t codes[32];
    IpcCall list = {.command = 5,
                    .b_count = 1,
                    .b = {{(uintptr_t)codes, sizeof(codes)}},
                    .out = &count,
                    .out_size = 4};
    CHECK_RESULT(ipc_call(set, &list), 0);
    CHECK(count == 18);
    CHECK(codes[0] == ipc_service_name("ja") && codes[17] == ipc_service_name("pt-BR"));
    uint32_t index = 12;
    IpcCall make = {.command = 2, .in = &index, .in_size = 4, .out = &code, .out_size = 8};
    CHECK_RESULT(ipc_call(set, &make), 0);
    CHECK(code == ipc_service_name("en-GB"));

    int32_t region = -1;
    IpcCall region_call = {.command = 4, .out = &region, .out_size = 4};
    CHECK_RESULT(ipc_call(set, &region_call), 0);
    CHECK(region == 1);

    static uint8_t firmware[0x100];
    IpcCall version = {.command = 4, .c_count = 1, .c = {{(uintptr_t)firmware, sizeof(firmware)}}};
    CHECK_RESULT(ipc_call(set_sys, &version), 0);
    CHECK(firmware[0] == 20 && firmware[1] == 1);
    CHECK(strcmp((const char*)firmware + 0x68, "20.1.0") == 0);

    svcCloseHandle(set);
    svcCloseHandle(set_sys);
    svcCloseHandle(sm);
    return check_summary("settings");
}
