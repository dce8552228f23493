// Delivering a guest fault to the program's own exception handler; the contract is described
// in user_exception.h, the way back in svc_exception.cpp.

#include "kernel/user_exception.h"

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/process_state.h"

namespace kernel {
namespace {

using cpu::GuestFault;

// While another thread's handler runs, a faulting thread waits this long and tries again (its
// faulting instruction has not run, so it is simply delivered later).
constexpr u64 kBusyRetryNanoseconds = 100'000;

// ESR_EL1 as the console reports it for a fault from EL0 (Arm Architecture Reference Manual,
// ESR_ELx: EC in bits 31:26, IL bit 25, for aborts WnR bit 6 and the fault status code in bits
// 5:0: 0b000111 translation fault level 3, 0b001111 permission fault level 3).
constexpr u32 kEsrIl = 1u << 25;
constexpr u32 kEcUnknown = 0x00;
constexpr u32 kEcInstructionAbortLowerEl = 0x20;
constexpr u32 kEcPcAlignment = 0x22;
constexpr u32 kEcDataAbortLowerEl = 0x24;
constexpr u32 kEcBrk = 0x3c;
constexpr u32 kFscTranslationLevel3 = 0x07;
constexpr u32 kFscPermissionLevel3 = 0x0f;
constexpr u32 kWnR = 1u << 6;

struct Classified {
    ExceptionType type;
    u32 esr;
    u64 far;
};

// The type HandleUserException picks for each exception class: an undefined instruction and a
// BRK are "instruction aborts" too, as on the console.
Classified Classify(const Process::State& state, const GuestFault& fault) {
    const auto status = [&](u64 address) {
        // Mapped but not accessible this way: a permission fault; unmapped: a translation one.
        return state.memory.Read<u8>(address) ? kFscPermissionLevel3 : kFscTranslationLevel3;
    };
    switch (fault.kind) {
        case GuestFault::Kind::ReadFault:
            return {ExceptionType::DataAbort,
                    kEcDataAbortLowerEl << 26 | kEsrIl | status(fault.address), fault.address};
        case GuestFault::Kind::WriteFault:
            return {ExceptionType::DataAbort,
                    kEcDataAbortLowerEl << 26 | kEsrIl | kWnR | status(fault.address),
                    fault.address};
        case GuestFault::Kind::ExecuteFault:
            return {ExceptionType::InstructionAbort,
                    kEcInstructionAbortLowerEl << 26 | kEsrIl | status(fault.pc), fault.pc};
        case GuestFault::Kind::UndefinedInstruction:
            return {ExceptionType::InstructionAbort, kEcUnknown << 26 | kEsrIl, fault.pc};
        case GuestFault::Kind::Breakpoint: {
            const u32 word = state.memory.Read<u32>(fault.pc).value_or(0);
            return {ExceptionType::InstructionAbort, kEcBrk << 26 | kEsrIl | ((word >> 5) & 0xffff),
                    fault.pc};
        }
        case GuestFault::Kind::AlignmentFault:
            return {ExceptionType::UnalignedInstruction, kEcPcAlignment << 26 | kEsrIl, fault.pc};
    }
    return {ExceptionType::DataAbort, kEcDataAbortLowerEl << 26 | kEsrIl, fault.address};
}

}  // namespace

bool Process::State::DeliverUserException(Thread& thread, const GuestFault& fault,
                                          const std::string& report) {
    if (exception_thread == &thread) {
        return false;  // a fault in its own handler: the process ends (EnterUserException fails)
    }
    if (exception_thread != nullptr) {
        // Another thread's handler runs: this one waits (KProcess::EnterUserException).
        thread.pending_exception = PendingUserException{fault, thread.context, report};
        scheduler.Block(thread, WaitKind::Sleep,
                        clock.Now() + GuestClock::NanosecondsToTicks(kBusyRetryNanoseconds));
        return true;
    }
    const Classified what = Classify(*this, fault);
    cpu::ThreadContext& context = thread.context;
    UserExceptionInfo info{};
    for (unsigned i = 0; i < std::size(info.x); ++i) {
        info.x[i] = context.x[i];
    }
    info.lr = context.x[30];
    info.sp = context.sp;
    info.pc = fault.pc;
    info.pstate = context.pstate & kEl0PstateMask;
    info.esr = what.esr;
    info.far = what.far;
    if (!memory.WriteBlock(process_local_region + kExceptionInfoOffset,
                           {reinterpret_cast<const u8*>(&info), sizeof(info)})) {
        return false;
    }
    ++user_exceptions;
    if (user_exceptions == 1) {
        LOG_INFO("kernel",
                 "{} at {}: entering the program's exception handler (type {:#x}); later "
                 "deliveries are logged at debug level",
                 cpu::FaultKindName(fault.kind), DescribeAddress(fault.pc),
                 static_cast<u32>(what.type));
    } else {
        LOG_DEBUG("kernel", "{} at {} (address {:#x}): user exception {} (type {:#x})",
                  cpu::FaultKindName(fault.kind), DescribeAddress(fault.pc), fault.address,
                  user_exceptions, static_cast<u32>(what.type));
    }
    context.pc = entry_point;
    context.x[0] = static_cast<u32>(what.type);
    context.x[1] = process_local_region + kExceptionInfoOffset;
    context.sp = process_local_region + kExceptionStackTopOffset;
    context.pstate = 0;
    exception_thread = &thread;
    exception_report = report;
    return true;
}

}  // namespace kernel
