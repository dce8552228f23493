#include "services/lm/log_service.h"

#include <string>

namespace services::lm {
namespace {

// A log packet (public homebrew documentation): a 0x18-byte header, then chunks of
// (ULEB128 key, ULEB128 size, bytes). Keys worth showing: 2 text, 3 line, 4 file, 5 function,
// 6 module.
constexpr std::size_t kHeaderSize = 0x18;
enum ChunkKey : u64 { kText = 2, kLine = 3, kFile = 4, kFunction = 5, kModule = 6 };

bool ReadUleb128(std::span<const u8> bytes, std::size_t& at, u64& value) {
    value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        if (at >= bytes.size()) {
            return false;
        }
        const u8 byte = bytes[at++];
        value |= u64{byte & 0x7fu} << shift;
        if ((byte & 0x80) == 0) {
            return true;
        }
    }
    return false;
}

}  // namespace

base::Result Logger::Log(ipc::InBuffer<ipc::kAutoSelect> packet) {
    const std::span<const u8> bytes = packet.data;
    if (bytes.size() < kHeaderSize) {
        return base::ResultSuccess;
    }
    const u8 severity = bytes[0x12];
    std::string text, file, function, module;
    u64 line = 0;
    std::size_t at = kHeaderSize;
    while (at < bytes.size()) {
        u64 key = 0;
        u64 size = 0;
        if (!ReadUleb128(bytes, at, key) || !ReadUleb128(bytes, at, size) ||
            size > bytes.size() - at) {
            break;
        }
        const std::string value(reinterpret_cast<const char*>(bytes.data() + at), size);
        switch (key) {
            case kText:
                text += value;
                break;
            case kFile:
                file = value;
                break;
            case kFunction:
                function = value;
                break;
            case kModule:
                module = value;
                break;
            case kLine:
                for (u64 i = 0; i < size && i < 8; ++i) {
                    line |= u64{bytes[at + i]} << (8 * i);
                }
                break;
            default:
                break;
        }
        at += size;
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == '\0')) {
        text.pop_back();
    }
    const std::string where = file.empty() ? "" : fmt::format(" ({}:{} {})", file, line, function);
    base::Log(severity >= 3   ? base::LogLevel::Error
              : severity == 2 ? base::LogLevel::Warning
                              : base::LogLevel::Info,
              "guest", "{}{}", text, where);
    return base::ResultSuccess;
}

base::Result Logger::SetDestination(u32) {
    return base::ResultSuccess;
}

base::Result LogService::OpenLogger(ipc::ClientProcessId, ipc::OutObject logger) {
    *logger.object = std::make_shared<Logger>();
    return base::ResultSuccess;
}

}  // namespace services::lm
