#include "services/caps/album_accessor.h"

namespace services::caps {
namespace {

constexpr u8 kStorageSd = 1;  // nn::capsrv::AlbumStorage

}  // namespace

base::Result AlbumAccessor::GetAlbumFileCount(u8, ipc::Out<u64> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result AlbumAccessor::GetAlbumFileList(u8, ipc::OutBuffer<ipc::kMapAlias>,
                                             ipc::Out<u64> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result AlbumAccessor::IsAlbumMounted(u8, ipc::Out<bool> mounted) {
    *mounted = true;
    return base::ResultSuccess;
}

base::Result AlbumAccessor::GetAlbumMountResult(u8) {
    return base::ResultSuccess;
}

base::Result AlbumAccessor::GetAutoSavingStorage(ipc::Out<u8> storage) {
    *storage = kStorageSd;
    return base::ResultSuccess;
}

base::Result AlbumAccessor::RefreshAlbumCache(u8) {
    return base::ResultSuccess;
}

}  // namespace services::caps
