#pragma once

#include "ipc/service_object.h"

namespace services::ns {

// nn::ns::SystemUpdateProgress: bytes downloaded of the total.
struct SystemUpdateProgress {
    s64 current_size;
    s64 total_size;
};

// nn::ns::detail::ISystemUpdateControl: no update downloaded or prepared.
class SystemUpdateControl final : public ipc::Interface<SystemUpdateControl> {
public:
    static constexpr auto kName = "nn::ns::detail::ISystemUpdateControl";

    base::Result HasDownloaded(ipc::Out<bool> downloaded);
    base::Result GetDownloadProgress(ipc::Out<SystemUpdateProgress> progress);
    base::Result GetPrepareCardUpdateProgress(ipc::Out<SystemUpdateProgress> progress);
    base::Result HasPreparedCardUpdate(ipc::Out<bool> prepared);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SystemUpdateControl::HasDownloaded),
        NX_COMMAND(3, SystemUpdateControl::GetDownloadProgress),
        NX_COMMAND(6, SystemUpdateControl::GetPrepareCardUpdateProgress),
        NX_COMMAND(7, SystemUpdateControl::HasPreparedCardUpdate),
    };
};

// ns:su (nn::ns::detail::ISystemUpdateInterface): a console with no background update pending.
// Command ids from switchbrew "NS services" and libnx ns.c.
class SystemUpdateService final : public ipc::Interface<SystemUpdateService> {
public:
    static constexpr auto kName = "ns:su";

    base::Result GetBackgroundNetworkUpdateState(ipc::Out<u8> state);
    base::Result OpenSystemUpdateControl(ipc::OutObject control);
    base::Result NotifyExFatDriverRequired();
    base::Result RequestBackgroundNetworkUpdate();
    base::Result GetSystemUpdateNotificationEventForContentDelivery(ipc::OutCopyHandle event);
    base::Result NotifySystemUpdateForContentDelivery();
    base::Result PrepareShutdown();
    base::Result DestroySystemUpdateTask();

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SystemUpdateService::GetBackgroundNetworkUpdateState),
        NX_COMMAND(1, SystemUpdateService::OpenSystemUpdateControl),
        NX_COMMAND(2, SystemUpdateService::NotifyExFatDriverRequired),
        NX_COMMAND(4, SystemUpdateService::RequestBackgroundNetworkUpdate),
        NX_COMMAND(9, SystemUpdateService::GetSystemUpdateNotificationEventForContentDelivery),
        NX_COMMAND(10, SystemUpdateService::NotifySystemUpdateForContentDelivery),
        NX_COMMAND(11, SystemUpdateService::PrepareShutdown),
        NX_COMMAND(16, SystemUpdateService::DestroySystemUpdateTask),
    };
};

}  // namespace services::ns
