#pragma once

#include <string_view>

#include <fmt/format.h>

namespace base {

enum class LogLevel { Trace, Debug, Info, Warning, Error };

// Lines go to stderr as "[level] category: message". The level threshold comes from
// NXHOST_LOG (trace, debug, info, warning, error) and defaults to info.
void SetLogLevel(LogLevel level);
LogLevel GetLogLevel();
void WriteLog(LogLevel level, std::string_view category, std::string_view message);

template <typename... Args>
void Log(LogLevel level, std::string_view category, fmt::format_string<Args...> format,
         Args&&... args) {
    if (level >= GetLogLevel()) {
        WriteLog(level, category, fmt::format(format, std::forward<Args>(args)...));
    }
}

}  // namespace base

#define NX_LOG(level, category, ...) ::base::Log(::base::LogLevel::level, category, __VA_ARGS__)
#define LOG_TRACE(category, ...) NX_LOG(Trace, category, __VA_ARGS__)
#define LOG_DEBUG(category, ...) NX_LOG(Debug, category, __VA_ARGS__)
#define LOG_INFO(category, ...) NX_LOG(Info, category, __VA_ARGS__)
#define LOG_WARNING(category, ...) NX_LOG(Warning, category, __VA_ARGS__)
#define LOG_ERROR(category, ...) NX_LOG(Error, category, __VA_ARGS__)
