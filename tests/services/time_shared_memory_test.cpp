// The time shared memory read as libnx 4.x reads it (services/time.c, _timeReadSharedmemObj and
// the shared-memory path of timeGetCurrentTime): a u32 counter, then two copies of which the
// counter's low bit picks one; the steady clock's context at 0x00 (s64 base time in
// nanoseconds, 16-byte source id), the local clock's context at 0x38 and the network clock's at
// 0x80 (s64 offset, s64 time point, 16-byte source id). libnx refuses the time (2116-0102)
// unless the context's source id is the steady clock's, and otherwise computes it as
// offset + (base + ticks in ns) / 1e9. The layouts are written here from those facts, not taken
// from nxhost's structs.

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "kernel/guest_clock.h"
#include "services/time/time_service.h"

namespace services::time {
namespace {

template <typename T>
T At(const u8* memory, u64 offset) {
    T value;
    std::memcpy(&value, memory + offset, sizeof(T));
    return value;
}

// The copy the counter picks of an object of `size` bytes at `offset`.
const u8* CurrentCopy(const u8* memory, u64 offset, u64 size) {
    const u32 counter = At<u32>(memory, offset);
    return memory + offset + 8 + (counter & 1) * size;
}

// What libnx's timeGetCurrentTime answers from the memory for the clock at `clock_offset`.
std::optional<s64> LibnxTime(const u8* memory, u64 clock_offset, u64 ticks) {
    const u8* steady = CurrentCopy(memory, 0x00, 0x18);
    const u8* context = CurrentCopy(memory, clock_offset, 0x20);
    if (std::memcmp(context + 0x10, steady + 0x08, 16) != 0) {
        return std::nullopt;
    }
    const s64 base_ns = At<s64>(steady, 0);
    const s64 ticks_ns = static_cast<s64>(ticks * 1'000'000'000.0 / 19'200'000.0);
    return At<s64>(context, 0) + (base_ns + ticks_ns) / 1'000'000'000;
}

s64 HostWallSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TEST(TimeSharedMemory, LibnxReadsTheHostsTimeFromEachClock) {
    SystemClocks clocks(false);
    const kernel::GuestClock guest_clock(false);
    const u8* memory = clocks.SharedMemory(guest_clock.Now())->HostData();
    for (const u64 clock_offset : {0x38u, 0x80u}) {
        const auto seconds = LibnxTime(memory, clock_offset, guest_clock.Now());
        ASSERT_TRUE(seconds.has_value()) << "the source ids differ at " << clock_offset;
        EXPECT_NEAR(static_cast<double>(*seconds), static_cast<double>(HostWallSeconds()), 2.0);
    }
}

TEST(TimeSharedMemory, ASetClockIsWhatLibnxReadsNext) {
    SystemClocks clocks(false);
    const kernel::GuestClock guest_clock(false);
    const u8* memory = clocks.SharedMemory(guest_clock.Now())->HostData();
    constexpr s64 kHour = 3600;
    clocks.SetOffset(SystemClockKind::Local, kHour, guest_clock.Now());
    const auto local = LibnxTime(memory, 0x38, guest_clock.Now());
    const auto network = LibnxTime(memory, 0x80, guest_clock.Now());
    ASSERT_TRUE(local && network);
    EXPECT_NEAR(static_cast<double>(*local - *network), static_cast<double>(kHour), 1.0);
}

// 2026-01-01 00:00:00 UTC, counted by hand: 56 years from 1970 with 14 leap days.
constexpr s64 kFirstOf2026 = (56 * 365 + 14) * 86'400;
constexpr u64 kTicksPerSecond = 19'200'000;

TEST(TimeSharedMemory, ADeterministicRunStartsAtAFixedDateAndCountsGuestTicks) {
    SystemClocks clocks(true);
    const u8* memory = clocks.SharedMemory(5 * kTicksPerSecond)->HostData();
    for (const u64 seconds : {0u, 7u, 3600u}) {
        const u64 ticks = seconds * kTicksPerSecond;
        const auto local = LibnxTime(memory, 0x38, ticks);
        ASSERT_TRUE(local.has_value());
        EXPECT_EQ(*local, kFirstOf2026 + static_cast<s64>(seconds));
        // The IPC clock's context gives the same time at the same tick: offset + steady time.
        const SystemClockContext context = clocks.Context(SystemClockKind::Local, ticks);
        EXPECT_EQ(context.offset + context.timestamp.seconds, *local);
        EXPECT_EQ(clocks.Source().WallSeconds(ticks), *local);
    }
}

TEST(TimeSharedMemory, TwoDeterministicRunsReadTheSameTimes) {
    SystemClocks first(true);
    SystemClocks second(true);
    for (const u64 ticks : {u64{123}, u64{456'789'012}}) {
        EXPECT_EQ(first.Source().SteadyNanoseconds(ticks),
                  second.Source().SteadyNanoseconds(ticks));
        EXPECT_EQ(first.Context(SystemClockKind::Network, ticks).offset,
                  second.Context(SystemClockKind::Network, ticks).offset);
    }
}

TEST(TimeSharedMemory, TheIpcSteadyClockIsTheOneLibnxComputesFromTheMemory) {
    SystemClocks clocks(false);
    const kernel::GuestClock guest_clock(false);
    const u8* memory = clocks.SharedMemory(guest_clock.Now())->HostData();
    const u64 later = guest_clock.Now() + 90 * kTicksPerSecond;
    const s64 base_ns = At<s64>(CurrentCopy(memory, 0x00, 0x18), 0);
    const s64 libnx_steady_ns = base_ns + static_cast<s64>(later * 1'000'000'000.0 / 19'200'000.0);
    EXPECT_NEAR(static_cast<double>(clocks.Source().SteadyNanoseconds(later)),
                static_cast<double>(libnx_steady_ns), 1.0);
}

}  // namespace
}  // namespace services::time
