#include "services/mm/multimedia_manager.h"

namespace services::mm {

base::Result MultimediaManager::InitializeOld(u32 module, u32, u32) {
    LOG_DEBUG("mm", "InitializeOld(module {})", module);
    return base::ResultSuccess;
}

base::Result MultimediaManager::FinalizeOld(u32) {
    return base::ResultSuccess;
}

base::Result MultimediaManager::SetAndWaitOld(u32 module, u32 min_hz, u32) {
    rates_->Set(pcv::DomainOfMultimediaModule(module), min_hz);
    return base::ResultSuccess;
}

base::Result MultimediaManager::GetOld(u32 module, ipc::Out<u32> hz) {
    *hz = rates_->Get(pcv::DomainOfMultimediaModule(module));
    return base::ResultSuccess;
}

base::Result MultimediaManager::Initialize(u32 module, u32, u32, ipc::Out<u32> request_id) {
    *request_id = next_request_;
    requests_[next_request_++] = module;
    LOG_DEBUG("mm", "Initialize(module {}) = request {}", module, *request_id);
    return base::ResultSuccess;
}

base::Result MultimediaManager::Finalize(u32 request_id) {
    requests_.erase(request_id);
    return base::ResultSuccess;
}

base::Result MultimediaManager::SetAndWait(u32 request_id, u32 min_hz, s32) {
    const auto found = requests_.find(request_id);
    if (found == requests_.end()) {
        LOG_WARNING("mm", "SetAndWait on request {}, which was never initialized", request_id);
        return base::ResultSuccess;
    }
    rates_->Set(pcv::DomainOfMultimediaModule(found->second), min_hz);
    return base::ResultSuccess;
}

base::Result MultimediaManager::Get(u32 request_id, ipc::Out<u32> hz) {
    const auto found = requests_.find(request_id);
    if (found == requests_.end()) {
        LOG_WARNING("mm", "Get on request {}, which was never initialized", request_id);
        *hz = 0;
        return base::ResultSuccess;
    }
    *hz = rates_->Get(pcv::DomainOfMultimediaModule(found->second));
    return base::ResultSuccess;
}

}  // namespace services::mm
