#pragma once

#include "ipc/service_object.h"

namespace services::pctl {

// nn::pctl::detail::IParentalControlService with no restrictions set: every permission granted,
// no play timer, no pairing. Command ids from the public homebrew documentation (switchbrew
// "Parental Control services").
class ParentalControlService final : public ipc::Interface<ParentalControlService> {
public:
    static constexpr auto kName = "nn::pctl::detail::IParentalControlService";

    base::Result Initialize();
    base::Result Permitted();  // the Check... and Confirm... commands
    base::Result IsFreeCommunicationAvailable();
    base::Result IsRestrictionEnabled(ipc::Out<bool> enabled);
    base::Result GetSafetyLevel(ipc::Out<u32> level);
    base::Result IsStereoVisionPermitted(ipc::Out<bool> permitted);
    base::Result IsPairingActive(ipc::Out<bool> active);
    base::Result StartPlayTimer();
    base::Result StopPlayTimer();
    base::Result IsPlayTimerEnabled(ipc::Out<bool> enabled);
    base::Result IsRestrictedByPlayTimer(ipc::Out<bool> restricted);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1, ParentalControlService::Initialize),
        NX_COMMAND(1001, ParentalControlService::Permitted),  // CheckFreeCommunicationPermission
        NX_COMMAND(1002, ParentalControlService::Permitted),  // ConfirmLaunchApplicationPermission
        NX_COMMAND(1003, ParentalControlService::Permitted),  // ConfirmResumeApplicationPermission
        NX_COMMAND(1004, ParentalControlService::Permitted),  // ConfirmSnsPostPermission
        NX_COMMAND(1005, ParentalControlService::Permitted),  // ConfirmSystemSettingsPermission
        NX_COMMAND(1013, ParentalControlService::Permitted),  // ConfirmStereoVisionPermission
        NX_COMMAND(1017, ParentalControlService::Permitted),  // EndFreeCommunication
        NX_COMMAND(1018, ParentalControlService::IsFreeCommunicationAvailable),
        NX_COMMAND(1031, ParentalControlService::IsRestrictionEnabled),
        NX_COMMAND(1032, ParentalControlService::GetSafetyLevel),
        NX_COMMAND(1064,
                   ParentalControlService::Permitted),  // ResetConfirmedStereoVisionPermission
        NX_COMMAND(1065, ParentalControlService::IsStereoVisionPermitted),
        NX_COMMAND(1403, ParentalControlService::IsPairingActive),
        NX_COMMAND(1451, ParentalControlService::StartPlayTimer),
        NX_COMMAND(1452, ParentalControlService::StopPlayTimer),
        NX_COMMAND(1453, ParentalControlService::IsPlayTimerEnabled),
        NX_COMMAND(1455, ParentalControlService::IsRestrictedByPlayTimer),
    };
};

// pctl, pctl:a (nn::pctl::detail::IParentalControlServiceFactory).
class ServiceFactory final : public ipc::Interface<ServiceFactory> {
public:
    static constexpr auto kName = "nn::pctl::detail::IParentalControlServiceFactory";

    // The client sends its process id and a u64 placeholder for it.
    base::Result CreateService(ipc::ClientProcessId pid, ipc::OutObject service);
    base::Result CreateServiceWithoutInitialize(ipc::ClientProcessId pid, ipc::OutObject service);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ServiceFactory::CreateService),
        NX_COMMAND(1, ServiceFactory::CreateServiceWithoutInitialize),
    };
};

}  // namespace services::pctl
