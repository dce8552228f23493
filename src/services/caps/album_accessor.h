#pragma once

#include "ipc/service_object.h"

namespace services::caps {

// caps:a (nn::capsrv::sf::IAlbumAccessorService): an empty album, mounted on both storages
// (0 NAND, 1 SD card). Command ids from switchbrew "Capture services" and libnx capsa.c.
class AlbumAccessor final : public ipc::Interface<AlbumAccessor> {
public:
    static constexpr auto kName = "caps:a";

    base::Result GetAlbumFileCount(u8 storage, ipc::Out<u64> count);
    base::Result GetAlbumFileList(u8 storage, ipc::OutBuffer<ipc::kMapAlias> entries,
                                  ipc::Out<u64> count);
    base::Result IsAlbumMounted(u8 storage, ipc::Out<bool> mounted);
    base::Result GetAlbumMountResult(u8 storage);
    base::Result GetAutoSavingStorage(ipc::Out<u8> storage);
    base::Result RefreshAlbumCache(u8 storage);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AlbumAccessor::GetAlbumFileCount),
        NX_COMMAND(1, AlbumAccessor::GetAlbumFileList),
        NX_COMMAND(5, AlbumAccessor::IsAlbumMounted),
        NX_COMMAND(16, AlbumAccessor::GetAlbumMountResult),
        NX_COMMAND(401, AlbumAccessor::GetAutoSavingStorage),
        NX_COMMAND(8011, AlbumAccessor::RefreshAlbumCache),
    };
};

}  // namespace services::caps
