#pragma once

// nn::fssrv::sf::IFileSystem over a host folder: the SD card, or a save's working copy. Paths
// arrive in 0x301-byte pointer (X) buffers and never leave the folder (see guest_path.h).
// Command ids and layouts from the switchbrew wiki's "Filesystem services" page.

#include <filesystem>
#include <functional>
#include <optional>

#include "ipc/service_object.h"
#include "services/fs/shown_files.h"

namespace services::fs {

using PathBuffer = ipc::InBuffer<ipc::kPointer>;

class HostFileSystem final : public ipc::Interface<HostFileSystem> {
public:
    static constexpr auto kName = "nn::fssrv::sf::IFileSystem";
    // `commit` runs on Commit (a save publishes its working copy); none: Commit does nothing.
    // `keep_alive` is held as long as the file system is open.
    // `shown` are host files that appear read-only inside it (see shown_files.h).
    HostFileSystem(std::filesystem::path root, std::function<base::Result()> commit = {},
                   std::shared_ptr<void> keep_alive = {},
                   std::shared_ptr<const ShownFiles> shown = {})
        : root_(std::move(root)),
          commit_(std::move(commit)),
          keep_alive_(std::move(keep_alive)),
          shown_(std::move(shown)) {}

    base::Result CreateFile(u32 option, s64 size, PathBuffer path);
    base::Result DeleteFile(PathBuffer path);
    base::Result CreateDirectory(PathBuffer path);
    base::Result DeleteDirectory(PathBuffer path);
    base::Result DeleteDirectoryRecursively(PathBuffer path);
    base::Result RenameFile(PathBuffer from, PathBuffer to);
    base::Result RenameDirectory(PathBuffer from, PathBuffer to);
    base::Result GetEntryType(PathBuffer path, ipc::Out<u32> type);
    base::Result OpenFile(u32 mode, PathBuffer path, ipc::OutObject file);
    base::Result OpenDirectory(u32 mode, PathBuffer path, ipc::OutObject directory);
    base::Result Commit();
    base::Result GetFreeSpaceSize(PathBuffer path, ipc::Out<s64> size);
    base::Result GetTotalSpaceSize(PathBuffer path, ipc::Out<s64> size);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HostFileSystem::CreateFile),
        NX_COMMAND(1, HostFileSystem::DeleteFile),
        NX_COMMAND(2, HostFileSystem::CreateDirectory),
        NX_COMMAND(3, HostFileSystem::DeleteDirectory),
        NX_COMMAND(4, HostFileSystem::DeleteDirectoryRecursively),
        NX_COMMAND(5, HostFileSystem::RenameFile),
        NX_COMMAND(6, HostFileSystem::RenameDirectory),
        NX_COMMAND(7, HostFileSystem::GetEntryType),
        NX_COMMAND(8, HostFileSystem::OpenFile),
        NX_COMMAND(9, HostFileSystem::OpenDirectory),
        NX_COMMAND(10, HostFileSystem::Commit),
        NX_COMMAND(11, HostFileSystem::GetFreeSpaceSize),
        NX_COMMAND(12, HostFileSystem::GetTotalSpaceSize),
    };

private:
    base::Result Resolve(const PathBuffer& path, std::filesystem::path& out) const;
    // The host file shown read-only at `host`, if one is.
    std::optional<std::filesystem::path> Shown(const std::filesystem::path& host) const;
    base::Result Rename(const PathBuffer& from, const PathBuffer& to, bool directory);
    base::Result SpaceSize(const PathBuffer& path, bool free, s64& size) const;

    std::filesystem::path root_;
    std::function<base::Result()> commit_;
    std::shared_ptr<void> keep_alive_;
    std::shared_ptr<const ShownFiles> shown_;
};

}  // namespace services::fs
