#include "services/fs/host_directory.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace services::fs {

namespace {

std::optional<DirectoryEntry> MakeEntry(const std::string& name, bool is_directory, s64 size) {
    if (name.size() >= sizeof(DirectoryEntry::name)) {
        return std::nullopt;
    }
    DirectoryEntry entry{};
    std::memcpy(entry.name.data(), name.data(), name.size());
    entry.type = is_directory ? kEntryDirectory : kEntryFile;
    entry.size = size;
    return entry;
}

}  // namespace

HostDirectory::HostDirectory(
    const std::filesystem::path& folder, u32 mode,
    const std::vector<std::pair<std::filesystem::path, std::filesystem::path>>& shown) {
    std::error_code error;
    std::vector<std::pair<std::string, DirectoryEntry>> found;
    if ((mode & kListFiles) != 0) {
        for (const auto& [at, file] : shown) {
            const s64 size = (mode & kNoFileSize) == 0
                                 ? static_cast<s64>(std::filesystem::file_size(file, error))
                                 : 0;
            if (const auto entry = MakeEntry(at.filename().string(), false, error ? 0 : size)) {
                found.emplace_back(at.filename().string(), *entry);
            }
        }
    }
    for (const auto& item : std::filesystem::directory_iterator(folder, error)) {
        const auto status = item.symlink_status(error);
        const bool is_directory = std::filesystem::is_directory(status);
        const bool is_file = std::filesystem::is_regular_file(status);
        if ((is_directory && (mode & kListDirectories) == 0) ||
            (is_file && (mode & kListFiles) == 0) || (!is_directory && !is_file)) {
            continue;
        }
        const std::string name = item.path().filename().string();
        if (std::any_of(found.begin(), found.end(),
                        [&](const auto& existing) { return existing.first == name; })) {
            continue;  // a shown file stands in front of the folder's own
        }
        const s64 size =
            is_file && (mode & kNoFileSize) == 0 ? static_cast<s64>(item.file_size(error)) : 0;
        if (const auto entry = MakeEntry(name, is_directory, size)) {
            found.emplace_back(name, *entry);
        }
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
