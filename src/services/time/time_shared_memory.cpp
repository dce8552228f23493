#include "services/time/time_shared_memory.h"

#include <atomic>
#include <cstring>

#include "services/time/time_service.h"

namespace services::time {
namespace {

constexpr u64 kSteadyClockOffset = 0x00;
constexpr u64 kLocalClockOffset = 0x38;
constexpr u64 kNetworkClockOffset = 0x80;

// nn::time::SteadyClockContext: the offset in nanoseconds from the tick counter to the steady
// clock's time, and the clock's source id.
struct SteadyClockContext {
    s64 internal_offset_ns;
    std::array<u8, 16> source_id;
};
static_assert(sizeof(SteadyClockContext) == 0x18);

// Counter 0: the first copy is current.
template <typename T>
void WriteItem(u8* base, u64 offset, const T& value) {
    const u32 counter = 0;
    std::memcpy(base + offset, &counter, sizeof(counter));
    std::memcpy(base + offset + 8, &value, sizeof(value));
    std::memcpy(base + offset + 8 + sizeof(value), &value, sizeof(value));
}

// The copy the counter does not pick yet takes the value, then the counter moves to it.
template <typename T>
void UpdateItem(u8* base, u64 offset, const T& value) {
    std::atomic_ref<u32> counter(*reinterpret_cast<u32*>(base + offset));
    const u32 next = counter.load(std::memory_order_relaxed) + 1;
    std::memcpy(base + offset + 8 + (next & 1) * sizeof(value), &value, sizeof(value));
    counter.store(next, std::memory_order_release);
}

u64 SystemClockOffset(SystemClockKind kind) {
    return kind == SystemClockKind::Local ? kLocalClockOffset : kNetworkClockOffset;
}

}  // namespace

TimeSharedMemory::TimeSharedMemory(s64 steady_base_ns, const SystemClockContext& local,
                                   const SystemClockContext& network)
    : memory_(kernel::SharedMemory::Create(kSize, cpu::Permission::Read)) {
    const SteadyClockContext steady{steady_base_ns, SteadyClockSourceId()};
    u8* base = memory_->HostData();
    WriteItem(base, kSteadyClockOffset, steady);
    WriteItem(base, kLocalClockOffset, local);
    WriteItem(base, kNetworkClockOffset, network);
}

void TimeSharedMemory::UpdateSystemClock(SystemClockKind kind, const SystemClockContext& context) {
    UpdateItem(memory_->HostData(), SystemClockOffset(kind), context);
}

}  // namespace services::time
