#pragma once

// The inside of a Process, shared by the files that implement it (not part of the interface).

#include <array>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "cpu/code_tier.h"
#include "cpu/core.h"
#include "cpu/exclusive_monitor.h"
#include "cpu/guest_memory.h"
#include "cpu/lse_patch_area.h"
#include "kernel/core_cpu_time.h"
#include "kernel/guest_clock.h"
#include "kernel/handle_table.h"
#include "kernel/host_requests.h"
#include "kernel/kernel.h"
#include "kernel/memory_map.h"
#include "kernel/memory_usage.h"
#include "kernel/process_memory_views.h"
#include "kernel/process_object.h"
#include "kernel/scheduler.h"
#include "kernel/stack_aliases.h"
#include "kernel/thread.h"

namespace kernel {

// An NRO's entry returns here (the homebrew loader's return address): an address that is never
// executable, so reaching it is an execute fault the kernel recognises.
inline constexpr u64 kLoaderReturnAddress = 0x0000'0000'0000'4000;

struct Process::State final : cpu::CoreHooks {
    State(const formats::ProgramImage& image, RunOptions run_options);
    ~State() override;

    // cpu::CoreHooks, on the host thread of the core that calls.
    void CallSvc(cpu::Core& core, u32 number) override;
    bool OnFault(cpu::Core& core, const cpu::GuestFault& fault) override;
    u64 ReadCounter(const cpu::Core& core) override;
    u64 InstructionBudget(const cpu::Core& core) override;

    // Ends the run (the first ending wins) and stops every core.
    void Stop(RunEnding ending, u64 status, std::string report);
    std::string FaultReport(const cpu::Core& core, const std::string& headline) const;
    // With the scheduler's lock held, for a thread stopped at a precise fault (its context
    // saved): enters the program's exception handler (user_exception.h), or queues the fault
    // while another thread's handler runs. False: the process ends with `report`.
    bool DeliverUserException(Thread& thread, const cpu::GuestFault& fault,
                              const std::string& report);
    std::string DescribeAddress(u64 address) const;

    // Threads. Both with the scheduler's lock held.
    std::shared_ptr<Thread> CreateThread(u64 entry, u64 argument, u64 stack_top, int priority,
                                         int ideal_core);
    std::optional<u64> AllocateThreadLocalStorage();
    Thread& CurrentThread(const cpu::Core& core) const;

    void CoreLoop(unsigned index);
    u64 InstructionsExecuted() const;
    // Drops compiled code of [address, address + size) on every core (code mapped or unmapped).
    void InvalidateCode(u64 address, u64 size);

    RunOptions options;
    bool is_nro = false;
    u64 program_id = 0;
    cpu::GuestMemory memory;
    MemoryMap memory_map;
    AddressSpaceLayout layout;
    std::vector<LoadedModule> modules;
    u64 entry_point = 0;
    u64 heap_size = 0;
    MemoryUsage memory_usage;                 // the application pool, per the profile
    StackAliases stack_aliases;               // svcMapMemory's mappings
    StackAliases code_aliases;                // svcMapProcessCodeMemory's mappings
    ProcessMemoryViews process_memory_views;  // svcMapProcessMemory's
    std::array<u64, 4> entropy{};  // GetInfo(RandomEntropy), fixed per process as on the console
    u64 main_stack_top = 0;
    u64 loader_arguments = 0;  // homebrew ABI config entries of an NRO
    // What an NRO left in its next-load buffers when it returned (hbmenu launching one).
    std::string next_load_path;
    std::string next_load_arguments;
    // Hands the loaded modules' code to RunOptions::patch_code and writes back what it changed.
    void PatchCode(const formats::ProgramImage& image);
    // What the patches' host calls run, by the address of their SVC.
    std::unordered_map<u64, std::function<void(cpu::Core&)>> host_calls;
    void ReadNextLoad();
    int main_thread_priority = 44;
    int main_thread_core = 0;
    int lowest_priority = 59;  // the NPDM's allowed range (numerically)
    int highest_priority = 24;
    u64 core_mask = 0b111;

    // Thread-local storage: 0x200-byte slots in pages mapped as needed.
    u64 tls_region = 0;
    u64 tls_pages_mapped = 0;
    std::vector<u64> free_tls_slots;
    // The process local region (user_exception.h), the first slot; the thread whose exception
    // handler runs, the report of its fault and how many faults were delivered.
    u64 process_local_region = 0;
    Thread* exception_thread = nullptr;
    std::string exception_report;
    u64 user_exceptions = 0;

    GuestClock clock;
    Scheduler scheduler;
    HandleTable handles;
    // What a handle to this process names (0xFFFF8001 copied in a message).
    std::shared_ptr<ProcessObject> self = std::make_shared<ProcessObject>();
    u64 next_thread_id = 1;
    std::shared_ptr<Thread> main_thread;
    u32 main_thread_handle = 0;

    std::unique_ptr<cpu::LsePatchArea> lse_patches;
    cpu::ExclusiveMonitor monitor;
    std::unique_ptr<cpu::CodeTier> code_tier;  // null unless RunOptions::llvm_tier
    std::vector<std::unique_ptr<cpu::Core>> cores;
    // Per core: guest counter ticks spent with no thread to run (GetInfo IdleTickCount).
    std::array<std::atomic<u64>, 4> idle_ticks{};
    CoreCpuTime core_cpu_time;

    // Requests answered on host threads; declared after what their work uses, so that it
    // ends first.
    HostRequests host_requests;

    std::mutex ending_mutex;
    std::condition_variable ended;
    std::optional<RunResult> ending;
};

}  // namespace kernel
