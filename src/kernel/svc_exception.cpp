// svcReturnFromException: the way back from the program's exception handler
// (user_exception.h).

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/svc_context.h"
#include "kernel/user_exception.h"

namespace kernel::svc {

// svcReturnFromException (0x28): w0 is the handler's result.
void ReturnFromException(SvcContext& svc, u32 result) {
    Process::State& process = svc.process;
    std::unique_lock lock(process.scheduler.Lock());
    if (process.exception_thread != &svc.thread) {
        lock.unlock();
        LOG_ERROR("kernel", "svcReturnFromException at {} outside an exception handler",
                  process.DescribeAddress(svc.core.GetPC()));
        return process.Stop(
            RunEnding::Fault, 0,
            process.FaultReport(svc.core,
                                fmt::format("svcReturnFromException ({:#x}) at {} with no "
                                            "exception being handled: the process ends, as on "
                                            "the console",
                                            result, process.DescribeAddress(svc.core.GetPC()))));
    }
    process.exception_thread = nullptr;
    std::string report = std::move(process.exception_report);
    if (result != 0) {
        lock.unlock();
        LOG_ERROR("kernel",
                  "the program's exception handler returned {:#x} (not handled): the process "
                  "ends, as on the console",
                  result);
        return process.Stop(RunEnding::Fault, 0,
                            report + fmt::format("  the program's exception handler declined it "
                                                 "(svcReturnFromException {:#x})\n",
                                                 result));
    }
    UserExceptionInfo info{};
    if (!process.memory.ReadBlock(process.process_local_region + kExceptionInfoOffset,
                                  {reinterpret_cast<u8*>(&info), sizeof(info)})) {
        lock.unlock();
        return process.Stop(RunEnding::Fault, 0, report);
    }
    cpu::ThreadContext context = svc.core.GetContext();
    for (unsigned i = 0; i < std::size(info.x); ++i) {
        context.x[i] = info.x[i];
    }
    context.x[30] = info.lr;
    context.sp = info.sp;
    context.pc = info.pc;
    context.pstate = (info.pstate & kEl0PstateMask) | (context.pstate & ~kEl0PstateMask);
    svc.core.SetContext(context);
}

}  // namespace kernel::svc
