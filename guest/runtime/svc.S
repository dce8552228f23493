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

SVC_FUNCTION svcCreateThread
    str x0, [sp, #-16]!
    svc 0x08
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcStartThread
    svc 0x09
    ret

SVC_FUNCTION svcExitThread
    svc 0x0a
    ret

SVC_FUNCTION svcGetThreadPriority
    str x0, [sp, #-16]!
    svc 0x0c
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcSetThreadPriority
    svc 0x0d
    ret

SVC_FUNCTION svcGetThreadCoreMask
    stp x0, x1, [sp, #-16]!
    svc 0x0e
    ldp x3, x4, [sp], #16
    str w1, [x3]
    str x2, [x4]
    ret

SVC_FUNCTION svcSetThreadCoreMask
    svc 0x0f
    ret

SVC_FUNCTION svcGetCurrentProcessorNumber
    svc 0x10
    ret

SVC_FUNCTION svcSignalEvent
    svc 0x11
    ret

SVC_FUNCTION svcClearEvent
    svc 0x12
    ret

SVC_FUNCTION svcCloseHandle
    svc 0x16
    ret

SVC_FUNCTION svcResetSignal
    svc 0x17
    ret

SVC_FUNCTION svcWaitSynchronization
    str x0, [sp, #-16]!
    svc 0x18
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcCancelSynchronization
    svc 0x19
    ret

SVC_FUNCTION svcArbitrateLock
    svc 0x1a
    ret

SVC_FUNCTION svcArbitrateUnlock
    svc 0x1b
    ret

SVC_FUNCTION svcWaitProcessWideKeyAtomic
    svc 0x1c
    ret

SVC_FUNCTION svcSignalProcessWideKey
    svc 0x1d
    ret

SVC_FUNCTION svcGetThreadId
    str x0, [sp, #-16]!
    svc 0x25
    ldr x2, [sp], #16
    str x1, [x2]
    ret

SVC_FUNCTION svcSetThreadActivity
    svc 0x32
    ret

SVC_FUNCTION svcGetThreadContext3
    svc 0x33
    ret

SVC_FUNCTION svcWaitForAddress
    svc 0x34
    ret

SVC_FUNCTION svcSignalToAddress
    svc 0x35
    ret

SVC_FUNCTION svcCreateEvent
    stp x0, x1, [sp, #-16]!
    svc 0x45
    ldp x3, x4, [sp], #16
    str w1, [x3]
    str w2, [x4]
    ret

SVC_FUNCTION svcConnectToNamedPort
    str x0, [sp, #-16]!
    svc 0x1f
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcSendSyncRequest
    svc 0x21
    ret

SVC_FUNCTION svcSendSyncRequestWithUserBuffer
    svc 0x22
    ret

// Memory (issue 3, point 2).

SVC_FUNCTION svcSetMemoryPermission
    svc 0x02
    ret

SVC_FUNCTION svcSetMemoryAttribute
    svc 0x03
    ret

SVC_FUNCTION svcMapMemory
    svc 0x04
    ret

SVC_FUNCTION svcUnmapMemory
    svc 0x05
    ret

SVC_FUNCTION svcMapSharedMemory
    svc 0x13
    ret

SVC_FUNCTION svcUnmapSharedMemory
    svc 0x14
    ret

SVC_FUNCTION svcCreateTransferMemory
    str x0, [sp, #-16]!
    svc 0x15
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcMapPhysicalMemory
    svc 0x2c
    ret

SVC_FUNCTION svcUnmapPhysicalMemory
    svc 0x2d
    ret

SVC_FUNCTION svcCreateCodeMemory
    str x0, [sp, #-16]!
    svc 0x4b
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcControlCodeMemory
    svc 0x4c
    ret

SVC_FUNCTION svcMapTransferMemory
    svc 0x51
    ret

SVC_FUNCTION svcUnmapTransferMemory
    svc 0x52
    ret

SVC_FUNCTION svcQueryProcessMemory
    str x1, [sp, #-16]!
    svc 0x76
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcCreateSession
    stp x0, x1, [sp, #-16]!
    svc 0x40
    ldp x3, x4, [sp], #16
    str w1, [x3]
    str w2, [x4]
    ret

SVC_FUNCTION svcAcceptSession
    str x0, [sp, #-16]!
    svc 0x41
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcReplyAndReceive
    str x0, [sp, #-16]!
    svc 0x43
    ldr x2, [sp], #16
    str w1, [x2]
    ret

SVC_FUNCTION svcGetProcessId
    str x0, [sp, #-16]!
    svc 0x24
    ldr x2, [sp], #16
    str x1, [x2]
    ret

SVC_FUNCTION svcSetProcessMemoryPermission
    svc 0x73
    ret

SVC_FUNCTION svcMapProcessMemory
    svc 0x74
    ret

SVC_FUNCTION svcUnmapProcessMemory
    svc 0x75
    ret

SVC_FUNCTION svcMapProcessCodeMemory
    svc 0x77
    ret

SVC_FUNCTION svcUnmapProcessCodeMemory
    svc 0x78
    ret
