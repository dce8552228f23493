// Grows its heap 32 MiB at a time and writes every page, without end: nxhost's memory ceiling
// (--max-memory) must end the run with its report before the host runs short. Exits 1 if the
// guest's own pool runs out first.

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "svc.h"

int main(void) {
    const uint64_t step = 32u << 20;
    for (uint64_t size = step;; size += step) {
        void* heap = NULL;
        if (svcSetHeapSize(&heap, size) != 0) {
            printf("the heap stopped growing at %llu MiB\n", (unsigned long long)(size >> 20));
            return 1;
        }
        memset((uint8_t*)heap + size - step, 0x5a, step);
        printf("heap %llu MiB written\n", (unsigned long long)(size >> 20));
    }
}
