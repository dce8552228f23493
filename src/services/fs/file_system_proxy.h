#pragma once

// fsp-srv (nn::fssrv::sf::IFileSystemProxy): the SD card and saves as host folders, the
// running title's RomFS as a storage. Command ids and layouts from the switchbrew wiki's
// "Filesystem services" page.

#include <memory>

#include "ipc/service_object.h"
#include "services/fs/fs_context.h"

namespace services::fs {

// nn::fs::SaveDataAttribute.
struct SaveDataAttribute {
    u64 application_id;
    std::array<u64, 2> user_id;
    u64 system_save_data_id;
    u8 type;
    u8 rank;
    u16 index;
    u32 padding;
    std::array<u64, 3> reserved;
};
static_assert(sizeof(SaveDataAttribute) == 0x40);

class FileSystemProxy final : public ipc::Interface<FileSystemProxy> {
public:
    static constexpr auto kName = "nn::fssrv::sf::IFileSystemProxy";
    explicit FileSystemProxy(std::shared_ptr<FsContext> context) : context_(std::move(context)) {}

    base::Result SetCurrentProcess(ipc::ClientProcessId pid);
    base::Result OpenSdCardFileSystem(ipc::OutObject file_system);
    base::Result OpenSaveDataFileSystem(u8 space, SaveDataAttribute attribute,
                                        ipc::OutObject file_system);
    base::Result OpenDataStorageByCurrentProcess(ipc::OutObject storage);
    base::Result OpenDataStorageByProgramId(u64 program_id, ipc::OutObject storage);
    base::Result GetGlobalAccessLogMode(ipc::Out<u32> mode);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, FileSystemProxy::SetCurrentProcess),
        NX_COMMAND(18, FileSystemProxy::OpenSdCardFileSystem),
        NX_COMMAND(51, FileSystemProxy::OpenSaveDataFileSystem),
        NX_COMMAND(200, FileSystemProxy::OpenDataStorageByCurrentProcess),
        NX_COMMAND(205, FileSystemProxy::OpenDataStorageByProgramId),
        NX_COMMAND(1006, FileSystemProxy::GetGlobalAccessLogMode),
    };

private:
    std::shared_ptr<FsContext> context_;
};

}  // namespace services::fs
