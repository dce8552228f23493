// Reads an address no mapping covers: nxhost must stop with a report naming the load.

#include <stdint.h>
#include <stdio.h>

int main(void) {
    printf("about to read unmapped memory\n");
    volatile uint64_t* pointer = (volatile uint64_t*)(uintptr_t)0x1230000;
    return (int)*pointer;
}
