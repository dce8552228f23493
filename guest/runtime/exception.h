#pragma once

// The program's own exception handler, as Horizon delivers faults (the kernel enters the
// program's entry point with the exception type and the saved state; crt0.S passes them on).

#include <stdint.h>

#include "svc.h"

// The kernel's exception types (Atmosphère's ams::svc::ExceptionType).
enum {
    ExceptionType_InstructionAbort = 0x100,
    ExceptionType_DataAbort = 0x101,
    ExceptionType_UnalignedInstruction = 0x102,
    ExceptionType_UnalignedData = 0x103,
    ExceptionType_UndefinedInstruction = 0x104,
    ExceptionType_InvalidSystemCall = 0x301,
};

// The state the kernel saved (x0..x8, lr, sp, pc and the syndrome; x9..x29 and the vector
// registers are still the faulting code's). A handler may change it before resuming.
typedef struct {
    uint64_t x[9];
    uint64_t lr;
    uint64_t sp;
    uint64_t pc;
    uint32_t pstate;
    uint32_t afsr0;
    uint32_t afsr1;
    uint32_t esr;
    uint64_t far;
} ExceptionInfo;

// Runs on the runtime's exception stack. Returning 0 resumes the thread from `info`; anything
// else declines, and the kernel ends the process.
typedef Result (*ExceptionHandler)(uint32_t type, ExceptionInfo* info);

// Without a handler every fault is declined.
void nx_set_exception_handler(ExceptionHandler handler);

// Leaves the exception: the kernel resumes from the info (result 0) or ends the process.
_Noreturn void svcReturnFromException(Result result);
