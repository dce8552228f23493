#include "gpu/host_methods.h"

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/class_ids.h"
#include "gpu/gpu_timer.h"
#include "gpu/method_names.h"
#include "gpu/semaphore_reduction.h"

namespace gpu {
namespace {

constexpr u32 kNop = 0x08 / 4;
constexpr u32 kSemaphoreA = 0x10 / 4;
constexpr u32 kSemaphoreB = 0x14 / 4;
constexpr u32 kSemaphoreC = 0x18 / 4;
constexpr u32 kSemaphoreD = 0x1C / 4;
constexpr u32 kNonStallInterrupt = 0x20 / 4;
constexpr u32 kFbFlush = 0x24 / 4;
constexpr u32 kMemOpA = 0x28 / 4;
constexpr u32 kMemOpD = 0x34 / 4;
constexpr u32 kSemAddrLo = 0x5C / 4;
constexpr u32 kSemAddrHi = 0x60 / 4;
constexpr u32 kSemPayloadLo = 0x64 / 4;
constexpr u32 kSemPayloadHi = 0x68 / 4;
constexpr u32 kSemExecute = 0x6C / 4;
constexpr u32 kSyncpointA = 0x70 / 4;
constexpr u32 kSyncpointB = 0x74 / 4;
constexpr u32 kWfi = 0x78 / 4;
constexpr u32 kCrcCheck = 0x7C / 4;
constexpr u32 kYield = 0x80 / 4;
constexpr u32 kClearFaulted = 0x84 / 4;

// B06F SEMAPHORED_OPERATION values.
constexpr u32 kB06fAcquire = 1;
constexpr u32 kB06fRelease = 2;
constexpr u32 kB06fAcquireGeq = 4;
constexpr u32 kB06fAcquireAnd = 8;
constexpr u32 kB06fReduction = 16;

// C56F SEM_EXECUTE_OPERATION values.
enum class SemExecute : u32 {
    Acquire = 0,
    Release = 1,
    AcquireStrictGeq = 2,
    AcquireCircularGeq = 3,
    AcquireAnd = 4,
    AcquireNor = 5,
    Reduction = 6,
};

struct SixteenByteRelease {
    u64 payload;  // the low word only for a 32-bit release: the next word is zero
    u64 timestamp;
};

}  // namespace

void HostMethods::NameOnce(u32 method, std::string_view what) {
    const u64 bit = u64{1} << (method % 64);
    if ((named_ & bit) != 0) {
        return;
    }
    named_ |= bit;
    const std::string name = MethodName(gpfifo_class_, 0, method).value_or("method");
    LOG_WARNING("gpu", "channel {}: host method {} ({:#04x}) of {}: {}; named once",
                context_.channel_id, name, method * 4,
                ClassName(gpfifo_class_).value_or("the channel class"), what);
}

HostOutcome HostMethods::Acquire(u64 address, bool satisfied, std::string_view form, u64 payload) {
    if (satisfied) {
        return HostOutcome::Done;
    }
    stall_ = fmt::format("a semaphore acquire ({}) of {:#x} at GPU address {:#x}", form, payload,
                         address);
    return HostOutcome::Stall;
}

HostOutcome HostMethods::SemaphoreB06f(u32 operation) {
    MemoryManager& memory = *context_.memory;
    const u64 address = registers_.Address(kSemaphoreA) & ~u64{3};
    const u32 payload = registers_.Get(kSemaphoreC);
    const u32 op = static_cast<u32>(base::Bits(operation, 0, 5));
    if (op == kB06fRelease || op == kB06fReduction) {
        u32 value = payload;
        if (op == kB06fReduction) {
            const u32 reduction = static_cast<u32>(base::Bits(operation, 27, 4));
            const bool is_signed = !base::Bit(operation, 31);
            const auto reduced = Reduce(reduction, is_signed, false,
                                        memory.ReadValue<u32>(address, "semaphore"), payload);
            if (!reduced) {
                NameOnce(kSemaphoreD, "a reduction the class does not define: nothing written");
                return HostOutcome::Done;
            }
            value = static_cast<u32>(*reduced);
        }
        // RELEASE_SIZE 24: 1 is the 4-byte semaphore, 0 the 16-byte one with the timestamp.
        if (base::Bit(operation, 24)) {
            memory.WriteValue(address, value, "semaphore release");
        } else {
            memory.WriteValue(address, SixteenByteRelease{value, GpuTimerNanoseconds()},
                              "semaphore release");
        }
        return HostOutcome::Done;
    }
    const u32 current = memory.ReadValue<u32>(address, "semaphore acquire");
    switch (op) {
        case kB06fAcquire:
            return Acquire(address, current == payload, "equal", payload);
        case kB06fAcquireGeq:
            return Acquire(address, static_cast<s32>(current - payload) >= 0, "greater or equal",
                           payload);
        case kB06fAcquireAnd:
            return Acquire(address, (current & payload) != 0, "and", payload);
        default:
            NameOnce(kSemaphoreD, fmt::format("operation {:#x} is none the class defines: "
                                              "nothing done",
                                              op));
            return HostOutcome::Done;
    }
}

HostOutcome HostMethods::SemaphoreExecute(u32 operation) {
    MemoryManager& memory = *context_.memory;
    const u64 address =
        (u64{registers_.Get(kSemAddrHi) & 0x1FFFF} << 32) | (registers_.Get(kSemAddrLo) & ~u32{3});
    const bool wide = base::Bit(operation, 24);
    const u64 mask = wide ? ~u64{0} : 0xFFFF'FFFFull;
    const u64 payload =
        ((u64{registers_.Get(kSemPayloadHi)} << 32) | registers_.Get(kSemPayloadLo)) & mask;
    const u64 current = (wide ? memory.ReadValue<u64>(address, "semaphore")
                              : memory.ReadValue<u32>(address, "semaphore")) &
                        mask;
    const auto op = static_cast<SemExecute>(base::Bits(operation, 0, 3));
    switch (op) {
        case SemExecute::Acquire:
            return Acquire(address, current == payload, "equal", payload);
        case SemExecute::AcquireStrictGeq:
            return Acquire(address, current >= payload, "strictly greater or equal", payload);
        case SemExecute::AcquireCircularGeq: {
            const bool reached = wide ? static_cast<s64>(current - payload) >= 0
                                      : static_cast<s32>(static_cast<u32>(current - payload)) >= 0;
            return Acquire(address, reached, "circular greater or equal", payload);
        }
        case SemExecute::AcquireAnd:
            return Acquire(address, (current & payload) != 0, "and", payload);
        case SemExecute::AcquireNor:
            return Acquire(address, (~(current | payload) & mask) != 0, "nor", payload);
        case SemExecute::Release:
        case SemExecute::Reduction: {
            u64 value = payload;
            if (op == SemExecute::Reduction) {
                const auto reduced = Reduce(static_cast<u32>(base::Bits(operation, 27, 4)),
                                            !base::Bit(operation, 31), wide, current, payload);
                if (!reduced) {
                    NameOnce(kSemExecute,
                             "a reduction the class does not define: nothing "
                             "written");
                    return HostOutcome::Done;
                }
                value = *reduced;
            }
            if (base::Bit(operation, 25)) {
                memory.WriteValue(address, SixteenByteRelease{value, GpuTimerNanoseconds()},
                                  "semaphore release");
            } else if (wide) {
                memory.WriteValue(address, value, "semaphore release");
            } else {
                memory.WriteValue(address, static_cast<u32>(value), "semaphore release");
            }
            return HostOutcome::Done;
        }
    }
    NameOnce(kSemExecute, "operation 7 is none the class defines: nothing done");
    return HostOutcome::Done;
}

HostOutcome HostMethods::SyncpointOperation(u32 operation) {
    const u32 id = static_cast<u32>(base::Bits(operation, 8, 8));
    if (!SyncpointManager::Valid(id)) {
        NameOnce(kSyncpointB, fmt::format("syncpoint {} does not exist: nothing done", id));
        return HostOutcome::Done;
    }
    if (base::Bit(operation, 0)) {
        syncpoints_.Increment(id);
        return HostOutcome::Done;
    }
    const u32 threshold = registers_.Get(kSyncpointA);
    if (SyncpointManager::Reached(syncpoints_.Read(id), threshold)) {
        return HostOutcome::Done;
    }
    stall_ = fmt::format("a wait for syncpoint {} to reach {} (it is at {})", id, threshold,
                         syncpoints_.Read(id));
    return HostOutcome::Stall;
}

HostOutcome HostMethods::CallMethod(u32 method, u32 argument) {
    const bool ampere = IsAmpereGpfifo(gpfifo_class_);
    if (method != kSemaphoreD && method != kSemExecute && method != kSyncpointB) {
        registers_.Set(method, argument);
    } else {
        // A release or increment lands only after the host GPU's work before it (issue 15).
        context_.host_gpu->Synchronize();
    }
    switch (method) {
        case kNop:
        case kSemaphoreA:
        case kSemaphoreB:
        case kSemaphoreC:
        case kSyncpointA:
        case kSetReference:
        case kFbFlush:
        case kWfi:
            return HostOutcome::Done;
        case kSemaphoreD:
            return SemaphoreB06f(argument);
        case kNonStallInterrupt:
            // nvgpu would wake the channel's waiters on it; nobody on the Switch listens.
            return HostOutcome::Done;
        case kYield:
            return HostOutcome::Yield;
        case kSyncpointB:
            return SyncpointOperation(argument);
        case kCrcCheck:
            NameOnce(method, "pushbuffer CRC checks are not made: the check passes");
            return HostOutcome::Done;
        default:
            break;
    }
    if (method >= kMemOpA && method <= kMemOpD) {
        return HostOutcome::Done;  // flushes and invalidates of caches nxhost does not have
    }
    if (ampere) {
        switch (method) {
            case kSemAddrLo:
            case kSemAddrHi:
            case kSemPayloadLo:
            case kSemPayloadHi:
            case kClearFaulted:
                return HostOutcome::Done;
            case kSemExecute:
                return SemaphoreExecute(argument);
            default:
                break;
        }
    }
    NameOnce(method, "not a method nxhost knows of this class: nothing done");
    return HostOutcome::Done;
}

std::string HostMethods::DescribeStall() const {
    return stall_;
}

}  // namespace gpu
