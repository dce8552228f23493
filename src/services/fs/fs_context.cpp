#include "services/fs/fs_context.h"

#include <cstdlib>
#include <functional>

#include <fmt/format.h>

namespace services::fs {
namespace {

void CollectFiles(const formats::FileTree& tree, const std::string& folder,
                  std::vector<formats::RomfsInputFile>& files) {
    for (const auto& entry : tree.List(folder)) {
        const std::string path = folder.empty() ? entry.name : folder + "/" + entry.name;
        if (entry.is_directory) {
            CollectFiles(tree, path, files);
        } else {
            files.push_back({path, tree.Read(path)});
        }
    }
}

}  // namespace

FsContext::FsContext(formats::StoragePtr romfs, formats::FileTreePtr romfs_tree, u64 program_id,
                     std::filesystem::path user_data)
    : romfs_(std::move(romfs)),
      romfs_tree_(std::move(romfs_tree)),
      program_id_(program_id),
      user_data_(user_data.empty() ? DefaultUserDataFolder() : std::move(user_data)) {}

formats::StoragePtr FsContext::RomFs() {
    std::lock_guard lock(mutex_);
    if (romfs_ == nullptr && romfs_tree_ != nullptr) {
        std::vector<formats::RomfsInputFile> files;
        CollectFiles(*romfs_tree_, "", files);
        romfs_ = formats::MakeMemoryStorage(formats::WriteRomfs(files), romfs_tree_->Name());
    }
    return romfs_;
}

std::filesystem::path FsContext::SdCardFolder() const {
    const auto folder = user_data_ / "sdmc";
    std::filesystem::create_directories(folder);
    return folder;
}

void FsContext::ShowOnSdCard(const std::filesystem::path& sd_path,
                             const std::filesystem::path& file) {
    const auto at = SdCardFolder() / sd_path;
    std::filesystem::create_directories(at.parent_path());
    shown_->Show(at, file);
}

std::shared_ptr<SaveDataStore> FsContext::OpenSave(u64 title, u64 user_high, u64 user_low) {
    const auto folder = user_data_ / "saves" / fmt::format("{:016x}", title) /
                        fmt::format("{:016x}{:016x}", user_high, user_low);
    std::lock_guard lock(mutex_);
    if (auto open = saves_[folder].lock()) {
        return open;
    }
    auto save = std::make_shared<SaveDataStore>(folder);
    saves_[folder] = save;
    return save;
}

std::filesystem::path DefaultUserDataFolder() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0') {
        return std::filesystem::path(xdg) / "nxhost";
    }
    const char* home = std::getenv("HOME");
    return std::filesystem::path(home != nullptr ? home : ".") / ".local/share/nxhost";
}

}  // namespace services::fs
