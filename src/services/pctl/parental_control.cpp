#include "services/pctl/parental_control.h"

namespace services::pctl {

base::Result ParentalControlService::Initialize() {
    return base::ResultSuccess;
}

base::Result ParentalControlService::Permitted() {
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsFreeCommunicationAvailable() {
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsRestrictionEnabled(ipc::Out<bool> enabled) {
    *enabled = false;
    return base::ResultSuccess;
}

base::Result ParentalControlService::GetSafetyLevel(ipc::Out<u32> level) {
    *level = 0;  // nn::pctl::SafetyLevel_None
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsStereoVisionPermitted(ipc::Out<bool> permitted) {
    *permitted = true;
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsPairingActive(ipc::Out<bool> active) {
    *active = false;
    return base::ResultSuccess;
}

base::Result ParentalControlService::StartPlayTimer() {
    return base::ResultSuccess;
}

base::Result ParentalControlService::StopPlayTimer() {
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsPlayTimerEnabled(ipc::Out<bool> enabled) {
    *enabled = false;
    return base::ResultSuccess;
}

base::Result ParentalControlService::IsRestrictedByPlayTimer(ipc::Out<bool> restricted) {
    *restricted = false;
    return base::ResultSuccess;
}

base::Result ServiceFactory::CreateService(ipc::ClientProcessId, ipc::OutObject service) {
    *service.object = std::make_shared<ParentalControlService>();
    return base::ResultSuccess;
}

base::Result ServiceFactory::CreateServiceWithoutInitialize(ipc::ClientProcessId,
                                                            ipc::OutObject service) {
    *service.object = std::make_shared<ParentalControlService>();
    return base::ResultSuccess;
}

}  // namespace services::pctl
