// Process-wide supervisor calls: ending the process, the clock, debug output and GetInfo.

#include <cstdio>
#include <iterator>
#include <random>

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/svc_context.h"

namespace kernel::svc {
namespace {

constexpr u64 kMaxDebugStringLength = 0x10000;

// GetInfo ids (svc::InfoType in the public Horizon documentation).
enum class InfoType : u64 {
    CoreMask = 0,
    PriorityMask = 1,
    AliasRegionAddress = 2,
    AliasRegionSize = 3,
    HeapRegionAddress = 4,
    HeapRegionSize = 5,
    TotalMemorySize = 6,
    UsedMemorySize = 7,
    DebuggerAttached = 8,
    ResourceLimit = 9,
    IdleTickCount = 10,
    RandomEntropy = 11,
    AslrRegionAddress = 12,
    AslrRegionSize = 13,
    StackRegionAddress = 14,
    StackRegionSize = 15,
    SystemResourceSizeTotal = 16,
    SystemResourceSizeUsed = 17,
    ProgramId = 18,
    UserExceptionContextAddress = 20,
    TotalNonSystemMemorySize = 21,
    UsedNonSystemMemorySize = 22,
    IsApplication = 23,
    ThreadTickCount = 25,
    AliasRegionExtraSize = 28,
};

// What the process's page tables and block records take of its system resource: a 4 KiB
// table per 2 MiB mapped and a 64-byte record per block, an estimate of the console's use.
u64 SystemResourceUsed(const Process::State& process) {
    const u64 total = process.memory_usage.SystemResource();
    if (total == 0) {
        return 0;
    }
    const u64 tables = (process.memory_map.MappedBytes() + 0x1f'ffff) / 0x20'0000 * 0x1000;
    return std::min(total, tables + process.memory_map.RecordCount() * 0x40);
}

}  // namespace

void ExitProcess(SvcContext& svc) {
    svc.process.Stop(RunEnding::ExitProcess, 0, {});
}

u64 GetSystemTick(SvcContext& svc) {
    return svc.process.clock.Now();
}

base::Result GetProcessId(SvcContext& svc, SvcOut<u64>& process_id, u32 handle) {
    std::lock_guard lock(svc.process.scheduler.Lock());
    // A thread's handle names its process too.
    if (!svc.IsOwnProcess(handle) && !svc.Get<Thread>(handle)) {
        return results::InvalidHandle;
    }
    process_id = kApplicationProcessId;
    return base::ResultSuccess;
}

SvcReply Break(SvcContext& svc, u64 reason, u64 argument, u64 size) {
    constexpr u64 kNotificationOnly = 0x8000'0000;
    if (reason & kNotificationOnly) {
        LOG_INFO("kernel", "svcBreak notification: reason {:#x}, argument {:#x}, size {:#x}",
                 reason, argument, size);
        return base::ResultSuccess;
    }
    static constexpr const char* kReasons[] = {"panic",           "assert",        "user",
                                               "pre-load-dll",    "post-load-dll", "pre-unload-dll",
                                               "post-unload-dll", "c++ exception"};
    const u64 kind = reason & 0xff;
    const char* name = kind < std::size(kReasons) ? kReasons[kind] : "unknown";
    auto& process = svc.process;
    // libnx (since 4.0) and the SDK panic with the address of the failing result code.
    std::string result_text;
    u32 result = 0;
    if (size == sizeof(result) &&
        process.memory.ReadBlock(argument, {reinterpret_cast<u8*>(&result), sizeof(result)})) {
        result_text = fmt::format(", result {}", base::Result(result).ToString());
    }
    process.Stop(RunEnding::Break, reason,
                 process.FaultReport(svc.core,
                                     fmt::format("svcBreak ({}, reason {:#x}, argument {:#x}, size "
                                                 "{:#x}{}) at {}",
                                                 name, reason, argument, size, result_text,
                                                 process.DescribeAddress(svc.core.GetPC()))));
    return kNoAnswerNow;
}

base::Result OutputDebugString(SvcContext& svc, u64 address, u64 length) {
    const u64 size = std::min(length, kMaxDebugStringLength);
    std::string text(size, '\0');
    if (!svc.process.memory.ReadBlock(address, {reinterpret_cast<u8*>(text.data()), text.size()})) {
        return results::InvalidCurrentMemory;
    }
    if (svc.process.options.guest_output) {
        svc.process.options.guest_output(text);
    } else {
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
    }
    return base::ResultSuccess;
}

base::Result GetInfo(SvcContext& svc, SvcOut<u64>& info, u64 info_type, u32 handle, u64 sub_type) {
    const auto type = static_cast<InfoType>(info_type);
    const auto answer = [&](u64 value) {
        info = value;
        return base::ResultSuccess;
    };
    // Memory use and handles change under the kernel's lock.
    std::lock_guard lock(svc.process.scheduler.Lock());
    const auto& layout = svc.process.layout;
    const auto& usage = svc.process.memory_usage;
    switch (type) {
        case InfoType::RandomEntropy:
            if (handle != 0) {
                return results::InvalidHandle;
            }
            if (sub_type >= 4) {
                return results::InvalidCombination;
            }
            return answer(svc.process.entropy[sub_type]);
        case InfoType::IdleTickCount:
            // The calling core (or -1 for it): the ticks it spent with nothing to run.
            if (handle != 0) {
                return results::InvalidHandle;
            }
            if (sub_type != ~u64{0} && sub_type != svc.core.Index()) {
                return results::InvalidCombination;
            }
            return answer(svc.process.idle_ticks[svc.core.Index()].load());
        case InfoType::ThreadTickCount:
            // A thread's CPU time, on all cores (-1) or one.
            if (sub_type != ~u64{0} && sub_type >= 4) {
                return results::InvalidCombination;
            }
            if (const auto thread = svc.Get<Thread>(handle)) {
                u64 ticks = 0;
                for (std::size_t core = 0; core < thread->core_ticks.size(); ++core) {
                    if (sub_type == ~u64{0} || sub_type == core) {
                        ticks += thread->core_ticks[core];
                    }
                }
                // A running thread's current slice counts too.
                if (thread->running &&
                    (sub_type == ~u64{0} || sub_type == static_cast<u64>(thread->active_core))) {
                    ticks += svc.process.clock.Now() - thread->slice_start;
                }
                return answer(ticks);
            }
            return results::InvalidHandle;
        case InfoType::DebuggerAttached:
        case InfoType::ResourceLimit:
            break;
        case InfoType::CoreMask:
        case InfoType::PriorityMask:
        case InfoType::AliasRegionAddress:
        case InfoType::AliasRegionSize:
        case InfoType::HeapRegionAddress:
        case InfoType::HeapRegionSize:
        case InfoType::TotalMemorySize:
        case InfoType::UsedMemorySize:
        case InfoType::AslrRegionAddress:
        case InfoType::AslrRegionSize:
        case InfoType::StackRegionAddress:
        case InfoType::StackRegionSize:
        case InfoType::SystemResourceSizeTotal:
        case InfoType::SystemResourceSizeUsed:
        case InfoType::ProgramId:
        case InfoType::UserExceptionContextAddress:
        case InfoType::TotalNonSystemMemorySize:
        case InfoType::UsedNonSystemMemorySize:
        case InfoType::IsApplication:
        case InfoType::AliasRegionExtraSize:
            if (!svc.IsOwnProcess(handle)) {
                return results::InvalidHandle;
            }
            if (sub_type != 0) {
                return results::InvalidCombination;
            }
    }
    switch (type) {
        case InfoType::CoreMask:
            return answer(0b0111);
        case InfoType::PriorityMask:
            return answer(0xffff'ffff'ffff'ffffull >> 4);
        case InfoType::AliasRegionAddress:
            return answer(layout.alias.base);
        case InfoType::AliasRegionSize:
            return answer(layout.alias.size);
        case InfoType::HeapRegionAddress:
            return answer(layout.heap.base);
        case InfoType::HeapRegionSize:
            return answer(layout.heap.size);
        case InfoType::TotalMemorySize:
            return answer(usage.Total());
        case InfoType::TotalNonSystemMemorySize:
            return answer(usage.Total() - usage.SystemResource());
        case InfoType::UsedMemorySize:
            return answer(usage.Used());
        case InfoType::UsedNonSystemMemorySize:
            return answer(usage.Used() - usage.SystemResource());
        case InfoType::AslrRegionAddress:
            return answer(layout.alias_code.base);
        case InfoType::AslrRegionSize:
            return answer(layout.alias_code.size);
        case InfoType::AliasRegionExtraSize:
            return answer(0);
        case InfoType::StackRegionAddress:
            return answer(layout.stack.base);
        case InfoType::StackRegionSize:
            return answer(layout.stack.size);
        case InfoType::SystemResourceSizeTotal:
            return answer(usage.SystemResource());
        case InfoType::SystemResourceSizeUsed:
            return answer(SystemResourceUsed(svc.process));
        case InfoType::ProgramId:
            return answer(svc.process.program_id);
        case InfoType::UserExceptionContextAddress:
            return answer(svc.process.process_local_region);
        case InfoType::IsApplication:
            return answer(1);
        case InfoType::DebuggerAttached:
            return answer(0);
        default:
            break;
    }
    // The console has no such id (19, InitialProcessIdRange, left GetInfo in 5.0.0; 65000 and
    // up are Atmosphère's, which stock Horizon refuses): its handle is not looked at.
    LOG_WARNING("kernel", "svcGetInfo: info type {} (sub type {}) is not provided",
                static_cast<u64>(type), sub_type);
    return results::InvalidEnumValue;
}

}  // namespace kernel::svc
