#include "services/fs/host_directory.h"

#include <algorithm>
#include <cstring>

namespace services::fs {

HostDirectory::HostDirectory(const std::filesystem::path& folder, u32 mode) {
    std::error_code error;
    std::vector<std::pair<std::string, DirectoryEntry>> found;
    for (const auto& item : std::filesystem::directory_iterator(folder, error)) {
        const auto status = item.symlink_status(error);
        const bool is_directory = std::filesystem::is_directory(status);
        const bool is_file = std::filesystem::is_regular_file(status);
        if ((is_directory && (mode & kListDirectories) == 0) ||
            (is_file && (mode & kListFiles) == 0) || (!is_directory && !is_file)) {
            continue;
        }
        const std::string name = item.path().filename().string();
        if (name.size() >= sizeof(DirectoryEntry::name)) {
            continue;
        }
        DirectoryEntry entry{};
        std::memcpy(entry.name.data(), name.data(), name.size());
        entry.type = is_directory ? kEntryDirectory : kEntryFile;
        if (is_file && (mode & kNoFileSize) == 0) {
            entry.size = static_cast<s64>(item.file_size(error));
        }
        found.emplace_back(name, entry);
    }
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [name, entry] : found) {
        entries_.push_back(entry);
    }
}

base::Result HostDirectory::Read(ipc::OutBuffer<ipc::kMapAlias> buffer, ipc::Out<s64> count) {
    const std::size_t room = buffer.data.size() / sizeof(DirectoryEntry);
    const std::size_t taken = std::min(room, entries_.size() - next_);
    std::memcpy(buffer.data.data(), entries_.data() + next_, taken * sizeof(DirectoryEntry));
    next_ += taken;
    *count = static_cast<s64>(taken);
    return base::ResultSuccess;
}

base::Result HostDirectory::GetEntryCount(ipc::Out<s64> count) {
    *count = static_cast<s64>(entries_.size());
    return base::ResultSuccess;
}

}  // namespace services::fs
