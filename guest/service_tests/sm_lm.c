// sm: over CMIF and TIPC, lm's logger, control requests and domains, with the result codes of
// the console's services.

#include <string.h>

#include "../kernel_tests/check.h"
#include "ipc.h"
#include "svc.h"

#define SM_RESULT(description) ((Result)(21u | ((description) << 9)))
#define SF_RESULT(description) ((Result)(10u | ((description) << 9)))

static Result GetServiceByValue(Handle sm, uint64_t encoded, Handle* out) {
    IpcCall call = {.command = 1, .in = &encoded, .in_size = 8};
    const Result result = ipc_call(sm, &call);
    if (result == 0) {
        *out = call.handles[0];
    }
    return result;
}

static Result GetService(Handle sm, const char* name, Handle* out) {
    return GetServiceByValue(sm, ipc_service_name(name), out);
}

// Atmosphère's sm extension, as libnx's smAtmosphereHasService sends it.
static Result HasService(Handle sm, const char* name, uint8_t* has) {
    const uint64_t encoded = ipc_service_name(name);
    IpcCall call = {.command = 65100, .in = &encoded, .in_size = 8, .out = has, .out_size = 1};
    return ipc_call(sm, &call);
}

static Result RegisterClient(Handle sm) {
    const uint64_t reserved = 0;
    IpcCall call = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    return ipc_call(sm, &call);
}

// A log packet: header, then a text chunk (key 2) and a line chunk (key 3).
static uint32_t MakeLogPacket(uint8_t* packet, const char* text) {
    memset(packet, 0, 0x18);
    packet[0x10] = 3;  // flags: head and tail
    packet[0x12] = 0;  // severity: trace
    uint32_t at = 0x18;
    const uint32_t length = (uint32_t)strlen(text);
    packet[at++] = 2;
    packet[at++] = (uint8_t)length;
    memcpy(packet + at, text, length);
    at += length;
    const uint32_t payload = at - 0x18;
    memcpy(packet + 0x14, &payload, 4);
    return at;
}

int main(void) {
    Handle sm = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm, "nope:"), RESULT_NOT_FOUND);
    CHECK_RESULT(svcConnectToNamedPort(&sm, "sm:"), 0);

    Handle lm = 0;
    CHECK_RESULT(GetService(sm, "lm", &lm), SM_RESULT(2));  // before RegisterClient
    CHECK_RESULT(RegisterClient(sm), 0);
    CHECK_RESULT(GetServiceByValue(sm, 0x620061, &lm), SM_RESULT(6));  // "a\0b": not a name
    CHECK_RESULT(GetService(sm, "nosuch", &lm), SM_RESULT(7));
    CHECK_RESULT(GetService(sm, "lm", &lm), 0);
    uint8_t has = 2;
    CHECK_RESULT(HasService(sm, "lm", &has), 0);
    CHECK(has == 1);
    CHECK_RESULT(HasService(sm, "fizeau", &has), 0);  // a sysmodule's service nobody runs
    CHECK(has == 0);
    CHECK(lm != 0);

    // OpenLogger gives a new session, then Log through a pointer (X) buffer.
    uint64_t reserved = 0;
    IpcCall open = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    CHECK_RESULT(ipc_call(lm, &open), 0);
    CHECK(open.handle_count == 1);
    const Handle logger = open.handles[0];
    static uint8_t packet[0x100];
    const uint32_t size = MakeLogPacket(packet, "hello from the guest through lm");
    IpcCall log = {.command = 0, .x_count = 1, .x = {{(uintptr_t)packet, size}}};
    CHECK_RESULT(ipc_call(logger, &log), 0);

    IpcCall unknown = {.command = 99};
    CHECK_RESULT(ipc_call(lm, &unknown), SF_RESULT(221));

    // Control requests: the pointer buffer size, then a domain.
    uint16_t pointer_size = 0;
    IpcCall query = {.command = 3, .control = true, .out = &pointer_size, .out_size = 2};
    CHECK_RESULT(ipc_call(lm, &query), 0);
    CHECK(pointer_size > 0);
    uint32_t object = 0;
    IpcCall convert = {.command = 0, .control = true, .out = &object, .out_size = 4};
    CHECK_RESULT(ipc_call(lm, &convert), 0);
    CHECK(object == 1);
    IpcCall open_in_domain = {.command = 0,
                              .send_pid = true,
                              .domain_object = (int32_t)object,
                              .in = &reserved,
                              .in_size = 8};
    CHECK_RESULT(ipc_call(lm, &open_in_domain), 0);
    CHECK(open_in_domain.object_count == 1 && open_in_domain.handle_count == 0);
    const uint32_t logger_object = open_in_domain.objects[0];
    IpcCall log_in_domain = {.command = 0,
                             .domain_object = (int32_t)logger_object,
                             .x_count = 1,
                             .x = {{(uintptr_t)packet, size}}};
    CHECK_RESULT(ipc_call(lm, &log_in_domain), 0);
    CHECK_RESULT(ipc_close_object(lm, logger_object), 0);
    CHECK_RESULT(ipc_call(lm, &log_in_domain), SF_RESULT(236));  // closed object
    CHECK_RESULT(svcCloseHandle(logger), 0);
    CHECK_RESULT(svcCloseHandle(lm), 0);

    // TIPC, as sm: speaks since firmware 13.
    Handle sm_tipc = 0;
    CHECK_RESULT(svcConnectToNamedPort(&sm_tipc, "sm:"), 0);
    CHECK_RESULT(tipc_call(sm_tipc, 0, &reserved, 8, NULL, 0, NULL), 0);
    const uint64_t name = ipc_service_name("lm");
    Handle lm_tipc = 0;
    CHECK_RESULT(tipc_call(sm_tipc, 1, &name, 8, NULL, 0, &lm_tipc), 0);
    CHECK(lm_tipc != 0);
    svcCloseHandle(lm_tipc);
    svcCloseHandle(sm_tipc);
    svcCloseHandle(sm);
    return check_summary("sm_lm");
}
