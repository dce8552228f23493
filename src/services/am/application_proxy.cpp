#include "services/am/application_proxy.h"

#include "base/log.h"
#include "services/set/settings_server.h"

namespace services::am {
namespace {

// am's result codes (module 128), as the public documentation and emulators name them.
constexpr base::Result ResultNoDataInChannel{128, 2};
constexpr base::Result ResultNoMessages{128, 3};

constexpr u8 kOperationModeHandheld = 0;
constexpr u8 kOperationModeDocked = 1;
constexpr s32 kPerformanceModeNormal = 0;
constexpr s32 kPerformanceModeBoost = 1;
constexpr u64 kAppletResourceUserId = 0x51;  // the application's process id

}  // namespace

base::Result CommonStateGetter::GetEventHandle(ipc::OutCopyHandle event) {
    *event.object = state_->MessageEvent();
    return base::ResultSuccess;
}

base::Result CommonStateGetter::ReceiveMessage(ipc::RequestEnvironment environment,
                                               ipc::Out<u32> message) {
    return state_->PopMessage(*message, *environment) ? base::ResultSuccess : ResultNoMessages;
}

base::Result CommonStateGetter::GetOperationMode(ipc::Out<u8> mode) {
    *mode = state_->Docked() ? kOperationModeDocked : kOperationModeHandheld;
    return base::ResultSuccess;
}

base::Result CommonStateGetter::GetPerformanceMode(ipc::Out<s32> mode) {
    // Docked consoles run in boost mode (nn::apm::PerformanceMode 1).
    *mode = state_->Docked() ? kPerformanceModeBoost : kPerformanceModeNormal;
    return base::ResultSuccess;
}

base::Result CommonStateGetter::GetBootMode(ipc::Out<u8> mode) {
    *mode = 0;  // normal boot
    return base::ResultSuccess;
}

base::Result CommonStateGetter::GetCurrentFocusState(ipc::Out<u8> state) {
    *state = state_->FocusState();
    return base::ResultSuccess;
}

// libnx (NSO mode) calls Exit and then sleeps forever: the system ends the application.
base::Result SelfController::Exit(ipc::RequestEnvironment environment) {
    LOG_INFO("am", "the application asked to exit (ISelfController::Exit)");
    environment->ExitProcess();
    return base::ResultSuccess;
}

base::Result CommonStateGetter::GetDefaultDisplayResolution(ipc::Out<s32> width,
                                                            ipc::Out<s32> height) {
    const profile::DisplaySize size = state_->DisplaySize();
    *width = static_cast<s32>(size.width);
    *height = static_cast<s32>(size.height);
    return base::ResultSuccess;
}

base::Result SelfController::LockExit() {
    return base::ResultSuccess;
}
base::Result SelfController::UnlockExit() {
    return base::ResultSuccess;
}
base::Result SelfController::SetScreenShotPermission(u32) {
    return base::ResultSuccess;
}
base::Result SelfController::SetOperationModeChangedNotification(u8) {
    return base::ResultSuccess;
}
base::Result SelfController::SetPerformanceModeChangedNotification(u8) {
    return base::ResultSuccess;
}
base::Result SelfController::SetFocusHandlingMode(u8, u8, u8) {
    return base::ResultSuccess;
}
base::Result SelfController::SetRestartMessageEnabled(u8) {
    return base::ResultSuccess;
}
base::Result SelfController::SetOutOfFocusSuspendingEnabled(u8) {
    return base::ResultSuccess;
}

base::Result SelfController::CreateManagedDisplayLayer(ipc::Out<u64> layer) {
    *layer = state_->CreateManagedLayer();
    return base::ResultSuccess;
}

base::Result SelfController::GetAccumulatedSuspendedTickChangedEvent(ipc::OutCopyHandle event) {
    *event.object = suspended_tick_event_;
    return base::ResultSuccess;
}

base::Result WindowController::GetAppletResourceUserId(ipc::Out<u64> id) {
    *id = kAppletResourceUserId;
    return base::ResultSuccess;
}

base::Result WindowController::AcquireForegroundRights() {
    return base::ResultSuccess;
}

base::Result ApplicationFunctions::PopLaunchParameter(u32 kind, ipc::OutObject) {
    LOG_DEBUG("am", "PopLaunchParameter({}): no launch parameter", kind);
    return ResultNoDataInChannel;
}

base::Result ApplicationFunctions::EnsureSaveData(std::array<u64, 2>, ipc::Out<u64> required) {
    *required = 0;  // the save exists (or will, when fsp-srv opens it)
    return base::ResultSuccess;
}

base::Result ApplicationFunctions::GetDesiredLanguage(ipc::Out<u64> language) {
    *language = set::DesiredLanguageCode();
    return base::ResultSuccess;
}

base::Result ApplicationFunctions::SetTerminateResult(u32 result) {
    LOG_INFO("am", "the application set its terminate result to {}",
             base::Result(result).ToString());
    return base::ResultSuccess;
}

base::Result ApplicationFunctions::NotifyRunning(ipc::Out<u8> running) {
    *running = 1;
    return base::ResultSuccess;
}

base::Result ApplicationFunctions::InitializeGamePlayRecording(u64) {
    return base::ResultSuccess;
}
base::Result ApplicationFunctions::SetGamePlayRecordingState(u32) {
    return base::ResultSuccess;
}

base::Result ApplicationProxy::GetCommonStateGetter(ipc::OutObject out) {
    *out.object = std::make_shared<CommonStateGetter>(state_);
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetSelfController(ipc::OutObject out) {
    *out.object = std::make_shared<SelfController>(state_);
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetWindowController(ipc::OutObject out) {
    *out.object = std::make_shared<WindowController>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetAudioController(ipc::OutObject out) {
    *out.object = std::make_shared<EmptyInterface<kAudioControllerName>>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetDisplayController(ipc::OutObject out) {
    *out.object = std::make_shared<EmptyInterface<kDisplayControllerName>>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetProcessWindingController(ipc::OutObject out) {
    *out.object = std::make_shared<EmptyInterface<kProcessWindingName>>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetLibraryAppletCreator(ipc::OutObject out) {
    *out.object = std::make_shared<EmptyInterface<kLibraryAppletCreatorName>>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetApplicationFunctions(ipc::OutObject out) {
    *out.object = std::make_shared<ApplicationFunctions>();
    return base::ResultSuccess;
}
base::Result ApplicationProxy::GetDebugFunctions(ipc::OutObject out) {
    *out.object = std::make_shared<EmptyInterface<kDebugFunctionsName>>();
    return base::ResultSuccess;
}

base::Result ApplicationProxyService::OpenApplicationProxy(ipc::RequestEnvironment environment,
                                                           ipc::ClientProcessId,
                                                           ipc::OutObject proxy) {
    state_->WatchOperationMode(*environment);
    *proxy.object = std::make_shared<ApplicationProxy>(state_);
    return base::ResultSuccess;
}

}  // namespace services::am
