// The demo `make run` runs: it prints from the guest, uses the heap and the kernel's
// information calls, presents a frame through vi (nxhost's control script shoots it), and
// returns its status to nxhost.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "display.h"
#include "svc.h"

static unsigned long Fibonacci(unsigned n) {
    unsigned long a = 0, b = 1;
    for (unsigned i = 0; i < n; ++i) {
        const unsigned long next = a + b;
        a = b;
        b = next;
    }
    return a;
}

int main(int argc, char** argv) {
    printf("Hello from an AArch64 guest running on nxhost!\n");
    printf("arguments: %d", argc);
    for (int i = 0; i < argc; ++i) {
        printf(" [%s]", argv[i]);
    }
    printf("\n");

    uint64_t heap_base = 0;
    uint64_t heap_size = 0;
    svcGetInfo(&heap_base, 4, CUR_PROCESS_HANDLE, 0);
    svcGetInfo(&heap_size, 5, CUR_PROCESS_HANDLE, 0);
    printf("heap region: %#llx, %#llx bytes\n", (unsigned long long)heap_base,
           (unsigned long long)heap_size);

    char* buffer = malloc(1 << 20);
    if (buffer == NULL) {
        printf("malloc failed\n");
        return 1;
    }
    memset(buffer, 'x', 1 << 20);
    printf("malloc'd 1 MiB at %p\n", (void*)buffer);
    free(buffer);

    printf("fibonacci(90) = %lu\n", Fibonacci(90));
    if (ShowDemoFrame() != 0) {
        return 1;
    }
    // Stay on screen for a moment, so that a control script can take a shot.
    svcSleepThread(500000000);
    return 0;
}
