#include "base/log.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace base {
namespace {

LogLevel LevelFromEnvironment() {
    const char* value = std::getenv("NXHOST_LOG");
    if (value == nullptr) {
        return LogLevel::Info;
    }
    const std::string_view name(value);
    if (name == "trace")
        return LogLevel::Trace;
    if (name == "debug")
        return LogLevel::Debug;
    if (name == "warning")
        return LogLevel::Warning;
    if (name == "error")
        return LogLevel::Error;
    return LogLevel::Info;
}

std::atomic<LogLevel>& Threshold() {
    static std::atomic<LogLevel> threshold{LevelFromEnvironment()};
    return threshold;
}

std::string_view LevelName(LogLevel level) {
    switch (level) {
        case LogLevel::Trace:
            return "trace";
        case LogLevel::Debug:
            return "debug";
        case LogLevel::Info:
            return "info";
        case LogLevel::Warning:
            return "warning";
        case LogLevel::Error:
            return "error";
    }
    return "?";
}

}  // namespace

void SetLogLevel(LogLevel level) {
    Threshold().store(level);
}
LogLevel GetLogLevel() {
    return Threshold().load(std::memory_order_relaxed);
}

void WriteLog(LogLevel level, std::string_view category, std::string_view message) {
    static std::mutex mutex;
    const std::string line = fmt::format("[{}] {}: {}\n", LevelName(level), category, message);
    std::lock_guard lock(mutex);
    std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace base
