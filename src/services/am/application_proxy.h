#pragma once

// appletOE / appletAE and the interfaces an application reaches through them
// (nn::am::service::*). Command ids and layouts from the public homebrew documentation.

#include <memory>

#include "ipc/service_object.h"
#include "services/am/applet_state.h"

namespace services::am {

class CommonStateGetter final : public ipc::Interface<CommonStateGetter> {
public:
    static constexpr auto kName = "nn::am::service::ICommonStateGetter";
    explicit CommonStateGetter(std::shared_ptr<AppletState> state) : state_(std::move(state)) {}

    base::Result GetEventHandle(ipc::OutCopyHandle event);
    base::Result ReceiveMessage(ipc::RequestEnvironment environment, ipc::Out<u32> message);
    base::Result GetOperationMode(ipc::Out<u8> mode);
    base::Result GetPerformanceMode(ipc::Out<s32> mode);
    base::Result GetBootMode(ipc::Out<u8> mode);
    base::Result GetCurrentFocusState(ipc::Out<u8> state);
    base::Result GetDefaultDisplayResolution(ipc::Out<s32> width, ipc::Out<s32> height);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, CommonStateGetter::GetEventHandle),
        NX_COMMAND(1, CommonStateGetter::ReceiveMessage),
        NX_COMMAND(5, CommonStateGetter::GetOperationMode),
        NX_COMMAND(6, CommonStateGetter::GetPerformanceMode),
        NX_COMMAND(8, CommonStateGetter::GetBootMode),
        NX_COMMAND(9, CommonStateGetter::GetCurrentFocusState),
        NX_COMMAND(60, CommonStateGetter::GetDefaultDisplayResolution),
    };

private:
    std::shared_ptr<AppletState> state_;
};

class SelfController final : public ipc::Interface<SelfController> {
public:
    static constexpr auto kName = "nn::am::service::ISelfController";
    explicit SelfController(std::shared_ptr<AppletState> state)
        : state_(std::move(state)),
          suspended_tick_event_(std::make_shared<kernel::ReadableEvent>()) {}

    base::Result Exit(ipc::RequestEnvironment environment);
    base::Result LockExit();
    base::Result UnlockExit();
    base::Result SetScreenShotPermission(u32 permission);
    base::Result SetOperationModeChangedNotification(u8 enabled);
    base::Result SetPerformanceModeChangedNotification(u8 enabled);
    base::Result SetFocusHandlingMode(u8 notify, u8 background, u8 suspend);
    base::Result SetRestartMessageEnabled(u8 enabled);
    base::Result SetOutOfFocusSuspendingEnabled(u8 enabled);
    base::Result CreateManagedDisplayLayer(ipc::Out<u64> layer);
    base::Result GetAccumulatedSuspendedTickChangedEvent(ipc::OutCopyHandle event);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SelfController::Exit),
        NX_COMMAND(1, SelfController::LockExit),
        NX_COMMAND(2, SelfController::UnlockExit),
        NX_COMMAND(10, SelfController::SetScreenShotPermission),
        NX_COMMAND(11, SelfController::SetOperationModeChangedNotification),
        NX_COMMAND(12, SelfController::SetPerformanceModeChangedNotification),
        NX_COMMAND(13, SelfController::SetFocusHandlingMode),
        NX_COMMAND(14, SelfController::SetRestartMessageEnabled),
        NX_COMMAND(16, SelfController::SetOutOfFocusSuspendingEnabled),
        NX_COMMAND(40, SelfController::CreateManagedDisplayLayer),
        NX_COMMAND(91, SelfController::GetAccumulatedSuspendedTickChangedEvent),
    };

private:
    std::shared_ptr<AppletState> state_;
    // Never signalled: an application under nxhost is never suspended.
    std::shared_ptr<kernel::ReadableEvent> suspended_tick_event_;
};

class WindowController final : public ipc::Interface<WindowController> {
public:
    static constexpr auto kName = "nn::am::service::IWindowController";

    base::Result GetAppletResourceUserId(ipc::Out<u64> id);
    base::Result AcquireForegroundRights();

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, WindowController::GetAppletResourceUserId),
        NX_COMMAND(10, WindowController::AcquireForegroundRights),
    };
};

// Interfaces whose commands an application rarely needs at start-up: every command it calls
// is logged as missing and answered as an unknown command.
template <const char* Name>
class EmptyInterface final : public ipc::Interface<EmptyInterface<Name>> {
public:
    static constexpr auto kName = Name;
    static constexpr std::array<ipc::CommandEntry, 0> kCommands{};
};
inline constexpr char kAudioControllerName[] = "nn::am::service::IAudioController";
inline constexpr char kDisplayControllerName[] = "nn::am::service::IDisplayController";
inline constexpr char kLibraryAppletCreatorName[] = "nn::am::service::ILibraryAppletCreator";
inline constexpr char kDebugFunctionsName[] = "nn::am::service::IDebugFunctions";
inline constexpr char kProcessWindingName[] = "nn::am::service::IProcessWindingController";

class ApplicationFunctions final : public ipc::Interface<ApplicationFunctions> {
public:
    static constexpr auto kName = "nn::am::service::IApplicationFunctions";

    base::Result PopLaunchParameter(u32 kind, ipc::OutObject storage);
    base::Result EnsureSaveData(std::array<u64, 2> user, ipc::Out<u64> required_size);
    base::Result GetDesiredLanguage(ipc::Out<u64> language);
    base::Result SetTerminateResult(u32 result);
    base::Result NotifyRunning(ipc::Out<u8> running);
    base::Result InitializeGamePlayRecording(u64 size);
    base::Result SetGamePlayRecordingState(u32 state);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, ApplicationFunctions::PopLaunchParameter),
        NX_COMMAND(20, ApplicationFunctions::EnsureSaveData),
        NX_COMMAND(21, ApplicationFunctions::GetDesiredLanguage),
        NX_COMMAND(22, ApplicationFunctions::SetTerminateResult),
        NX_COMMAND(40, ApplicationFunctions::NotifyRunning),
        NX_COMMAND(65, ApplicationFunctions::InitializeGamePlayRecording),
        NX_COMMAND(66, ApplicationFunctions::SetGamePlayRecordingState),
    };
};

class ApplicationProxy final : public ipc::Interface<ApplicationProxy> {
public:
    static constexpr auto kName = "nn::am::service::IApplicationProxy";
    explicit ApplicationProxy(std::shared_ptr<AppletState> state) : state_(std::move(state)) {}

    base::Result GetCommonStateGetter(ipc::OutObject out);
    base::Result GetSelfController(ipc::OutObject out);
    base::Result GetWindowController(ipc::OutObject out);
    base::Result GetAudioController(ipc::OutObject out);
    base::Result GetDisplayController(ipc::OutObject out);
    base::Result GetProcessWindingController(ipc::OutObject out);
    base::Result GetLibraryAppletCreator(ipc::OutObject out);
    base::Result GetApplicationFunctions(ipc::OutObject out);
    base::Result GetDebugFunctions(ipc::OutObject out);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ApplicationProxy::GetCommonStateGetter),
        NX_COMMAND(1, ApplicationProxy::GetSelfController),
        NX_COMMAND(2, ApplicationProxy::GetWindowController),
        NX_COMMAND(3, ApplicationProxy::GetAudioController),
        NX_COMMAND(4, ApplicationProxy::GetDisplayController),
        NX_COMMAND(10, ApplicationProxy::GetProcessWindingController),
        NX_COMMAND(11, ApplicationProxy::GetLibraryAppletCreator),
        NX_COMMAND(20, ApplicationProxy::GetApplicationFunctions),
        NX_COMMAND(1000, ApplicationProxy::GetDebugFunctions),
    };

private:
    std::shared_ptr<AppletState> state_;
};

// appletOE (nn::am::service::IApplicationProxyService); appletAE answers the same open call.
class ApplicationProxyService final : public ipc::Interface<ApplicationProxyService> {
public:
    static constexpr auto kName = "appletOE";
    explicit ApplicationProxyService(std::shared_ptr<AppletState> state)
        : state_(std::move(state)) {}

    base::Result OpenApplicationProxy(ipc::RequestEnvironment environment, ipc::ClientProcessId pid,
                                      ipc::OutObject proxy);

    static constexpr auto kCommands =
        std::array{NX_COMMAND(0, ApplicationProxyService::OpenApplicationProxy)};

private:
    std::shared_ptr<AppletState> state_;
};

}  // namespace services::am
