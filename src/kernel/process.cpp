#include <chrono>
#include <cstring>

#include <fmt/format.h>

#include "base/bits.h"
#include "base/error.h"
#include "base/log.h"
#include "kernel/process_state.h"

namespace kernel {
namespace {

using cpu::kPageSize;
using cpu::Permission;

constexpr u64 kDefaultStackSize = 0x100000;

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
    kArgv = 5,
    kSyscallAvailableHint = 6,
    kAppletType = 7,
    kHosVersion = 16,
};

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
    : options(std::move(run_options)), is_nro(image.kind == "nro"), memory(39), memory_map(memory) {
    if (image.modules.empty()) {
        base::Fail("{}: no modules to load", image.source.string());
    }
    u64 code_size = 0;
    for (const auto& module : image.modules) {
        code_size += ModuleSpan(module);
    }
    layout = MakeApplicationLayout(code_size);

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

    // LSE trampolines just below the code, within branch range of its first 64 MiB. The guest
    // sees that range as inaccessible, as everything below its address space is.
    constexpr u64 kLsePatchAreaSize = 64 << 20;
    const u64 patch_base = layout.code.base - kLsePatchAreaSize;
    memory_map.Map(patch_base, kLsePatchAreaSize, MemoryState::Inaccessible,
                   Permission::ReadExecute);
    lse_patches = std::make_unique<cpu::LsePatchArea>(memory, patch_base, kLsePatchAreaSize);

    u64 stack_size = kDefaultStackSize;
    if (image.npdm) {
        stack_size = PageAlign(std::max<u64>(image.npdm->meta.main_thread_stack_size, kPageSize));
        main_thread_priority = image.npdm->meta.main_thread_priority;
        program_id = image.npdm->ProgramId();
    }
    // Stack, then (after a guard page) the main thread's TLS page, then the loader's page.
    memory_map.Map(layout.stack.base, stack_size, MemoryState::Stack, Permission::ReadWrite);
    main_stack_top = layout.stack.base + stack_size;
    tls_address = main_stack_top + kPageSize;
    memory_map.Map(tls_address, kPageSize, MemoryState::ThreadLocal, Permission::ReadWrite);
    if (is_nro) {
        loader_arguments = tls_address + 2 * kPageSize;
        memory_map.Map(loader_arguments, kPageSize, MemoryState::Normal, Permission::ReadWrite);
        const std::string argv = JoinArguments(options.arguments);
        const u64 argv_address = loader_arguments + 0x800;
        if (argv.size() >= 0x800) {
            base::Fail("the program's arguments are longer than 2047 bytes");
        }
        memory.WriteInitial(argv_address,
                            {reinterpret_cast<const u8*>(argv.c_str()), argv.size() + 1});
        const LoaderConfigEntry entries[] = {
            {kConfigMainThreadHandle, 0, {kMainThreadHandle, 0}},
            {kArgv, 0, {0, argv_address}},
            {kSyscallAvailableHint, 0, {~u64{0}, ~u64{0}}},
            {kAppletType, 0, {0, 0}},
            {kHosVersion, 0, {u64{20} << 16, 0}},
            {kEndOfList, 0, {0, 0}},
        };
        memory.WriteInitial(loader_arguments,
                            {reinterpret_cast<const u8*>(entries), sizeof(entries)});
    }
}

Process::Process(const formats::ProgramImage& image, RunOptions options)
    : state_(std::make_unique<State>(image, std::move(options))) {}

Process::~Process() = default;

RunResult Process::Run() {
    State& state = *state_;
    state.core = cpu::CreateDynarmicCore(cpu::CoreConfig{
        &state.memory, &state.monitor, &state, 0, state.tls_address, state.lse_patches.get(),
        state.options.precise_faults, /*single_core=*/false});
    cpu::Core& core = *state.core;
    core.SetPC(state.entry_point);
    core.SetSP(state.main_stack_top);
    if (state.is_nro) {
        core.SetX(0, state.loader_arguments);
        core.SetX(1, ~u64{0});
        core.SetX(30, kLoaderReturnAddress);
    } else {
        core.SetX(0, 0);
        core.SetX(1, kMainThreadHandle);
    }

    const auto start = std::chrono::steady_clock::now();
    while (!state.ending) {
        const cpu::Core::Stop stop = core.Run();
        if (stop.reason == cpu::Core::StopReason::Fault && !state.ending) {
            const auto& fault = *stop.fault;
            std::string headline =
                fault.pc_is_precise
                    ? fmt::format("guest {} at {}", cpu::FaultKindName(fault.kind),
                                  state.DescribeAddress(fault.pc))
                    : fmt::format(
                          "guest {} in the code block ending at {} (run with "
                          "--precise-faults for the faulting instruction)",
                          cpu::FaultKindName(fault.kind), state.DescribeAddress(fault.pc));
            if (fault.kind == cpu::GuestFault::Kind::ReadFault ||
                fault.kind == cpu::GuestFault::Kind::WriteFault) {
                headline += fmt::format(", address {:#x}", fault.address);
            }
            state.Stop(RunEnding::Fault, 0, state.FaultReport(core, headline));
        }
    }
    RunResult result = *state.ending;
    result.instructions = core.InstructionsExecuted();
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

void Process::State::Stop(RunEnding how, u64 status, std::string report) {
    if (!ending) {
        ending = RunResult{how, status, 0, 0, std::move(report)};
    }
    if (core) {
        core->Halt();
    }
}

bool Process::State::OnFault(cpu::Core& core, const cpu::GuestFault& fault) {
    if (is_nro && fault.kind == cpu::GuestFault::Kind::ExecuteFault &&
        fault.pc == kLoaderReturnAddress) {
        Stop(RunEnding::ReturnedToLoader, core.GetX(0), {});
        return true;
    }
    return false;
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
    std::string text = state_->layout.Describe() + "mapped blocks:\n";
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
    }
    return "?";
}

}  // namespace kernel
