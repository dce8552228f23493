#pragma once
// Horizon's user exception contract: a guest fault is delivered to the program itself. The
// kernel saves the faulting thread's state in the exception info of the process local region
// and enters the process's entry point with x0 = the exception type and x1 = that info's
// address; the program answers with svcReturnFromException (0x28). Success resumes the thread
// from the (possibly changed) info; any other result, or a second fault while the handler
// runs, ends the process. Layouts and numbers: Atmosphère's svc_types (ExceptionType,
// aarch64::ExceptionInfo, ProcessLocalRegion) and its kernel's HandleUserException, and libnx
// (ThreadExceptionFrameA64, switch_crt0.s, exception.s).

#include "base/types.h"

namespace kernel {

// ams::svc::ExceptionType.
enum class ExceptionType : u32 {
    InstructionAbort = 0x100,
    DataAbort = 0x101,
    UnalignedInstruction = 0x102,
    UnalignedData = 0x103,
    UndefinedInstruction = 0x104,
    ExceptionInstruction = 0x105,
    MemorySystemError = 0x106,
    InvalidSystemCall = 0x301,
};

// aarch64::ExceptionInfo (0x78 bytes; libnx calls it ThreadExceptionFrameA64).
struct UserExceptionInfo {
    u64 x[9];
    u64 lr;
    u64 sp;
    u64 pc;
    u32 pstate;
    u32 afsr0;
    u32 afsr1;
    u32 esr;
    u64 far;
};
static_assert(sizeof(UserExceptionInfo) == 0x78);

// The process local region: one 0x200-byte thread-local slot the kernel takes when it creates
// the process (svcGetInfo UserExceptionContextAddress, 20, returns its address). Its first
// 0x148 bytes are the handler's stack, then the exception info, then the dying message.
inline constexpr u64 kProcessLocalRegionSize = 0x200;
inline constexpr u64 kExceptionInfoOffset = 0x148;
// The handler's stack top: the end of the data before the info, aligned down to 16.
inline constexpr u64 kExceptionStackTopOffset = kExceptionInfoOffset & ~u64{0xf};
// The PSTATE bits a program sees and may give back (libnx: "pstate & 0xFF0FFE20").
inline constexpr u32 kEl0PstateMask = 0xFF0FFE20;
// What a handler that declines returns (libnx's 0xf801, ResultNotHandled of module 1).
inline constexpr u32 kResultNotHandled = 0xf801;

}  // namespace kernel
