#pragma once

// Host files shown read-only inside a file system for one run, without touching the folder
// behind it: an NRO started from outside the SD card appears at sdmc:/switch/<name>.nro, where
// libnx programs open their own file (their RomFS, hbmenu's assets).

#include <filesystem>
#include <map>
#include <optional>
#include <vector>

namespace services::fs {

class ShownFiles {
public:
    // `at` is the path inside the file system's host folder where `file` appears.
    void Show(const std::filesystem::path& at, const std::filesystem::path& file) {
        files_[at.lexically_normal()] = file;
    }
    // The host file shown at `at`, if any.
    std::optional<std::filesystem::path> Find(const std::filesystem::path& at) const {
        const auto found = files_.find(at.lexically_normal());
        if (found == files_.end()) {
            return std::nullopt;
        }
        return found->second;
    }
    // The files shown directly in `folder`: (where, host file).
    std::vector<std::pair<std::filesystem::path, std::filesystem::path>> In(
        const std::filesystem::path& folder) const {
        std::vector<std::pair<std::filesystem::path, std::filesystem::path>> shown;
        for (const auto& [at, file] : files_) {
            if (at.parent_path() == folder.lexically_normal()) {
                shown.emplace_back(at, file);
            }
        }
        return shown;
    }

private:
    std::map<std::filesystem::path, std::filesystem::path> files_;
};

}  // namespace services::fs
