#include "services/pcv/clkrst_service.h"

#include <algorithm>
#include <cstring>

namespace services::pcv {

base::Result ClkrstSession::SetClockRate(u32 hz) {
    LOG_DEBUG("clkrst", "module {:#010x} clock set to {} Hz", module_id_, hz);
    rates_->Set(DomainOfModuleId(module_id_), hz);
    return base::ResultSuccess;
}

base::Result ClkrstSession::GetClockRate(ipc::Out<u32> hz) {
    *hz = rates_->Get(DomainOfModuleId(module_id_));
    return base::ResultSuccess;
}

base::Result ClkrstSession::GetPossibleClockRates(u32 max_count,
                                                  ipc::OutBuffer<ipc::kMapAlias> rates,
                                                  ipc::Out<PossibleRatesReply> reply) {
    const auto possible = PossibleRates(DomainOfModuleId(module_id_));
    const std::size_t count =
        std::min<std::size_t>({possible.size(), max_count, rates.data.size() / sizeof(u32)});
    std::memcpy(rates.data.data(), possible.data(), count * sizeof(u32));
    *reply = PossibleRatesReply{1, static_cast<s32>(count)};
    return base::ResultSuccess;
}

base::Result ClkrstManager::OpenSession(u32 module_id, u32, ipc::OutObject session) {
    *session.object = std::make_shared<ClkrstSession>(rates_, module_id);
    return base::ResultSuccess;
}

}  // namespace services::pcv
