#include "base/host_memory.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <string>

namespace base {

u64 ResidentBytes() {
    std::ifstream statm("/proc/self/statm");
    u64 size_pages = 0;
    u64 resident_pages = 0;
    if (!(statm >> size_pages >> resident_pages)) {
        return 0;
    }
    return resident_pages * static_cast<u64>(sysconf(_SC_PAGESIZE));
}

u64 AvailableBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    u64 kibibytes = 0;
    std::string unit;
    while (meminfo >> key >> kibibytes >> unit) {
        if (key == "MemAvailable:") {
            return kibibytes * 1024;
        }
    }
    return 0;
}

std::optional<u64> ParseByteSize(std::string_view text) {
    if (text.empty()) {
        return std::nullopt;
    }
    u64 scale = 1;
    switch (text.back()) {
        case 'K':
        case 'k':
            scale = u64{1} << 10;
            break;
        case 'M':
        case 'm':
            scale = u64{1} << 20;
            break;
        case 'G':
        case 'g':
            scale = u64{1} << 30;
            break;
        case 'T':
        case 't':
            scale = u64{1} << 40;
            break;
        default:
            break;
    }
    if (scale != 1) {
        text.remove_suffix(1);
    }
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !(value > 0) ||
        !std::isfinite(value) || value * static_cast<double>(scale) > 0x1p63) {
        return std::nullopt;
    }
    return static_cast<u64>(value * static_cast<double>(scale));
}

}  // namespace base
