// Calls a supervisor call nxhost does not provide (0x7f, CallSecureMonitor): the run must stop
// with a report that names it.

#include <stdio.h>

int main(void) {
    printf("about to call svc 0x7f\n");
    __asm__ volatile("svc 0x7f" ::: "memory");
    return 0;
}
