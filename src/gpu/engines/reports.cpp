#include "gpu/engines/reports.h"

#include <fmt/format.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/gpu_timer.h"

namespace gpu::engines {
namespace {

constexpr u32 kReportSemaphoreA = 0x1B00 / 4;
constexpr u32 kReportSemaphoreC = 0x1B08 / 4;
constexpr u32 kReportSemaphoreD = 0x1B0C / 4;
constexpr u32 kClearReportValue = 0x1530 / 4;

constexpr u32 kRelease = 0;
constexpr u32 kReportOnly = 2;
constexpr u32 kReportNone = 0;
constexpr u32 kReportZpassPixelCount = 0x02;
constexpr u32 kReportZpassPixelCount64 = 0x15;
constexpr u32 kClearZpassPixelCount = 1;  // CLEAR_REPORT_VALUE's TYPE

}  // namespace

std::optional<std::string_view> ReportCounterName(u32 report) {
    switch (report) {
        case 0x00:
            return "NONE";
        case 0x01:
            return "DA_VERTICES_GENERATED";
        case 0x02:
            return "ZPASS_PIXEL_CNT";
        case 0x03:
            return "DA_PRIMITIVES_GENERATED";
        case 0x04:
            return "ALPHA_BETA_CLOCKS";
        case 0x05:
            return "VS_INVOCATIONS";
        case 0x06:
            return "STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED";
        case 0x07:
            return "GS_INVOCATIONS";
        case 0x09:
            return "GS_PRIMITIVES_GENERATED";
        case 0x0A:
            return "ZCULL_STATS0";
        case 0x0B:
            return "STREAMING_PRIMITIVES_SUCCEEDED";
        case 0x0C:
            return "ZCULL_STATS1";
        case 0x0D:
            return "STREAMING_PRIMITIVES_NEEDED";
        case 0x0E:
            return "ZCULL_STATS2";
        case 0x0F:
            return "CLIPPER_INVOCATIONS";
        case 0x10:
            return "ZCULL_STATS3";
        case 0x11:
            return "CLIPPER_PRIMITIVES_GENERATED";
        case 0x12:
            return "VTG_PRIMITIVES_OUT";
        case 0x13:
            return "PS_INVOCATIONS";
        case 0x15:
            return "ZPASS_PIXEL_CNT64";
        case 0x18:
            return "IEEE_CLEAN_COLOR_TARGET";
        case 0x19:
            return "IEEE_CLEAN_ZETA_TARGET";
        case 0x1A:
            return "STREAMING_BYTE_COUNT";
        case 0x1B:
            return "TI_INVOCATIONS";
        case 0x1C:
            return "BOUNDING_RECTANGLE";
        case 0x1D:
            return "TS_INVOCATIONS";
        case 0x1E:
            return "TOTAL_STREAMING_PRIMITIVES_NEEDED_MINUS_SUCCEEDED";
        case 0x1F:
            return "TS_PRIMITIVES_GENERATED";
        default:
            return std::nullopt;
    }
}

bool Reports::Handles(u32 method) {
    return method == kReportSemaphoreD || method == kClearReportValue;
}

void Reports::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("gpu", "channel {}: {}; named once", context_.channel_id, what);
    }
}

void Reports::Execute(const RegisterFile& registers, u32 method, u32 argument) {
    if (method == kReportSemaphoreD) {
        Report(registers, argument);
    } else {
        ResetCounter(static_cast<u32>(base::Bits(argument, 0, 5)));
    }
}

std::optional<u64> Reports::SamplesPassed() {
    const std::optional<u64> total = context_.host_gpu->SamplesPassed();
    if (!total) {
        NameOnce(
            fmt::format("samples passed (ZPASS_PIXEL_CNT): the host GPU {} cannot count "
                        "them exactly; not reported",
                        context_.host_gpu->Name()));
    }
    return total;
}

void Reports::ResetCounter(u32 type) {
    if (type != kClearZpassPixelCount) {
        NameOnce(
            fmt::format("CLEAR_REPORT_VALUE of counter type {:#x}, which nxhost does not "
                        "count: not reset",
                        type));
        return;
    }
    if (const auto total = SamplesPassed()) {
        samples_at_reset_ = *total;
    }
}

void Reports::Report(const RegisterFile& registers, u32 operation) {
    const u32 op = static_cast<u32>(base::Bits(operation, 0, 2));
    const u32 report = static_cast<u32>(base::Bits(operation, 23, 5));
    if (op != kRelease && op != kReportOnly) {
        NameOnce(op == 1 ? "a semaphore acquire in the 3D class is not executed yet"
                         : "a report trap in the 3D class is not executed yet");
        return;
    }
    std::optional<u64> value;
    if (op == kRelease || report == kReportNone) {
        if (op == kRelease && report != kReportNone) {
            NameOnce("a semaphore release naming a counter (REPORT): nothing written");
            return;
        }
        value = registers.Get(kReportSemaphoreC);
    } else if (report == kReportZpassPixelCount || report == kReportZpassPixelCount64) {
        const auto total = SamplesPassed();
        if (!total) {
            return;
        }
        value = *total - samples_at_reset_;
    } else {
        const auto name = ReportCounterName(report);
        NameOnce(fmt::format("the {} counter report ({:#x}) is not counted: nothing written",
                             name ? *name : "unknown", report));
        return;
    }
    context_.host_gpu->Synchronize();  // the report lands after the work before it
    MemoryManager& memory = *context_.memory;
    const u64 address = registers.Address(kReportSemaphoreA);
    if (base::Bit(operation, 28)) {
        memory.WriteValue(address, static_cast<u32>(*value), "3D report semaphore");
        return;
    }
    struct {
        u64 value;
        u64 timestamp;
    } release{*value, GpuTimerNanoseconds()};
    memory.WriteValue(address, release, "3D report semaphore");
}

}  // namespace gpu::engines
