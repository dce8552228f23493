#pragma once

#include "ipc/service_object.h"

namespace services::caps {

// caps:u (nn::capsrv::sf::IAlbumApplicationService, [5.0.0+]): the application's own album
// entries, none. libnx sends SetShimLibraryVersion (32: version, aruid and the pid descriptor,
// no placeholder) at start-up on [7.0.0+]. The list commands' raw arguments (content type,
// date range, aruid) do not change an empty answer and are not read.
class AlbumApplication final : public ipc::Interface<AlbumApplication> {
public:
    static constexpr auto kName = "caps:u";

    base::Result SetShimLibraryVersion(u64 version, u64 applet_resource_user_id);
    base::Result GetAlbumFileList(ipc::OutBuffer<ipc::kMapAlias> entries, ipc::Out<u64> count);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(32, AlbumApplication::SetShimLibraryVersion),
        NX_COMMAND(102, AlbumApplication::GetAlbumFileList),  // ...0AafeAruidDeprecated
        NX_COMMAND(140, AlbumApplication::GetAlbumFileList),  // ...1AafeAruidDeprecated
        NX_COMMAND(141, AlbumApplication::GetAlbumFileList),  // ...2AafeUidAruidDeprecated
        NX_COMMAND(142, AlbumApplication::GetAlbumFileList),  // ...3AaeAruid
        NX_COMMAND(143, AlbumApplication::GetAlbumFileList),  // ...4AaeUidAruid
    };
};

// caps:su (nn::capsrv::sf::IScreenShotApplicationService): only the start-up command; saving
// screenshots is left out.
class ScreenShotApplication final : public ipc::Interface<ScreenShotApplication> {
public:
    static constexpr auto kName = "caps:su";

    base::Result SetShimLibraryVersion(u64 version, u64 applet_resource_user_id);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(32, ScreenShotApplication::SetShimLibraryVersion),
    };
};

}  // namespace services::caps
