#include "services/ns/system_update.h"

#include "kernel/event.h"

namespace services::ns {
namespace {

// nn::ns::BackgroundNetworkUpdateState (libnx NsBackgroundNetworkUpdateState): 0 none pending.
constexpr u8 kBackgroundUpdateNone = 0;

}  // namespace

base::Result SystemUpdateControl::HasDownloaded(ipc::Out<bool> downloaded) {
    *downloaded = false;
    return base::ResultSuccess;
}

base::Result SystemUpdateControl::GetDownloadProgress(ipc::Out<SystemUpdateProgress> progress) {
    *progress = SystemUpdateProgress{};
    return base::ResultSuccess;
}

base::Result SystemUpdateControl::GetPrepareCardUpdateProgress(
    ipc::Out<SystemUpdateProgress> progress) {
    *progress = SystemUpdateProgress{};
    return base::ResultSuccess;
}

base::Result SystemUpdateControl::HasPreparedCardUpdate(ipc::Out<bool> prepared) {
    *prepared = false;
    return base::ResultSuccess;
}

base::Result SystemUpdateService::GetBackgroundNetworkUpdateState(ipc::Out<u8> state) {
    *state = kBackgroundUpdateNone;
    return base::ResultSuccess;
}

base::Result SystemUpdateService::OpenSystemUpdateControl(ipc::OutObject control) {
    *control.object = std::make_shared<SystemUpdateControl>();
    return base::ResultSuccess;
}

base::Result SystemUpdateService::NotifyExFatDriverRequired() {
    return base::ResultSuccess;
}

base::Result SystemUpdateService::RequestBackgroundNetworkUpdate() {
    LOG_INFO("ns", "RequestBackgroundNetworkUpdate: nxhost has no system updates");
    return base::ResultSuccess;
}

base::Result SystemUpdateService::GetSystemUpdateNotificationEventForContentDelivery(
    ipc::OutCopyHandle event) {
    *event.object = std::make_shared<kernel::ReadableEvent>();  // never signalled
    return base::ResultSuccess;
}

base::Result SystemUpdateService::NotifySystemUpdateForContentDelivery() {
    return base::ResultSuccess;
}

base::Result SystemUpdateService::PrepareShutdown() {
    return base::ResultSuccess;
}

base::Result SystemUpdateService::DestroySystemUpdateTask() {
    return base::ResultSuccess;
}

}  // namespace services::ns
