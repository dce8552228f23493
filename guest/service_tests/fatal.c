// fatal:u: ThrowFatalWithCpuContext ends the run with a report; nothing after it runs.

#include <string.h>

#include "service_client.h"

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle fatal = OpenService(sm, "fatal:u");
    // libnx's FatalCpuContext: pc at 0x100, lr at 0xf0, the stack trace size at 0x240.
    static uint8_t context[0x250];
    const uint64_t pc = 0x1234560, lr = 0x7654320, trace = 0xabcdef0;
    const uint32_t trace_size = 1;
    memcpy(context + 0x100, &pc, 8);
    memcpy(context + 0xf0, &lr, 8);
    memcpy(context + 0x130, &trace, 8);
    memcpy(context + 0x240, &trace_size, 4);
    const uint64_t in[2] = {2u | (1002u << 9), 2};  // result 2002-1002, error screen policy
    printf("fatal: %d checks before the throw, %d failed\n", g_checks, g_failures);
    IpcCall call = {.command = 2,
                    .send_pid = true,
                    .in = in,
                    .in_size = 16,
                    .a_count = 1,
                    .a = {{(uintptr_t)context, sizeof(context)}}};
    ipc_call(fatal, &call);
    printf("fatal: still running after the throw\n");
    return 1;
}
