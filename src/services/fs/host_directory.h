#pragma once

// nn::fssrv::sf::IDirectory: the entries of a host folder, listed when it is opened. Command
// ids and the 0x310-byte nn::fs::DirectoryEntry from the switchbrew wiki's "Filesystem
// services" page.

#include <filesystem>
#include <string>
#include <vector>

#include "ipc/service_object.h"

namespace services::fs {

// nn::fs::OpenDirectoryMode bits.
enum DirectoryMode : u32 {
    kListDirectories = 1,
    kListFiles = 2,
    kNoFileSize = 0x80000000u,
};

// nn::fs::DirectoryEntryType.
enum EntryType : u8 { kEntryDirectory = 0, kEntryFile = 1 };

struct DirectoryEntry {
    std::array<char, 0x301> name;
    std::array<u8, 3> padding;
    u8 type;
    std::array<u8, 3> padding2;
    s64 size;
};
static_assert(sizeof(DirectoryEntry) == 0x310);

class HostDirectory final : public ipc::Interface<HostDirectory> {
public:
    static constexpr auto kName = "nn::fssrv::sf::IDirectory";
    // `shown` are files listed as if they were in the folder (where, host file).
    HostDirectory(
        const std::filesystem::path& folder, u32 mode,
        const std::vector<std::pair<std::filesystem::path, std::filesystem::path>>& shown = {});

    base::Result Read(ipc::OutBuffer<ipc::kMapAlias> buffer, ipc::Out<s64> count);
    base::Result GetEntryCount(ipc::Out<s64> count);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HostDirectory::Read),
        NX_COMMAND(1, HostDirectory::GetEntryCount),
    };

private:
    std::vector<DirectoryEntry> entries_;
    std::size_t next_ = 0;
};

}  // namespace services::fs
