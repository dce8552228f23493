#include "services/time/time_service.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>

namespace services::time {
namespace {

// time's result codes (module 116), as the public documentation lists them.
constexpr base::Result ResultPermissionDenied{116, 1};
constexpr base::Result ResultOutOfRange{116, 902};

// One steady clock source for the whole run.
constexpr std::array<u8, 16> kSteadyClockSourceId = {'n', 'x', 'h', 'o', 's', 't', '-', 's',
                                                     't', 'e', 'a', 'd', 'y', 0,   0,   1};

// The host's zone name: $TZ, else /etc/timezone, else UTC.
std::string HostTimeZoneName() {
    if (const char* zone = std::getenv("TZ"); zone != nullptr && *zone != '\0') {
        return zone[0] == ':' ? zone + 1 : zone;
    }
    std::ifstream file("/etc/timezone");
    std::string name;
    if (file && std::getline(file, name) && !name.empty()) {
        return name;
    }
    return "UTC";
}

}  // namespace

std::array<u8, 16> SteadyClockSourceId() {
    return kSteadyClockSourceId;
}

s64 SystemClocks::Offset(SystemClockKind kind) const {
    std::lock_guard lock(mutex_);
    return offsets_[static_cast<std::size_t>(kind)];
}

void SystemClocks::SetOffset(SystemClockKind kind, s64 seconds, u64 ticks) {
    {
        std::lock_guard lock(mutex_);
        offsets_[static_cast<std::size_t>(kind)] = seconds;
    }
    const SystemClockContext context = Context(kind, ticks);
    std::lock_guard lock(mutex_);
    if (memory_) {
        memory_->UpdateSystemClock(kind, context);
    }
}

SystemClockContext SystemClocks::Context(SystemClockKind kind, u64 ticks) const {
    const s64 steady = source_.SteadySeconds(ticks);
    return SystemClockContext{source_.WallSeconds(ticks) - steady + Offset(kind),
                              {steady, kSteadyClockSourceId}};
}

std::shared_ptr<kernel::SharedMemory> SystemClocks::SharedMemory(u64 ticks) {
    const SystemClockContext local = Context(SystemClockKind::Local, ticks);
    const SystemClockContext network = Context(SystemClockKind::Network, ticks);
    std::lock_guard lock(mutex_);
    if (!memory_) {
        memory_ = std::make_unique<TimeSharedMemory>(source_.SteadyBaseNanoseconds(ticks), local,
                                                     network);
    }
    return memory_->Memory();
}

base::Result SystemClock::GetCurrentTime(ipc::RequestEnvironment environment,
                                         ipc::Out<s64> seconds) {
    *seconds = clocks_->Source().WallSeconds(environment->Ticks()) + clocks_->Offset(kind_);
    return base::ResultSuccess;
}

base::Result SystemClock::SetCurrentTime(ipc::RequestEnvironment environment, s64 seconds) {
    const char* name = kind_ == SystemClockKind::Local ? "local" : "network";
    if (!may_set_) {
        LOG_INFO("time", "the guest may not set the {} system clock through this port", name);
        return ResultPermissionDenied;
    }
    const u64 ticks = environment->Ticks();
    clocks_->SetOffset(kind_, seconds - clocks_->Source().WallSeconds(ticks), ticks);
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm utc{};
    gmtime_r(&time, &utc);
    char text[32] = {};
    std::strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S", &utc);
    LOG_INFO("time", "the guest set the {} system clock to {} UTC", name, text);
    return base::ResultSuccess;
}

base::Result SystemClock::GetSystemClockContext(ipc::RequestEnvironment environment,
                                                ipc::Out<SystemClockContext> context) {
    *context = clocks_->Context(kind_, environment->Ticks());
    return base::ResultSuccess;
}

base::Result SteadyClock::GetCurrentTimePoint(ipc::RequestEnvironment environment,
                                              ipc::Out<SteadyClockTimePoint> time_point) {
    *time_point = SteadyClockTimePoint{clocks_->Source().SteadySeconds(environment->Ticks()),
                                       kSteadyClockSourceId};
    return base::ResultSuccess;
}

base::Result SteadyClock::GetTestOffset(ipc::Out<s64> offset) {
    *offset = 0;
    return base::ResultSuccess;
}

base::Result SteadyClock::GetRtcValue(ipc::RequestEnvironment environment, ipc::Out<s64> seconds) {
    *seconds = clocks_->Source().WallSeconds(environment->Ticks());
    return base::ResultSuccess;
}

base::Result SteadyClock::IsRtcResetDetected(ipc::Out<u8> detected) {
    *detected = 0;
    return base::ResultSuccess;
}

base::Result SteadyClock::GetInternalOffset(ipc::Out<s64> offset) {
    *offset = 0;
    return base::ResultSuccess;
}

base::Result TimeZoneService::GetDeviceLocationName(ipc::Out<std::array<char, 0x24>> name) {
    name->fill('\0');
    const std::string zone = HostTimeZoneName();
    std::memcpy(name->data(), zone.data(), std::min(zone.size(), name->size() - 1));
    return base::ResultSuccess;
}

base::Result TimeZoneService::GetTotalLocationNameCount(ipc::Out<s32> count) {
    *count = 1;  // the host's zone is the one nxhost knows
    return base::ResultSuccess;
}

base::Result TimeZoneService::ToCalendarTimeWithMyRule(s64 seconds, ipc::Out<CalendarTime> time,
                                                       ipc::Out<CalendarAdditionalInfo> info) {
    const std::time_t when = static_cast<std::time_t>(seconds);
    std::tm local{};
    if (localtime_r(&when, &local) == nullptr || local.tm_year + 1900 > 0x7fff) {
        return ResultOutOfRange;
    }
    *time = CalendarTime{static_cast<s16>(local.tm_year + 1900),
                         static_cast<s8>(local.tm_mon + 1),
                         static_cast<s8>(local.tm_mday),
                         static_cast<s8>(local.tm_hour),
                         static_cast<s8>(local.tm_min),
                         static_cast<s8>(local.tm_sec),
                         0};
    CalendarAdditionalInfo additional{};
    additional.day_of_week = static_cast<u32>(local.tm_wday);
    additional.day_of_year = static_cast<u32>(local.tm_yday);
    std::strncpy(additional.time_zone_name.data(), local.tm_zone ? local.tm_zone : "UTC",
                 additional.time_zone_name.size() - 1);
    additional.is_daylight_saving = local.tm_isdst > 0 ? 1 : 0;
    additional.utc_offset_seconds = static_cast<s32>(local.tm_gmtoff);
    *info = additional;
    return base::ResultSuccess;
}

base::Result TimeZoneService::ToPosixTimeWithMyRule(CalendarTime time, ipc::Out<s32> count,
                                                    ipc::OutBuffer<ipc::kPointer> times) {
    std::tm local{};
    local.tm_year = time.year - 1900;
    local.tm_mon = time.month - 1;
    local.tm_mday = time.day;
    local.tm_hour = time.hour;
    local.tm_min = time.minute;
    local.tm_sec = time.second;
    local.tm_isdst = -1;
    const s64 seconds = static_cast<s64>(std::mktime(&local));
    *count = 0;
    if (times.data.size() >= sizeof(seconds)) {
        std::memcpy(times.data.data(), &seconds, sizeof(seconds));
        *count = 1;
    }
    return base::ResultSuccess;
}

std::shared_ptr<ipc::ServiceObject> StaticService::Clock(SystemClockKind kind) const {
    const bool may_set = access_ == ClockWriteAccess::All ||
                         (access_ == ClockWriteAccess::LocalOnly && kind == SystemClockKind::Local);
    return std::make_shared<SystemClock>(kind, clocks_, may_set);
}

base::Result StaticService::GetStandardUserSystemClock(ipc::OutObject clock) {
    *clock.object = Clock(SystemClockKind::Local);
    return base::ResultSuccess;
}

base::Result StaticService::GetStandardNetworkSystemClock(ipc::OutObject clock) {
    *clock.object = Clock(SystemClockKind::Network);
    return base::ResultSuccess;
}

base::Result StaticService::GetStandardSteadyClock(ipc::OutObject clock) {
    *clock.object = std::make_shared<SteadyClock>(clocks_);
    return base::ResultSuccess;
}

base::Result StaticService::GetTimeZoneService(ipc::OutObject service) {
    *service.object = std::make_shared<TimeZoneService>();
    return base::ResultSuccess;
}

base::Result StaticService::GetStandardLocalSystemClock(ipc::OutObject clock) {
    *clock.object = Clock(SystemClockKind::Local);
    return base::ResultSuccess;
}

base::Result StaticService::GetEphemeralNetworkSystemClock(ipc::OutObject clock) {
    *clock.object = Clock(SystemClockKind::Network);
    return base::ResultSuccess;
}

base::Result StaticService::GetSharedMemoryNativeHandle(ipc::RequestEnvironment environment,
                                                        ipc::OutCopyHandle memory) {
    *memory.object = clocks_->SharedMemory(environment->Ticks());
    return base::ResultSuccess;
}

base::Result StaticService::IsStandardUserSystemClockAutomaticCorrectionEnabled(
    ipc::Out<u8> enabled) {
    *enabled = 1;
    return base::ResultSuccess;
}

}  // namespace services::time
