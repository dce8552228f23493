#pragma once

// What every service test does first: connect to sm:, register, open services by name.

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

static inline Handle ConnectToSm(void) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &hello), 0);
    return sm;
}

static inline Handle OpenService(Handle sm, const char* name) {
    const uint64_t encoded = ipc_service_name(name);
    IpcCall call = {.command = 1, .in = &encoded, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &call), 0);
    return call.handles[0];
}

// A command that returns a new session (outside a domain): its handle.
static inline Handle OpenInterface(Handle session, uint32_t command, const void* in,
                                   uint32_t in_size, bool send_pid) {
    IpcCall call = {.command = command, .send_pid = send_pid, .in = in, .in_size = in_size};
    CHECK_RESULT(ipc_call(session, &call), 0);
    CHECK(call.handle_count == 1);
    return call.handles[0];
}
