// appletOE: the application proxy, its message queue and event, focus, and application
// functions, as an application's start-up uses them.

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

#define AM_RESULT(description) ((Result)(128u | ((description) << 9)))

static Handle OpenObject(Handle session, uint32_t command) {
    IpcCall call = {.command = command};
    CHECK_RESULT(ipc_call(session, &call), 0);
    return call.handle_count > 0 ? call.handles[0] : 0;
}

int main(void) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &hello), 0);
    const uint64_t name = ipc_service_name("appletOE");
    IpcCall get = {.command = 1, .in = &name, .in_size = 8};
    CHECK_RESULT(ipc_call(sm, &get), 0);
    const Handle service = get.handles[0];

    IpcCall open = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(service, &open), 0);
    const Handle proxy = open.handles[0];
    const Handle state = OpenObject(proxy, 0);
    const Handle functions = OpenObject(proxy, 20);

    // The message event is signaled with FocusStateChanged waiting, then cleared.
    IpcCall event_call = {.command = 0};
    CHECK_RESULT(ipc_call(state, &event_call), 0);
    const Handle event = event_call.handles[0];
    int32_t index = -1;
    CHECK_RESULT(svcWaitSynchronization(&index, &event, 1, 0), 0);
    uint32_t message = 0;
    IpcCall receive = {.command = 1, .out = &message, .out_size = 4};
    CHECK_RESULT(ipc_call(state, &receive), 0);
    CHECK(message == 15);
    CHECK_RESULT(ipc_call(state, &receive), AM_RESULT(3));
    CHECK_RESULT(svcWaitSynchronization(&index, &event, 1, 0), RESULT_TIMED_OUT);

    uint8_t focus = 0;
    IpcCall focus_call = {.command = 9, .out = &focus, .out_size = 1};
    CHECK_RESULT(ipc_call(state, &focus_call), 0);
    CHECK(focus == 1);

    uint8_t running = 0;
    IpcCall notify = {.command = 40, .out = &running, .out_size = 1};
    CHECK_RESULT(ipc_call(functions, &notify), 0);
    CHECK(running == 1);
    uint64_t language = 0;
    IpcCall desired = {.command = 21, .out = &language, .out_size = 8};
    CHECK_RESULT(ipc_call(functions, &desired), 0);
    CHECK(language == ipc_service_name("en-US"));
    const uint32_t kind = 1;
    IpcCall pop = {.command = 1, .in = &kind, .in_size = 4};
    CHECK_RESULT(ipc_call(functions, &pop), AM_RESULT(2));

    svcCloseHandle(event);
    svcCloseHandle(functions);
    svcCloseHandle(state);
    svcCloseHandle(proxy);
    svcCloseHandle(service);
    svcCloseHandle(sm);
    return check_summary("applet");
}
