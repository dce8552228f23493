// The supervisor calls nxhost provides so far; every other one stops the run, named.

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"
#include "kernel/process_state.h"
#include "kernel/svc_names.h"
#include "kernel/svc_results.h"

namespace kernel {
namespace {

using base::Result;
using cpu::kPageSize;

constexpr u64 kHeapAlignment = 0x200000;
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
};

constexpr u64 kTotalMemory = 0x1'0000'0000;

class SvcCall {
public:
    SvcCall(Process::State& process, cpu::Core& core) : process_(process), core_(core) {}

    void Dispatch(u32 number) {
        switch (number) {
            case 0x01:
                return SetHeapSize();
            case 0x06:
                return QueryMemory();
            case 0x07:
                return process_.Stop(RunEnding::ExitProcess, 0, {});
            case 0x0a:
                return process_.Stop(RunEnding::ExitProcess, 0, {});
            case 0x0b:
                return SleepThread();
            case 0x1e:
                return core_.SetX(0, cpu::ReadGuestCounter());
            case 0x26:
                return Break();
            case 0x27:
                return OutputDebugString();
            case 0x29:
                return GetInfo();
            default:
                return Unimplemented(number);
        }
    }

private:
    void Return(Result result) { core_.SetX(0, result.Raw()); }

    void SetHeapSize() {
        const u64 size = core_.GetX(1);
        if (!base::IsAligned(size, kHeapAlignment) || size > process_.layout.heap.size) {
            return Return(results::InvalidSize);
        }
        const u64 heap = process_.layout.heap.base;
        if (size > process_.heap_size) {
            process_.memory_map.Map(heap + process_.heap_size, size - process_.heap_size,
                                    MemoryState::Normal, cpu::Permission::ReadWrite);
        } else if (size < process_.heap_size) {
            process_.memory_map.Unmap(heap + size, process_.heap_size - size);
        }
        process_.heap_size = size;
        core_.SetX(1, heap);
        Return(base::ResultSuccess);
    }

    void QueryMemory() {
        const u64 info_address = core_.GetX(0);
        const MemoryInfo info = process_.memory_map.Query(core_.GetX(2));
        if (!process_.memory.Write(info_address, info)) {
            return Return(results::InvalidCurrentMemory);
        }
        core_.SetX(1, 0);  // page info
        Return(base::ResultSuccess);
    }

    void SleepThread() {
        const auto nanoseconds = static_cast<s64>(core_.GetX(0));
        // 0, -1 and -2 are the yield forms; with one thread there is nobody to yield to.
        if (nanoseconds > 0) {
            std::this_thread::sleep_for(std::chrono::nanoseconds(nanoseconds));
        }
    }

    void Break() {
        constexpr u64 kNotificationOnly = 0x8000'0000;
        const u64 reason = core_.GetX(0);
        const u64 argument = core_.GetX(1);
        const u64 size = core_.GetX(2);
        if (reason & kNotificationOnly) {
            LOG_INFO("kernel", "svcBreak notification: reason {:#x}, argument {:#x}, size {:#x}",
                     reason, argument, size);
            return Return(base::ResultSuccess);
        }
        static constexpr const char* kReasons[] = {
            "panic",          "assert",          "user",         "pre-load-dll", "post-load-dll",
            "pre-unload-dll", "post-unload-dll", "c++ exception"};
        const u64 kind = reason & 0xff;
        const char* name = kind < std::size(kReasons) ? kReasons[kind] : "unknown";
        process_.Stop(RunEnding::Break, reason,
                      process_.FaultReport(
                          core_, fmt::format("svcBreak ({}, reason {:#x}, argument {:#x}, size "
                                             "{:#x}) at {}",
                                             name, reason, argument, size,
                                             process_.DescribeAddress(core_.GetPC()))));
    }

    void OutputDebugString() {
        const u64 address = core_.GetX(0);
        const u64 size = std::min(core_.GetX(1), kMaxDebugStringLength);
        std::string text(size, '\0');
        if (!process_.memory.ReadBlock(address,
                                       {reinterpret_cast<u8*>(text.data()), text.size()})) {
            return Return(results::InvalidCurrentMemory);
        }
        if (process_.options.guest_output) {
            process_.options.guest_output(text);
        } else {
            std::fwrite(text.data(), 1, text.size(), stdout);
            std::fflush(stdout);
        }
        Return(base::ResultSuccess);
    }

    void GetInfo() {
        const auto type = static_cast<InfoType>(core_.GetX(1));
        const u32 handle = static_cast<u32>(core_.GetX(2));
        const u64 sub_type = core_.GetX(3);
        const auto answer = [&](u64 value) {
            core_.SetX(1, value);
            Return(base::ResultSuccess);
        };
        const auto& layout = process_.layout;
        switch (type) {
            case InfoType::RandomEntropy:
                if (handle != 0) {
                    return Return(results::InvalidHandle);
                }
                if (sub_type >= 4) {
                    return Return(results::InvalidCombination);
                }
                return answer(std::random_device{}() | (u64{std::random_device{}()} << 32));
            case InfoType::DebuggerAttached:
            case InfoType::ResourceLimit:
            case InfoType::IdleTickCount:
                break;
            default:
                if (handle != kCurrentProcessPseudoHandle) {
                    return Return(results::InvalidHandle);
                }
                if (sub_type != 0) {
                    return Return(results::InvalidCombination);
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
            case InfoType::TotalNonSystemMemorySize:
                return answer(kTotalMemory);
            case InfoType::UsedMemorySize:
            case InfoType::UsedNonSystemMemorySize:
                return answer(process_.memory_map.MappedBytes());
            case InfoType::AslrRegionAddress:
                return answer(layout.address_space.base);
            case InfoType::AslrRegionSize:
                return answer(layout.address_space.size);
            case InfoType::StackRegionAddress:
                return answer(layout.stack.base);
            case InfoType::StackRegionSize:
                return answer(layout.stack.size);
            case InfoType::SystemResourceSizeTotal:
            case InfoType::SystemResourceSizeUsed:
                return answer(0);
            case InfoType::ProgramId:
                return answer(process_.program_id);
            case InfoType::UserExceptionContextAddress:
                return answer(0);
            case InfoType::IsApplication:
                return answer(1);
            case InfoType::DebuggerAttached:
                return answer(0);
            case InfoType::IdleTickCount:
                return answer(0);
            default:
                LOG_WARNING("kernel", "svcGetInfo: info type {} (sub type {}) is not provided",
                            static_cast<u64>(type), sub_type);
                return Return(results::InvalidEnumValue);
        }
    }

    void Unimplemented(u32 number) {
        const std::string name(SvcName(number));
        LOG_ERROR("kernel", "unimplemented SVC {:#04x} ({}) called at {}", number, name,
                  process_.DescribeAddress(core_.GetPC()));
        process_.Stop(RunEnding::UnimplementedSvc, number,
                      process_.FaultReport(
                          core_, fmt::format("unimplemented SVC {:#04x} ({}) at {}", number, name,
                                             process_.DescribeAddress(core_.GetPC()))));
    }

    Process::State& process_;
    cpu::Core& core_;
};

}  // namespace

void Process::State::CallSvc(cpu::Core& core, u32 number) {
    SvcCall(*this, core).Dispatch(number);
}

}  // namespace kernel
