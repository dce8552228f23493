// pctl: no restrictions, reached as libnx does (pctl:a, a domain, CreateServiceWithoutInitialize
// then Initialize).

#include "service_client.h"

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle plain = OpenService(sm, "pctl");
    svcCloseHandle(plain);
    const Handle pctl = OpenService(sm, "pctl:a");
    uint32_t object = 0;
    IpcCall convert = {.command = 0, .control = true, .out = &object, .out_size = 4};
    CHECK_RESULT(ipc_call(pctl, &convert), 0);
    const uint64_t pid_placeholder = 0;
    IpcCall create = {.command = 1,
                      .domain_object = (int32_t)object,
                      .send_pid = true,
                      .in = &pid_placeholder,
                      .in_size = 8};
    CHECK_RESULT(ipc_call(pctl, &create), 0);
    CHECK(create.object_count == 1);
    const int32_t service = (int32_t)create.objects[0];

    IpcCall initialize = {.command = 1, .domain_object = service};
    CHECK_RESULT(ipc_call(pctl, &initialize), 0);
    uint8_t flag = 0xff;
    IpcCall restricted = {.command = 1031, .domain_object = service, .out = &flag, .out_size = 1};
    CHECK_RESULT(ipc_call(pctl, &restricted), 0);
    CHECK(flag == 0);
    IpcCall stereo = {.command = 1065, .domain_object = service, .out = &flag, .out_size = 1};
    CHECK_RESULT(ipc_call(pctl, &stereo), 0);
    CHECK(flag == 1);
    IpcCall confirm = {.command = 1013, .domain_object = service};
    CHECK_RESULT(ipc_call(pctl, &confirm), 0);
    IpcCall free_communication = {.command = 1001, .domain_object = service};
    CHECK_RESULT(ipc_call(pctl, &free_communication), 0);
    IpcCall timer = {.command = 1455, .domain_object = service, .out = &flag, .out_size = 1};
    CHECK_RESULT(ipc_call(pctl, &timer), 0);
    CHECK(flag == 0);

    svcCloseHandle(pctl);
    svcCloseHandle(sm);
    return check_summary("pctl");
}
