#pragma once

// The kernel's interface: a Horizon process built from a program image, run to its end.

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "cpu/core.h"
#include "formats/program_image.h"
#include "kernel/address_space_layout.h"
#include "kernel/ipc_session.h"
#include "kernel/memory_settings.h"
#include "kernel/periodic_work.h"

namespace kernel {

// A loaded module's code, writable until the guest runs (see RunOptions::patch_code).
struct ModuleCode {
    std::string_view name;
    u64 base = 0;
    u64 text_offset = 0;
    std::span<u8> text;
};

// Host code that answers a patch's `SVC #profile::kHostCallSvc` at `address` (a profile's
// frame-step), on the calling core's thread: it reads and sets the guest's registers.
struct HostCall {
    u64 address = 0;
    std::function<void(cpu::Core&)> run;
};

// --cpu-tier2: whether hot guest code is also compiled through LLVM (src/cpu/llvm).
enum class CpuTier2 {
    Off,
    // Hot code compiled on the tier's background thread (on the core's, deterministic).
    On,
    // Every block entry the core samples (one every thousand instructions) compiled at once on
    // the core's thread, and kept however short it runs: for tests, so that passing tests mean
    // the tier ran the program.
    Always,
};

struct RunOptions {
    // argv as an NRO's loader passes it; the first is the program's path.
    std::vector<std::string> arguments;
    // Where the guest's svcOutputDebugString text goes; stdout when empty.
    std::function<void(std::string_view)> guest_output;
    // Stop a data fault at its own instruction, so that the program's exception handler can
    // resume it (user_exception.h). Off, faults are cheaper but stop the run at once.
    bool precise_faults = true;
    // Exclusive reservations shared by the cores (see cpu::CoreConfig::strict_exclusives).
    bool strict_exclusives = false;
    // Emulated cores, each on a host thread of its own (the console gives applications 3).
    unsigned cores = 3;
    // One core, and a guest clock that advances with guest instructions: every run of the same
    // program gives the same instruction count and output.
    bool deterministic = false;
    // Hot guest code also compiled through LLVM (src/cpu/llvm), or dynarmic alone.
    CpuTier2 cpu_tier2 = CpuTier2::Off;
    // Where the tier keeps compiled regions (src/cpu/llvm/region_cache.h); empty: nowhere. The
    // build id (nxhost's version) is part of their keys.
    std::filesystem::path cpu_cache_folder;
    std::string build_id;
    // Region sizes and the application pool, from the game's profile.
    MemorySettings memory;
    // The Horizon version the loader reports (major << 16 | minor << 8 | micro), from the
    // console model.
    u32 hos_version = 20 << 16 | 1 << 8;
    // The homebrew ABI's LastLoadResult: what the previous NRO of a chain returned.
    u32 last_load_result = 0;
    // Work that runs on the guest clock from launch (a control script's shots and exit).
    std::vector<std::shared_ptr<PeriodicWork>> launch_work;
    // The run ends (RunEnding::TimeLimit) after this much guest time from launch; 0: never.
    u64 time_limit_ns = 0;
    // The run ends (RunEnding::MemoryLimit) with a report of what held the memory once nxhost
    // holds more than this many bytes resident; 0: no ceiling.
    u64 max_memory_bytes = 0;
    // The ports the guest can connect to by name (the services layer provides "sm:").
    NamedPorts named_ports;
    // Called once with every module's code when all are loaded, before the first instruction
    // runs: what it writes is the code the guest runs (a profile's patches.tsv); it answers
    // the host calls the patches placed.
    std::function<std::vector<HostCall>(std::span<const ModuleCode>)> patch_code;
};

struct LoadedModule {
    std::string name;
    u64 base = 0;
    u64 size = 0;
    std::array<u8, 32> module_id{};
};

enum class RunEnding {
    ExitProcess,       // svcExitProcess
    ReturnedToLoader,  // an NRO's entry returned, with its result in X0
    Break,             // svcBreak without the notification flag
    Fault,             // an uncaught guest exception
    UnimplementedSvc,  // a supervisor call nxhost does not provide yet
    Deadlock,          // every thread waits and nothing can wake any of them
    Fatal,             // the program threw a fatal error through fatal:u
    ControlFileExit,   // the control file's `exit`
    TimeLimit,         // RunOptions::time_limit_ns of guest time passed
    MemoryLimit,       // nxhost held more than RunOptions::max_memory_bytes
};

struct RunResult {
    RunEnding ending = RunEnding::ExitProcess;
    u64 exit_status = 0;   // X0 for ReturnedToLoader, the break reason for Break
    u64 instructions = 0;  // guest instructions executed
    double seconds = 0;
    std::string report;  // what stopped the run, for every ending but the normal ones
    // An NRO that returned having set the homebrew ABI's next-load path: the program to load
    // next ("sdmc:/switch/x.nro") and its arguments; empty when it set none.
    std::string next_load_path;
    std::string next_load_arguments;
    // Of the instructions, those run in the second CPU tier's regions, when it ran (--cpu-tier2).
    std::optional<u64> tier2_instructions;
    bool Succeeded() const {
        return ending == RunEnding::ExitProcess ||
               (ending == RunEnding::ReturnedToLoader && exit_status == 0);
    }
};

class Process {
public:
    Process(const formats::ProgramImage& image, RunOptions options);
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    RunResult Run();

    const std::vector<LoadedModule>& Modules() const;
    u64 EntryPoint() const;
    const AddressSpaceLayout& Layout() const;
    std::string DescribeMemory() const;
    // Host CPU time of the cores' threads so far; any thread may ask while the process runs.
    u64 GuestCpuNanoseconds() const;
    // The guest clock now (19.2 MHz ticks).
    u64 GuestClockTicks() const;

    struct State;

private:
    std::unique_ptr<State> state_;
};

std::string_view RunEndingName(RunEnding ending);

}  // namespace kernel
