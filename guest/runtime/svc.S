// Supervisor call wrappers with the console's register conventions (public Horizon ABI).

.macro SVC_FUNCTION name
    .section .text.\name, "ax", %progbits
    .global \name
    .type \name, %function
    .balign 4
\name:
.endm

SVC_FUNCTION svcSetHeapSize
    str x0, [sp, #-16]!
    svc 0x01
    ldr x2, [sp], #16
    str x1, [x2]
    ret

SVC_FUNCTION svcQueryMemory
    str x1, [sp, #-16]!
    svc 0x06
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcExitProcess
    svc 0x07
    ret

SVC_FUNCTION svcSleepThread
    svc 0x0b
    ret

SVC_FUNCTION svcGetSystemTick
    svc 0x1e
    ret

SVC_FUNCTION svcBreak
    svc 0x26
    ret

SVC_FUNCTION svcOutputDebugString
    svc 0x27
    ret

SVC_FUNCTION svcGetInfo
    str x0, [sp, #-16]!
    svc 0x29
    ldr x2, [sp], #16
    str x1, [x2]
    ret
