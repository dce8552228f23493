// Spins without end and without a supervisor call, in one tight loop of linked code blocks: the
// run must still end when its time limit passes or its control file says exit, because the
// kernel cannot wait for the guest to call it.

#include <stdint.h>
#include <stdio.h>

int main(void) {
    printf("spinning\n");
    fflush(stdout);
    volatile uint64_t counter = 0;
    for (;;) {
        counter = counter + 1;
    }
}
