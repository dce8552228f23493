#pragma once

// time:u, time:a, time:s (nn::timesrv::detail::service::IStaticService): the system, network
// and steady clocks and the time zone, all from the host. Command ids and layouts from the
// public homebrew documentation.

#include <memory>
#include <mutex>

#include "ipc/service_object.h"
#include "services/time/clock_types.h"
#include "services/time/time_shared_memory.h"
#include "services/time/time_source.h"

namespace services::time {

// nn::time::CalendarTime and CalendarAdditionalInfo.
struct CalendarTime {
    s16 year;
    s8 month;
    s8 day;
    s8 hour;
    s8 minute;
    s8 second;
    s8 padding;
};
static_assert(sizeof(CalendarTime) == 8);
struct CalendarAdditionalInfo {
    u32 day_of_week;
    u32 day_of_year;
    std::array<char, 8> time_zone_name;
    u32 is_daylight_saving;
    s32 utc_offset_seconds;
};
static_assert(sizeof(CalendarAdditionalInfo) == 0x18);

// The system clocks of the run: each is the time source's wall clock plus an offset the guest
// may set through time:s (time:a the local clock only), shared by every session and the
// clocks' shared memory. Every reading is at a guest tick (the request's).
class SystemClocks {
public:
    explicit SystemClocks(bool deterministic) : source_(deterministic) {}

    const TimeSource& Source() const { return source_; }
    s64 Offset(SystemClockKind kind) const;
    void SetOffset(SystemClockKind kind, s64 seconds, u64 ticks);
    SystemClockContext Context(SystemClockKind kind, u64 ticks) const;
    // The shared memory (made on the first request, so that it is filled at a guest tick).
    std::shared_ptr<kernel::SharedMemory> SharedMemory(u64 ticks);

private:
    TimeSource source_;
    mutable std::mutex mutex_;
    std::array<s64, 2> offsets_{};
    std::unique_ptr<TimeSharedMemory> memory_;
};

// Which clocks a port's sessions may set (nn::time's service permissions).
enum class ClockWriteAccess { None, LocalOnly, All };

class SystemClock final : public ipc::Interface<SystemClock> {
public:
    static constexpr auto kName = "nn::timesrv::detail::service::ISystemClock";
    SystemClock(SystemClockKind kind, std::shared_ptr<SystemClocks> clocks, bool may_set)
        : kind_(kind), clocks_(std::move(clocks)), may_set_(may_set) {}

    base::Result GetCurrentTime(ipc::RequestEnvironment environment, ipc::Out<s64> seconds);
    base::Result SetCurrentTime(ipc::RequestEnvironment environment, s64 seconds);
    base::Result GetSystemClockContext(ipc::RequestEnvironment environment,
                                       ipc::Out<SystemClockContext> context);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SystemClock::GetCurrentTime),
        NX_COMMAND(1, SystemClock::SetCurrentTime),
        NX_COMMAND(2, SystemClock::GetSystemClockContext),
    };

private:
    SystemClockKind kind_;
    std::shared_ptr<SystemClocks> clocks_;
    bool may_set_;
};

class SteadyClock final : public ipc::Interface<SteadyClock> {
public:
    static constexpr auto kName = "nn::timesrv::detail::service::ISteadyClock";

    explicit SteadyClock(std::shared_ptr<SystemClocks> clocks) : clocks_(std::move(clocks)) {}

    base::Result GetCurrentTimePoint(ipc::RequestEnvironment environment,
                                     ipc::Out<SteadyClockTimePoint> time_point);
    base::Result GetTestOffset(ipc::Out<s64> offset);
    base::Result GetRtcValue(ipc::RequestEnvironment environment, ipc::Out<s64> seconds);
    base::Result IsRtcResetDetected(ipc::Out<u8> detected);
    base::Result GetInternalOffset(ipc::Out<s64> offset);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SteadyClock::GetCurrentTimePoint),
        NX_COMMAND(2, SteadyClock::GetTestOffset),
        NX_COMMAND(100, SteadyClock::GetRtcValue),
        NX_COMMAND(101, SteadyClock::IsRtcResetDetected),
        NX_COMMAND(200, SteadyClock::GetInternalOffset),
    };

private:
    std::shared_ptr<SystemClocks> clocks_;
};

class TimeZoneService final : public ipc::Interface<TimeZoneService> {
public:
    static constexpr auto kName = "nn::timesrv::detail::service::ITimeZoneService";

    base::Result GetDeviceLocationName(ipc::Out<std::array<char, 0x24>> name);
    base::Result GetTotalLocationNameCount(ipc::Out<s32> count);
    base::Result ToCalendarTimeWithMyRule(s64 seconds, ipc::Out<CalendarTime> time,
                                          ipc::Out<CalendarAdditionalInfo> info);
    base::Result ToPosixTimeWithMyRule(CalendarTime time, ipc::Out<s32> count,
                                       ipc::OutBuffer<ipc::kPointer> times);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, TimeZoneService::GetDeviceLocationName),
        NX_COMMAND(2, TimeZoneService::GetTotalLocationNameCount),
        NX_COMMAND(101, TimeZoneService::ToCalendarTimeWithMyRule),
        NX_COMMAND(201, TimeZoneService::ToPosixTimeWithMyRule),
    };
};

// The steady clock's source id, the same in every context of the run.
std::array<u8, 16> SteadyClockSourceId();

class StaticService final : public ipc::Interface<StaticService> {
public:
    static constexpr auto kName = "nn::timesrv::detail::service::IStaticService";
    StaticService(std::shared_ptr<SystemClocks> clocks, ClockWriteAccess access)
        : clocks_(std::move(clocks)), access_(access) {}

    base::Result GetStandardUserSystemClock(ipc::OutObject clock);
    base::Result GetStandardNetworkSystemClock(ipc::OutObject clock);
    base::Result GetStandardSteadyClock(ipc::OutObject clock);
    base::Result GetTimeZoneService(ipc::OutObject service);
    base::Result GetStandardLocalSystemClock(ipc::OutObject clock);
    base::Result GetEphemeralNetworkSystemClock(ipc::OutObject clock);
    base::Result GetSharedMemoryNativeHandle(ipc::RequestEnvironment environment,
                                             ipc::OutCopyHandle memory);
    base::Result IsStandardUserSystemClockAutomaticCorrectionEnabled(ipc::Out<u8> enabled);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, StaticService::GetStandardUserSystemClock),
        NX_COMMAND(1, StaticService::GetStandardNetworkSystemClock),
        NX_COMMAND(2, StaticService::GetStandardSteadyClock),
        NX_COMMAND(3, StaticService::GetTimeZoneService),
        NX_COMMAND(4, StaticService::GetStandardLocalSystemClock),
        NX_COMMAND(5, StaticService::GetEphemeralNetworkSystemClock),
        NX_COMMAND(20, StaticService::GetSharedMemoryNativeHandle),
        NX_COMMAND(100, StaticService::IsStandardUserSystemClockAutomaticCorrectionEnabled),
    };

private:
    std::shared_ptr<ipc::ServiceObject> Clock(SystemClockKind kind) const;

    std::shared_ptr<SystemClocks> clocks_;
    ClockWriteAccess access_;
};

}  // namespace services::time
