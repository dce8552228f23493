#include "services/psc/pm_service.h"

#include "kernel/event.h"

namespace services::psc {

base::Result PmModule::Initialize(u32 module_id, ipc::InBuffer<ipc::kMapAlias>,
                                  ipc::OutCopyHandle event) {
    LOG_DEBUG("psc", "power-state module {:#x} registered", module_id);
    *event.object = std::make_shared<kernel::ReadableEvent>();  // never signalled
    return base::ResultSuccess;
}

base::Result PmModule::GetRequest(ipc::Out<PmRequest> request) {
    *request = PmRequest{};
    return base::ResultSuccess;
}

base::Result PmModule::Acknowledge() {
    return base::ResultSuccess;
}

base::Result PmModule::Finalize() {
    return base::ResultSuccess;
}

base::Result PmModule::AcknowledgeEx(u32) {
    return base::ResultSuccess;
}

base::Result PmService::GetPmModule(ipc::OutObject module) {
    *module.object = std::make_shared<PmModule>();
    return base::ResultSuccess;
}

}  // namespace services::psc
