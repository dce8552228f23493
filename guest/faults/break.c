// svcBreak with the notification flag goes on; without it the run stops with the reason.

#include <stdio.h>

#include "svc.h"

int main(void) {
    svcBreak(0x80000000u | 3, 0x1000, 0x20);
    printf("notification break returned\n");
    svcBreak(1, 0x1234, 0x10);  // an assert: the run stops here
    printf("unreachable\n");
    return 0;
}
