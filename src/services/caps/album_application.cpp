#include "services/caps/album_application.h"

namespace services::caps {

base::Result AlbumApplication::SetShimLibraryVersion(u64 version, u64) {
    LOG_DEBUG("caps", "caps:u shim library version {}", version);
    return base::ResultSuccess;
}

base::Result AlbumApplication::GetAlbumFileList(ipc::OutBuffer<ipc::kMapAlias>,
                                                ipc::Out<u64> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result ScreenShotApplication::SetShimLibraryVersion(u64 version, u64) {
    LOG_DEBUG("caps", "caps:su shim library version {}", version);
    return base::ResultSuccess;
}

}  // namespace services::caps
