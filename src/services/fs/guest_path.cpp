#include "services/fs/guest_path.h"

#include <sys/stat.h>

#include <string>
#include <string_view>
#include <vector>

#include "services/fs/fs_results.h"

namespace services::fs {
namespace {

bool IsRefusedCharacter(char c) {
    return c == ':' || c == '\\' || c == '*' || c == '?' || c == '<' || c == '>' || c == '|';
}

}  // namespace

base::Result ResolveGuestPath(const std::filesystem::path& root, std::span<const u8> buffer,
                              std::filesystem::path& out) {
    std::string_view text(reinterpret_cast<const char*>(buffer.data()), buffer.size());
    const std::size_t end = text.find('\0');
    if (end == std::string_view::npos) {
        return ResultTooLongPath;
    }
    text = text.substr(0, end);
    if (text.size() >= kPathBufferSize) {
        return ResultTooLongPath;
    }
    if (text.empty() || text.front() != '/') {
        return ResultInvalidPathFormat;
    }
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t slash = text.find('/', start);
        if (slash == std::string_view::npos) {
            slash = text.size();
        }
        const std::string_view part = text.substr(start, slash - start);
        start = slash + 1;
        if (part.empty() || part == ".") {
            continue;
        }
        if (part == "..") {
            if (parts.empty()) {
                return ResultDirectoryUnobtainable;
            }
            parts.pop_back();
            continue;
        }
        for (const char c : part) {
            if (IsRefusedCharacter(c)) {
                return ResultInvalidCharacter;
            }
        }
        parts.push_back(part);
    }
    out = root;
    for (const std::string_view part : parts) {
        out /= std::string(part);
        struct stat status {};
        if (::lstat(out.c_str(), &status) == 0 && S_ISLNK(status.st_mode)) {
            return ResultPathNotFound;
        }
    }
    return base::ResultSuccess;
}

}  // namespace services::fs
