// nifm:u: a console without a network, reached as libnx does (a domain, CreateGeneralService).

#include "service_client.h"

#define NIFM_RESULT(description) ((Result)(110u | ((description) << 9)))

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle nifm = OpenService(sm, "nifm:u");
    uint32_t object = 0;
    IpcCall convert = {.command = 0, .control = true, .out = &object, .out_size = 4};
    CHECK_RESULT(ipc_call(nifm, &convert), 0);
    const uint64_t pid_placeholder = 0;
    IpcCall create = {.command = 5,
                      .domain_object = (int32_t)object,
                      .send_pid = true,
                      .in = &pid_placeholder,
                      .in_size = 8};
    CHECK_RESULT(ipc_call(nifm, &create), 0);
    CHECK(create.object_count == 1);
    const int32_t general = (int32_t)create.objects[0];

    uint8_t status[4] = {0};
    IpcCall connection = {.command = 18, .domain_object = general, .out = status, .out_size = 3};
    CHECK_RESULT(ipc_call(nifm, &connection), NIFM_RESULT(300));
    uint32_t address = 0;
    IpcCall ip = {.command = 12, .domain_object = general, .out = &address, .out_size = 4};
    CHECK_RESULT(ipc_call(nifm, &ip), NIFM_RESULT(300));

    uint32_t client_id = 0;
    IpcCall get_client = {.command = 1,
                          .domain_object = general,
                          .c_count = 1,
                          .c = {{(uintptr_t)&client_id, sizeof(client_id)}}};
    CHECK_RESULT(ipc_call(nifm, &get_client), 0);
    CHECK(client_id != 0);
    uint8_t accepted = 0xff;
    IpcCall any = {.command = 21,
                   .domain_object = general,
                   .x_count = 1,
                   .x = {{(uintptr_t)&client_id, sizeof(client_id)}},
                   .out = &accepted,
                   .out_size = 1};
    CHECK_RESULT(ipc_call(nifm, &any), 0);
    CHECK(accepted == 0);
    uint8_t enabled = 0;
    IpcCall wireless = {.command = 17, .domain_object = general, .out = &enabled, .out_size = 1};
    CHECK_RESULT(ipc_call(nifm, &wireless), 0);
    CHECK(enabled == 1);

    CHECK_RESULT(ipc_close_object(nifm, (uint32_t)general), 0);
    svcCloseHandle(nifm);
    svcCloseHandle(sm);
    return check_summary("nifm");
}
