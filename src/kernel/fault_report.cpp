// The report printed when a guest run ends abnormally: enough to find the place in a
// disassembler without a debugger.

#include <fmt/format.h>

#include "cpu/disassembler.h"
#include "kernel/process_state.h"

namespace kernel {

std::string Process::State::DescribeAddress(u64 address) const {
    for (const LoadedModule& module : modules) {
        if (address >= module.base && address - module.base < module.size) {
            return fmt::format("{}+{:#x} ({:#x})", module.name, address - module.base, address);
        }
    }
    return fmt::format("{:#x}", address);
}

std::string Process::State::FaultReport(const cpu::Core& core, const std::string& headline) const {
    const cpu::ThreadContext context = core.GetContext();
    std::string report =
        fmt::format("{}\n  thread {}{} on core {}\n", headline, CurrentThread(core).id,
                    CurrentThread(core).name.empty() ? "" : " (" + CurrentThread(core).name + ")",
                    core.Index());
    if (const auto word = memory.Read<u32>(context.pc)) {
        report += fmt::format("  instruction {:08x}  {}\n", *word,
                              cpu::DisassembleA64(*word, context.pc));
    } else {
        report += "  instruction <not readable>\n";
    }
    for (unsigned i = 0; i < 31; ++i) {
        report += fmt::format("{}x{:<2} {:016x}", i % 4 == 0 ? "  " : "  ", i, context.x[i]);
        if (i % 4 == 3) {
            report += '\n';
        }
    }
    report += fmt::format(
        "  sp  {:016x}\n  pc {}  lr {}\n  pstate {:08x}  fpcr {:08x}  fpsr "
        "{:08x}  tpidr {:016x}\n",
        context.sp, DescribeAddress(context.pc), DescribeAddress(context.x[30]), context.pstate,
        context.fpcr, context.fpsr, context.tpidr);
    // Frame-pointer backtrace: each frame record is {previous fp, return address}.
    report += "  backtrace:\n";
    u64 frame = context.x[29];
    for (int depth = 0; depth < 32 && frame != 0; ++depth) {
        const auto record = memory.Read<std::array<u64, 2>>(frame);
        if (!record || (*record)[1] == 0) {
            break;
        }
        report += fmt::format("    #{:<2} {}\n", depth, DescribeAddress((*record)[1]));
        if ((*record)[0] <= frame) {
            break;
        }
        frame = (*record)[0];
    }
    return report;
}

}  // namespace kernel
