#include "services/time/time_shared_memory.h"

#include <cstring>

#include "kernel/guest_clock.h"
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

}  // namespace

TimeSharedMemory::TimeSharedMemory(u64 ticks)
    : memory_(kernel::SharedMemory::Create(kSize, cpu::Permission::Read)) {
    const SteadyClockContext steady{
        SteadyNanoseconds() - static_cast<s64>(kernel::GuestClock::TicksToNanoseconds(ticks)),
        SteadyClockSourceId()};
    u8* base = memory_->HostData();
    WriteItem(base, kSteadyClockOffset, steady);
    const SystemClockContext system = CurrentSystemClockContext();
    WriteItem(base, kLocalClockOffset, system);
    WriteItem(base, kNetworkClockOffset, system);
}

}  // namespace services::time
