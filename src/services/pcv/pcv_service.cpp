#include "services/pcv/pcv_service.h"

namespace services::pcv {

base::Result PcvService::SetClockRate(u32 module, u32 hz) {
    LOG_DEBUG("pcv", "module {} clock set to {} Hz", module, hz);
    rates_->Set(DomainOfPcvModule(module), hz);
    return base::ResultSuccess;
}

base::Result PcvService::GetClockRate(u32 module, ipc::Out<u32> hz) {
    *hz = rates_->Get(DomainOfPcvModule(module));
    return base::ResultSuccess;
}

}  // namespace services::pcv
