#include "kernel/guest_clock.h"

#include "cpu/core.h"

namespace kernel {

namespace {
// One instruction a nanosecond: 19.2 ticks per 1000 instructions.
constexpr u64 kTicksPerThousandInstructions = 19'200'000 / 1'000'000;
}  // namespace

u64 GuestClock::Now() const {
    if (!deterministic_) {
        return cpu::ReadGuestCounter();
    }
    // The instruction count only moves when the JIT leaves a block, so every reading also
    // moves the clock on by one tick: a guest that polls the clock inside one block still sees
    // time pass, and the same run still reads the same times.
    const u64 instructions = instructions_ ? instructions_() : 0;
    return instructions * kTicksPerThousandInstructions / 1000 + skipped_.load() + ++readings_;
}

void GuestClock::SkipTo(u64 ticks) {
    const u64 now = Now();
    if (ticks > now) {
        skipped_ += ticks - now;
    }
}

u64 GuestClock::NanosecondsToTicks(u64 nanoseconds) {
    return static_cast<u64>(static_cast<unsigned __int128>(nanoseconds) * kFrequency /
                            1'000'000'000);
}

u64 GuestClock::TicksToNanoseconds(u64 ticks) {
    return static_cast<u64>(static_cast<unsigned __int128>(ticks) * 1'000'000'000 / kFrequency);
}

u64 GuestClock::TicksToInstructions(u64 ticks) {
    return ticks * 1000 / kTicksPerThousandInstructions + 1;
}

}  // namespace kernel
