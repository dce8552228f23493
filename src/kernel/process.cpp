#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "base/bits.h"
#include "base/error.h"
#include "base/host_memory.h"
#include "base/log.h"
#include "cpu/llvm/llvm_tier.h"
#include "kernel/process_state.h"

namespace kernel {
namespace {

using cpu::kPageSize;
using cpu::Permission;

constexpr u64 kDefaultStackSize = 0x100000;
constexpr u64 kTlsSlotSize = 0x200;
constexpr u64 kTlsRegionSize = 0x100000;

u64 PageAlign(u64 size) {
    return base::AlignUp(size, kPageSize);
}

u64 ModuleSpan(const formats::ModuleImage& module) {
    return PageAlign(module.ImageSize());
}

// A homebrew loader's configuration entry (the homebrew ABI that NROs expect in X0).
struct LoaderConfigEntry {
    u32 key;
    u32 flags;
    u64 value[2];
};

enum LoaderConfigKey : u32 {
    kEndOfList = 0,
    kConfigMainThreadHandle = 1,
    kNextLoadPath = 2,
    kArgv = 5,
    kSyscallAvailableHint = 6,
    kAppletType = 7,
    kProcessHandle = 10,
    kLastLoadResult = 11,
    kRandomSeed = 14,
    kHosVersion = 16,
    kSyscallAvailableHint2 = 17,
};

// Where the loader's page holds what it hands over: the configuration list at its start, the
// next-load path (512 bytes) and argument (2048 bytes) buffers a program may fill, and the
// program's own argument string (nx-hbloader's buffer sizes).
constexpr u64 kLoaderPageSize = 0x2000;
constexpr u64 kNextLoadPathOffset = 0x400;
constexpr u64 kNextLoadPathSize = 0x200;
constexpr u64 kArgvOffset = 0x800;
constexpr u64 kArgvSize = 0x800;
constexpr u64 kNextLoadArgvOffset = 0x1000;
constexpr u64 kNextLoadArgvSize = 0x800;

// GetInfo(RandomEntropy)'s four words: random per process on the console, fixed in
// deterministic runs so that they repeat.
void InitializeEntropy(std::array<u64, 4>& entropy, bool deterministic) {
    std::random_device device;
    for (std::size_t index = 0; index < entropy.size(); ++index) {
        entropy[index] = deterministic ? 0x9e37'79b9'7f4a'7c15ull * (index + 1)
                                       : (u64{device()} << 32) | device();
    }
}

std::string JoinArguments(const std::vector<std::string>& arguments) {
    std::string line;
    for (const std::string& argument : arguments) {
        if (!line.empty()) {
            line += ' ';
        }
        if (argument.find(' ') != std::string::npos) {
            line += '"' + argument + '"';
        } else {
            line += argument;
        }
    }
    return line;
}

}  // namespace

Process::State::State(const formats::ProgramImage& image, RunOptions run_options)
    : options(std::move(run_options)),
      is_nro(image.kind == "nro"),
      memory(39),
      memory_map(memory),
      clock(options.deterministic),
      scheduler(options.deterministic ? 1 : std::max(1u, std::min(options.cores, 4u)), clock),
      monitor(scheduler.CoreCount()) {
    if (image.modules.empty()) {
        base::Fail("{}: no modules to load", image.source.string());
    }
    u64 code_size = 0;
    for (const auto& module : image.modules) {
        code_size += ModuleSpan(module);
    }
    layout = MakeApplicationLayout(code_size, options.memory);

    u64 base_address = layout.code.base;
    for (const auto& module : image.modules) {
        const auto map_segment = [&](u64 offset, std::span<const u8> bytes, u64 memory_size,
                                     MemoryState state, Permission permission) {
            if (memory_size == 0) {
                return;
            }
            memory_map.Map(base_address + offset, PageAlign(memory_size), state, permission);
            memory.WriteInitial(base_address + offset, bytes);
        };
        map_segment(module.text_offset, module.text, module.text.size(), MemoryState::Code,
                    Permission::ReadExecute);
        map_segment(module.ro_offset, module.ro, module.ro.size(), MemoryState::Code,
                    Permission::Read);
        map_segment(module.data_offset, module.data, module.data.size() + module.bss_size,
                    MemoryState::CodeData, Permission::ReadWrite);
        modules.push_back(
            LoadedModule{module.name, base_address, ModuleSpan(module), module.module_id});
        LOG_DEBUG("kernel", "module {} at {:#x} (+{:#x})", module.name, base_address,
                  ModuleSpan(module));
        base_address += ModuleSpan(module);
    }
    entry_point = layout.code.base;
    if (options.patch_code) {
        PatchCode(image);
    }

    // LSE trampolines just below the code, within branch range of its first 64 MiB. The guest
    // sees that range as inaccessible, as everything below its address space is.
    constexpr u64 kLsePatchAreaSize = 64 << 20;
    const u64 patch_base = layout.code.base - kLsePatchAreaSize;
    memory_map.Map(patch_base, kLsePatchAreaSize, MemoryState::Inaccessible,
                   Permission::ReadExecute);
    lse_patches = std::make_unique<cpu::LsePatchArea>(memory, patch_base, kLsePatchAreaSize);

    u64 stack_size = kDefaultStackSize;
    if (image.npdm) {
        const auto& npdm = *image.npdm;
        stack_size = PageAlign(std::max<u64>(npdm.meta.main_thread_stack_size, kPageSize));
        main_thread_priority = npdm.meta.main_thread_priority;
        main_thread_core = npdm.meta.main_thread_core;
        program_id = npdm.ProgramId();
        const auto& caps = npdm.aci.kernel_caps;
        if (caps.has_thread_info) {
            lowest_priority = caps.lowest_thread_priority;
            highest_priority = caps.highest_thread_priority;
            core_mask = 0;
            for (int core = caps.min_core; core <= caps.max_core && core < 64; ++core) {
                core_mask |= u64{1} << core;
            }
        }
    }
    const u64 system_resource = options.memory.system_resource_size.value_or(
        image.npdm ? image.npdm->meta.system_resource_size : 0);
    memory_usage.Configure(options.memory.application_pool, options.memory.map_limit,
                           system_resource);
    memory_usage.Reserve(code_size + stack_size);
    InitializeEntropy(entropy, options.deterministic);

    // The main thread's stack at the start of the stack region; thread-local storage pages in
    // the kernel map region, as threads need them (its first 1 MiB).
    memory_map.Map(layout.stack.base, stack_size, MemoryState::Stack, Permission::ReadWrite);
    main_stack_top = layout.stack.base + stack_size;
    tls_region = layout.kernel_map.base;
    if (is_nro) {
        loader_arguments = tls_region + kTlsRegionSize;
        memory_map.Map(loader_arguments, kLoaderPageSize, MemoryState::Normal,
                       Permission::ReadWrite);
        const std::string argv = JoinArguments(options.arguments);
        const u64 argv_address = loader_arguments + kArgvOffset;
        if (argv.size() >= kArgvSize) {
            base::Fail("the program's arguments are longer than {} bytes", kArgvSize - 1);
        }
        memory.WriteInitial(argv_address,
                            {reinterpret_cast<const u8*>(argv.c_str()), argv.size() + 1});
    }

    std::lock_guard lock(scheduler.Lock());
    // The process local region is the first thread-local slot, taken before the main thread's
    // (KProcess::Initialize creates it first).
    const auto process_local = AllocateThreadLocalStorage();
    if (!process_local) {
        base::Fail("cannot allocate the process local region");
    }
    process_local_region = *process_local;
    main_thread =
        CreateThread(entry_point, 0, main_stack_top, main_thread_priority, main_thread_core);
    if (!main_thread) {
        base::Fail("cannot create the main thread");
    }
    main_thread->name = "main";
    main_thread_handle = handles.Add(main_thread);
    if (is_nro) {
        const LoaderConfigEntry entries[] = {
            {kConfigMainThreadHandle, 0, {main_thread_handle, 0}},
            {kNextLoadPath,
             0,
             {loader_arguments + kNextLoadPathOffset, loader_arguments + kNextLoadArgvOffset}},
            {kArgv, 0, {0, loader_arguments + kArgvOffset}},
            {kSyscallAvailableHint, 0, {~u64{0}, ~u64{0}}},
            {kSyscallAvailableHint2, 0, {~u64{0}, 0}},
            {kAppletType, 0, {0, 0}},
            // nx-hbloader hands a program a real handle to its own process (libnx
            // envGetOwnProcessHandle), which JITs pass to svcMapProcessMemory and friends.
            {kProcessHandle, 0, {handles.Add(self), 0}},
            {kLastLoadResult, 0, {options.last_load_result, 0}},
            {kRandomSeed, 0, {entropy[0], entropy[1]}},
            {kHosVersion, 0, {options.hos_version, 0}},
            {kEndOfList, 0, {0, 0}},
        };
        memory.WriteInitial(loader_arguments,
                            {reinterpret_cast<const u8*>(entries), sizeof(entries)});
        main_thread->context.x[0] = loader_arguments;
        main_thread->context.x[1] = ~u64{0};
        main_thread->context.x[30] = kLoaderReturnAddress;
    } else {
        main_thread->context.x[0] = 0;
        main_thread->context.x[1] = main_thread_handle;
    }

    if (options.cpu_tier2 != CpuTier2::Off) {
        cpu::LlvmTierConfig tier;
        // Deterministic runs compile on the core's thread, so that every run enters the same
        // regions after the same instructions.
        tier.compile_in_foreground = options.deterministic;
        if (options.cpu_tier2 == CpuTier2::Always) {
            tier.compile_in_foreground = true;
            tier.sample_slice = 1000;
            tier.hot_samples = 1;
            tier.drop_short_regions = false;
            tier.compile_at_exits = true;
        }
        tier.cache_folder = options.cpu_cache_folder;
        tier.build_id = options.build_id;
        code_tier = cpu::CreateLlvmTier(memory, tier);
    }
    for (unsigned index = 0; index < scheduler.CoreCount(); ++index) {
        cores.push_back(cpu::CreateDynarmicCore(cpu::CoreConfig{
            .memory = &memory,
            .monitor = &monitor,
            .hooks = this,
            .index = index,
            .lse_patches = lse_patches.get(),
            .precise_faults = options.precise_faults,
            .single_core = scheduler.CoreCount() == 1,
            .strict_exclusives = options.strict_exclusives,
            .tier = code_tier.get(),
        }));
    }
    clock.SetInstructionSource([this] { return InstructionsExecuted(); });
    scheduler.SetPreemptHandler([this](unsigned core) { cores[core]->Halt(); });
}

Process::State::~State() = default;

std::optional<u64> Process::State::AllocateThreadLocalStorage() {
    if (free_tls_slots.empty()) {
        if ((tls_pages_mapped + 1) * kPageSize > kTlsRegionSize) {
            return std::nullopt;
        }
        const u64 page = tls_region + tls_pages_mapped * kPageSize;
        memory_map.Map(page, kPageSize, MemoryState::ThreadLocal, Permission::ReadWrite);
        ++tls_pages_mapped;
        for (u64 slot = kPageSize; slot > 0; slot -= kTlsSlotSize) {
            free_tls_slots.push_back(page + slot - kTlsSlotSize);
        }
    }
    const u64 slot = free_tls_slots.back();
    free_tls_slots.pop_back();
    const std::array<u8, kTlsSlotSize> zeros{};
    memory.WriteBlock(slot, zeros);
    return slot;
}

std::shared_ptr<Thread> Process::State::CreateThread(u64 entry, u64 argument, u64 stack_top,
                                                     int priority, int ideal_core) {
    const auto tls = AllocateThreadLocalStorage();
    if (!tls) {
        return nullptr;
    }
    auto thread = std::make_shared<Thread>();
    thread->id = next_thread_id++;
    thread->tls_address = *tls;
    thread->base_priority = thread->priority = priority;
    thread->ideal_core = thread->active_core = ideal_core;
    thread->affinity_mask = u64{1} << ideal_core;
    thread->context.pc = entry;
    thread->context.sp = stack_top;
    thread->context.x[0] = argument;
    scheduler.AddThread(thread);
    return thread;
}

Thread& Process::State::CurrentThread(const cpu::Core& core) const {
    return *scheduler.Running(core.Index());
}

void Process::State::InvalidateCode(u64 address, u64 size) {
    for (const auto& core : cores) {
        core->InvalidateCode(address, size);
    }
}

u64 Process::State::InstructionsExecuted() const {
    u64 total = 0;
    for (const auto& core : cores) {
        total += core->InstructionsExecuted();
    }
    return total;
}

u64 Process::State::ReadCounter(const cpu::Core&) {
    return clock.Now();
}

u64 Process::State::InstructionBudget(const cpu::Core&) {
    if (clock.Deterministic()) {
        return scheduler.InstructionsUntilNextDeadline();
    }
    // dynarmic checks a halt request (a preemption, the run's end) only where a block returns
    // to its dispatcher, not at the links between blocks: a guest spinning in linked code would
    // otherwise hold its core for the whole 2^32-instruction budget (seconds). A slice of about
    // a millisecond bounds that delay for the cost of one return to the kernel per slice.
    constexpr u64 kHaltCheckSlice = 2'000'000;
    return kHaltCheckSlice;
}

void Process::State::CoreLoop(unsigned index) {
    cpu::Core& core = *cores[index];
    std::unique_lock lock(scheduler.Lock());
    for (;;) {
        const u64 idle_start = clock.Now();
        Thread* thread = scheduler.PickNext(index, lock);
        idle_ticks[index] += clock.Now() - idle_start;
        if (thread == nullptr) {
            break;
        }
        if (thread->pending_result) {
            thread->context.x[0] = thread->pending_result->Raw();
            thread->pending_result.reset();
        }
        if (thread->pending_index) {
            thread->context.x[1] = static_cast<u64>(static_cast<s64>(*thread->pending_index));
            thread->pending_index.reset();
        }
        if (thread->pending_exception) {
            // Its fault waited for another thread's exception handler: deliver it now.
            PendingUserException pending = std::move(*thread->pending_exception);
            thread->pending_exception.reset();
            thread->context = pending.context;  // as it faulted (the wake wrote x0)
            const bool delivered = DeliverUserException(*thread, pending.fault, pending.report);
            if (!delivered || thread->state != ThreadState::Runnable) {
                scheduler.Release(index);
                if (!delivered) {
                    lock.unlock();
                    Stop(RunEnding::Fault, 0, std::move(pending.report));
                    lock.lock();
                }
                continue;
            }
        }
        core.SetContext(thread->context);
        core.SetTpidrroEl0(thread->tls_address);
        const u64 run_start = clock.Now();
        thread->slice_start = run_start;
        lock.unlock();
        cpu::Core::Stop stop = core.Run();
        lock.lock();
        // (Deterministic runs end a slice at the next deadline, which PickNext must expire.)
        while (stop.reason == cpu::Core::StopReason::Halted && !clock.Deterministic() &&
               scheduler.KeepsRunning(index)) {
            lock.unlock();
            stop = core.Run();
            lock.lock();
        }
        thread->core_ticks[index] += clock.Now() - run_start;
        thread->context = core.GetContext();
        if (stop.reason == cpu::Core::StopReason::Fault) {
            const auto& fault = *stop.fault;
            std::string headline =
                fault.pc_is_precise
                    ? fmt::format("guest {} at {}", cpu::FaultKindName(fault.kind),
                                  DescribeAddress(fault.pc))
                    : fmt::format(
                          "guest {} in the code block ending at {} (run without "
                          "--imprecise-faults for the faulting instruction and the program's "
                          "exception handler)",
                          cpu::FaultKindName(fault.kind), DescribeAddress(fault.pc));
            if (fault.kind == cpu::GuestFault::Kind::ReadFault ||
                fault.kind == cpu::GuestFault::Kind::WriteFault) {
                headline += fmt::format(", address {:#x}", fault.address);
            }
            std::string report = FaultReport(core, headline);
            if (fault.pc_is_precise) {
                const bool nested = exception_thread == thread;
                if (DeliverUserException(*thread, fault, report)) {
                    scheduler.Release(index);
                    continue;
                }
                if (nested) {
                    report +=
                        "  (a second fault while its exception handler ran: the process "
                        "ends, as on the console)\n";
                }
            }
            scheduler.Release(index);
            lock.unlock();
            Stop(RunEnding::Fault, 0, std::move(report));
            lock.lock();
            continue;
        }
        scheduler.Release(index);
    }
    if (!scheduler.Stopped()) {
        // No thread can run again on any core.
        const bool done = scheduler.AllTerminated();
        lock.unlock();
        if (done) {
            Stop(RunEnding::ExitProcess, 0, {});
        } else {
            Stop(RunEnding::Deadlock, 0,
                 "every guest thread waits and nothing can wake any of them (deadlock)\n");
        }
    }
}

namespace {

// --time-limit: ends the run once its guest time from launch has passed (its first and only
// run, one period after launch).
class TimeLimit final : public PeriodicWork {
public:
    explicit TimeLimit(u64 limit_ns) : period_(GuestClock::NanosecondsToTicks(limit_ns)) {}
    u64 PeriodTicks() const override { return period_; }
    bool MayWakeWaiters() const override { return false; }
    void Run(u64, EventSignaller& events) override { events.EndRun(RunStop::TimeLimit); }

private:
    u64 period_;
};

// --max-memory: every 50 ms of guest time, whether nxhost holds more than its ceiling; past
// it the run ends with a report of what held the memory. The guest's writes go to pages it
// maps, so its growth shows between two checks at most.
class MemoryCeiling final : public PeriodicWork {
public:
    MemoryCeiling(Process::State& state, u64 limit) : state_(state), limit_(limit) {}
    u64 PeriodTicks() const override { return GuestClock::NanosecondsToTicks(50'000'000); }
    bool MayWakeWaiters() const override { return false; }
    void Run(u64, EventSignaller& events) override {
        const u64 resident = base::ResidentBytes();
        if (resident <= limit_) {
            return;
        }
        {
            std::lock_guard lock(state_.ending_mutex);
            if (!state_.ending) {
                state_.ending =
                    RunResult{RunEnding::MemoryLimit, 0, 0, 0, Report(resident), {}, {}, {}};
            }
        }
        events.EndRun(RunStop::MemoryLimit);
    }

private:
    // Called with the scheduler's lock held, as the memory SVCs change the usage under it.
    std::string Report(u64 resident) const {
        constexpr double kMiB = 1024.0 * 1024.0;
        const u64 guest = state_.memory_usage.Used();
        return fmt::format(
            "nxhost holds {:.0f} MiB resident, over its ceiling of {:.0f} MiB (--max-memory)\n"
            "what holds it:\n"
            "  guest memory       {:.0f} MiB of the application pool in use (heap {:.0f} MiB)\n"
            "  textures, pipelines and shader caches: none held (GPU work is not executed "
            "yet)\n"
            "  nxhost itself      the rest: its code, the JIT's compiled code, the services' "
            "buffers\n"
            "saves the program committed are whole; what it had not committed is not kept\n",
            static_cast<double>(resident) / kMiB, static_cast<double>(limit_) / kMiB,
            static_cast<double>(guest) / kMiB, static_cast<double>(state_.heap_size) / kMiB);
    }

    Process::State& state_;
    u64 limit_;
};

}  // namespace

u64 Process::GuestCpuNanoseconds() const {
    return state_->core_cpu_time.TotalNanoseconds();
}

u64 Process::GuestClockTicks() const {
    return state_->clock.Now();
}

Process::Process(const formats::ProgramImage& image, RunOptions options)
    : state_(std::make_unique<State>(image, std::move(options))) {}

Process::~Process() = default;

RunResult Process::Run() {
    State& state = *state_;
    std::shared_ptr<TimeLimit> time_limit;
    std::shared_ptr<MemoryCeiling> memory_ceiling;
    {
        std::lock_guard lock(state.scheduler.Lock());
        state.scheduler.SetEndRunHandler([&state](RunStop why) {
            {
                std::lock_guard ending(state.ending_mutex);
                if (!state.ending) {
                    const RunEnding how = why == RunStop::TimeLimit ? RunEnding::TimeLimit
                                          : why == RunStop::MemoryLimit
                                              ? RunEnding::MemoryLimit
                                              : RunEnding::ControlFileExit;
                    state.ending = RunResult{how, 0, 0, 0, {}, {}, {}, {}};
                }
            }
            state.host_requests.RequestStop();
            state.scheduler.Stop();
            state.ended.notify_all();
        });
        for (const auto& work : state.options.launch_work) {
            state.scheduler.AddPeriodicWork(work);
        }
        if (state.options.time_limit_ns != 0) {
            time_limit = std::make_shared<TimeLimit>(state.options.time_limit_ns);
            state.scheduler.AddPeriodicWork(time_limit);
        }
        if (state.options.max_memory_bytes != 0) {
            memory_ceiling = std::make_shared<MemoryCeiling>(state, state.options.max_memory_bytes);
            state.scheduler.AddPeriodicWork(memory_ceiling);
        }
        state.scheduler.MakeRunnable(*state.main_thread);
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> hosts;
    for (unsigned index = 0; index < state.cores.size(); ++index) {
        hosts.emplace_back([&state, index] {
            state.core_cpu_time.StartOnThisThread(index);
            state.CoreLoop(index);
            state.core_cpu_time.EndOnThisThread(index);
        });
    }
    std::thread timer;
    if (!state.clock.Deterministic()) {
        timer = std::thread([&state] { state.scheduler.RunTimer(); });
    }
    {
        std::unique_lock lock(state.ending_mutex);
        state.ended.wait(lock, [&] { return state.ending.has_value(); });
    }
    for (auto& host : hosts) {
        host.join();
    }
    if (timer.joinable()) {
        timer.join();
    }
    state.host_requests.Join();
    RunResult result = *state.ending;
    result.next_load_path = state.next_load_path;
    result.next_load_arguments = state.next_load_arguments;
    result.instructions = state.InstructionsExecuted();
    if (state.code_tier) {
        result.tier2_instructions = state.code_tier->InstructionsRun();
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

void Process::State::Stop(RunEnding how, u64 status, std::string report) {
    {
        std::lock_guard lock(ending_mutex);
        if (!ending) {
            ending = RunResult{how, status, 0, 0, std::move(report), {}, {}, {}};
        }
    }
    host_requests.RequestStop();
    {
        std::lock_guard lock(scheduler.Lock());
        scheduler.Stop();
    }
    ended.notify_all();
}

bool Process::State::OnFault(cpu::Core& core, const cpu::GuestFault& fault) {
    if (is_nro && fault.kind == cpu::GuestFault::Kind::ExecuteFault &&
        fault.pc == kLoaderReturnAddress) {
        ReadNextLoad();
        Stop(RunEnding::ReturnedToLoader, core.GetX(0), {});
        return true;
    }
    return false;
}

void Process::State::PatchCode(const formats::ProgramImage& image) {
    // The text pages are read-only to the host too, so the patches go into copies that are
    // written over them.
    std::vector<std::vector<u8>> texts;
    std::vector<ModuleCode> code;
    texts.reserve(image.modules.size());
    for (std::size_t i = 0; i < image.modules.size(); ++i) {
        const formats::ModuleImage& module = image.modules[i];
        texts.push_back(module.text);
        code.push_back({module.name, modules[i].base, module.text_offset, texts.back()});
    }
    for (HostCall& call : options.patch_code(code)) {
        host_calls.emplace(call.address, std::move(call.run));
    }
    for (std::size_t i = 0; i < image.modules.size(); ++i) {
        if (texts[i] != image.modules[i].text) {
            memory.WriteInitial(modules[i].base + image.modules[i].text_offset, texts[i]);
        }
    }
}

void Process::State::ReadNextLoad() {
    const auto read_string = [&](u64 offset, u64 size) {
        std::string text(size, '\0');
        if (!memory.ReadBlock(loader_arguments + offset,
                              {reinterpret_cast<u8*>(text.data()), text.size()})) {
            return std::string();
        }
        text.resize(std::min(text.find('\0'), text.size()));
        return text;
    };
    std::lock_guard lock(ending_mutex);
    next_load_path = read_string(kNextLoadPathOffset, kNextLoadPathSize);
    next_load_arguments = read_string(kNextLoadArgvOffset, kNextLoadArgvSize);
}

const std::vector<LoadedModule>& Process::Modules() const {
    return state_->modules;
}
u64 Process::EntryPoint() const {
    return state_->entry_point;
}
const AddressSpaceLayout& Process::Layout() const {
    return state_->layout;
}

std::string Process::DescribeMemory() const {
    const MemoryUsage& usage = state_->memory_usage;
    std::string text =
        state_->layout.Describe() +
        fmt::format(
            "memory: app_pool {:#x}, mem_map_limit {}, sys_resource {:#x}, "
            "used {:#x}\n",
            usage.Total(), usage.Enforced() ? "on" : "off", usage.SystemResource(), usage.Used()) +
        "mapped blocks:\n";
    for (const MemoryInfo& block : state_->memory_map.Blocks()) {
        if (block.state == static_cast<u32>(MemoryState::Free)) {
            continue;
        }
        const auto permission = static_cast<Permission>(block.permission);
        text += fmt::format("  {:#014x} - {:#014x}  {:<12} {}{}{}\n", block.base_address,
                            block.base_address + block.size,
                            MemoryStateName(static_cast<MemoryState>(block.state)),
                            cpu::Includes(permission, Permission::Read) ? 'r' : '-',
                            cpu::Includes(permission, Permission::Write) ? 'w' : '-',
                            cpu::Includes(permission, Permission::Execute) ? 'x' : '-');
    }
    return text;
}

std::string_view RunEndingName(RunEnding ending) {
    switch (ending) {
        case RunEnding::ExitProcess:
            return "exited";
        case RunEnding::ReturnedToLoader:
            return "returned";
        case RunEnding::Break:
            return "break";
        case RunEnding::Fault:
            return "fault";
        case RunEnding::UnimplementedSvc:
            return "unimplemented svc";
        case RunEnding::Deadlock:
            return "deadlock";
        case RunEnding::Fatal:
            return "fatal";
        case RunEnding::ControlFileExit:
            return "ended by the control file";
        case RunEnding::TimeLimit:
            return "stopped at the time limit";
        case RunEnding::MemoryLimit:
            return "stopped at the memory ceiling";
    }
    return "?";
}

}  // namespace kernel
