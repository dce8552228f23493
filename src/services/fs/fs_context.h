#pragma once

// What every fsp-srv session of a run shares: where the SD card and saves live, the running
// title's RomFS and program id, and the saves open now (a save opened twice shares one
// working copy).

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include "formats/file_tree.h"
#include "formats/storage.h"
#include "services/fs/save_data_store.h"
#include "services/fs/shown_files.h"

namespace services::fs {

class FsContext {
public:
    // `romfs` is the title's RomFS image; when there is none, `romfs_tree` (a game folder's
    // romfs/) is packed into one on the first open.
    FsContext(formats::StoragePtr romfs, formats::FileTreePtr romfs_tree, u64 program_id,
              std::filesystem::path user_data);

    u64 ProgramId() const { return program_id_; }
    // Null when the title has no RomFS.
    formats::StoragePtr RomFs();
    // `$user_data/sdmc`, created on demand.
    std::filesystem::path SdCardFolder() const;
    // Shows the host file `file` read-only at `sd_path` ("switch/hbmenu.nro") on the SD card
    // for this run; the SD card's folder is not changed (its parent folder is made).
    void ShowOnSdCard(const std::filesystem::path& sd_path, const std::filesystem::path& file);
    std::shared_ptr<const ShownFiles> ShownOnSdCard() const { return shown_; }
    // The save of `title` for `user` (two 64-bit halves); throws base::Error on host failure.
    std::shared_ptr<SaveDataStore> OpenSave(u64 title, u64 user_high, u64 user_low);

private:
    std::mutex mutex_;
    formats::StoragePtr romfs_;
    formats::FileTreePtr romfs_tree_;
    u64 program_id_;
    std::filesystem::path user_data_;
    std::map<std::filesystem::path, std::weak_ptr<SaveDataStore>> saves_;
    std::shared_ptr<ShownFiles> shown_ = std::make_shared<ShownFiles>();
};

// $XDG_DATA_HOME/nxhost, or ~/.local/share/nxhost.
std::filesystem::path DefaultUserDataFolder();

}  // namespace services::fs
