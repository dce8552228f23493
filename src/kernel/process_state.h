#pragma once

// The inside of a Process, shared by the files that implement it (not part of the interface).

#include <optional>
#include <string>

#include "cpu/core.h"
#include "cpu/exclusive_monitor.h"
#include "cpu/guest_memory.h"
#include "cpu/lse_patch_area.h"
#include "kernel/kernel.h"
#include "kernel/memory_map.h"

namespace kernel {

inline constexpr u32 kCurrentThreadPseudoHandle = 0xffff8000;
inline constexpr u32 kCurrentProcessPseudoHandle = 0xffff8001;
inline constexpr u32 kMainThreadHandle = 0x0001'0000 | 1;

// An NRO's entry returns here (the homebrew loader's return address): an address that is never
// executable, so reaching it is an execute fault the kernel recognises.
inline constexpr u64 kLoaderReturnAddress = 0x0000'0000'0000'4000;

struct Process::State final : cpu::CoreHooks {
    State(const formats::ProgramImage& image, RunOptions run_options);

    void CallSvc(cpu::Core& core, u32 number) override;
    bool OnFault(cpu::Core& core, const cpu::GuestFault& fault) override;

    void Stop(RunEnding ending, u64 status, std::string report);
    std::string FaultReport(const cpu::Core& core, const std::string& headline) const;
    std::string DescribeAddress(u64 address) const;

    RunOptions options;
    bool is_nro = false;
    u64 program_id = 0;
    cpu::GuestMemory memory;
    MemoryMap memory_map;
    AddressSpaceLayout layout;
    std::vector<LoadedModule> modules;
    u64 entry_point = 0;
    u64 heap_size = 0;
    u64 main_thread_id = 1;
    u64 main_stack_top = 0;
    u64 tls_address = 0;
    u64 loader_arguments = 0;  // homebrew ABI config entries of an NRO
    u64 main_thread_priority = 44;
    std::unique_ptr<cpu::LsePatchArea> lse_patches;
    cpu::ExclusiveMonitor monitor{1};
    std::unique_ptr<cpu::Core> core;

    std::optional<RunResult> ending;
};

}  // namespace kernel
