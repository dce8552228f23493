// acc:u0: one user, preselected, named "nxhost".

#include <string.h>

#include "service_client.h"

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle acc = OpenService(sm, "acc:u0");
    const uint64_t pid_placeholder = 0;
    IpcCall init = {.command = 140, .send_pid = true, .in = &pid_placeholder, .in_size = 8};
    CHECK_RESULT(ipc_call(acc, &init), 0);

    int32_t count = 0;
    IpcCall user_count = {.command = 0, .out = &count, .out_size = 4};
    CHECK_RESULT(ipc_call(acc, &user_count), 0);
    CHECK(count == 1);

    uint64_t users[8][2];
    memset(users, 0xff, sizeof(users));
    IpcCall list = {.command = 2, .c_count = 1, .c = {{(uintptr_t)users, sizeof(users)}}};
    CHECK_RESULT(ipc_call(acc, &list), 0);
    CHECK((users[0][0] | users[0][1]) != 0);
    CHECK(users[1][0] == 0 && users[1][1] == 0 && users[7][1] == 0);

    uint64_t last[2] = {0, 0};
    IpcCall last_opened = {.command = 4, .out = last, .out_size = 16};
    CHECK_RESULT(ipc_call(acc, &last_opened), 0);
    CHECK(last[0] == users[0][0] && last[1] == users[0][1]);

    uint8_t exists = 0;
    IpcCall existence = {.command = 1, .in = last, .in_size = 16, .out = &exists, .out_size = 1};
    CHECK_RESULT(ipc_call(acc, &existence), 0);
    CHECK(exists == 1);
    const uint64_t stranger[2] = {1, 2};
    IpcCall no_one = {.command = 1, .in = stranger, .in_size = 16, .out = &exists, .out_size = 1};
    CHECK_RESULT(ipc_call(acc, &no_one), 0);
    CHECK(exists == 0);
    const uint64_t nobody[2] = {0, 0};
    IpcCall null_user = {.command = 1, .in = nobody, .in_size = 16, .out = &exists, .out_size = 1};
    CHECK_RESULT(ipc_call(acc, &null_user), 124u | (20u << 9));

    const Handle profile = OpenInterface(acc, 5, last, 16, false);
    struct {
        uint64_t uid[2];
        uint64_t timestamp;
        char nickname[0x20];
    } base;
    memset(&base, 0xff, sizeof(base));
    IpcCall get_base = {.command = 1, .out = &base, .out_size = sizeof(base)};
    CHECK_RESULT(ipc_call(profile, &get_base), 0);
    CHECK(base.uid[0] == last[0] && base.uid[1] == last[1]);
    CHECK(strcmp(base.nickname, "nxhost") == 0);
    static uint8_t user_data[0x80];
    memset(&base, 0, sizeof(base));
    IpcCall get = {.command = 0,
                   .c_count = 1,
                   .c = {{(uintptr_t)user_data, sizeof(user_data)}},
                   .out = &base,
                   .out_size = sizeof(base)};
    CHECK_RESULT(ipc_call(profile, &get), 0);
    CHECK(strcmp(base.nickname, "nxhost") == 0);

    svcCloseHandle(profile);
    svcCloseHandle(acc);
    svcCloseHandle(sm);
    return check_summary("acc");
}
