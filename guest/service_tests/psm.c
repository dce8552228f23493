// psm: a full battery on the official charger.

#include "service_client.h"

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle psm = OpenService(sm, "psm");
    uint32_t value = 0;
    IpcCall percentage = {.command = 0, .out = &value, .out_size = 4};
    CHECK_RESULT(ipc_call(psm, &percentage), 0);
    CHECK(value == 100);
    IpcCall charger = {.command = 1, .out = &value, .out_size = 4};
    CHECK_RESULT(ipc_call(psm, &charger), 0);
    CHECK(value == 1);
    svcCloseHandle(psm);
    svcCloseHandle(sm);
    return check_summary("psm");
}
