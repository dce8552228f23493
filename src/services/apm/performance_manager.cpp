#include "services/apm/performance_manager.h"

namespace services::apm {
namespace {

// switchbrew's table of performance configurations: 0x00010000 is CPU 1020 MHz, GPU 384 MHz,
// memory 1600 MHz, the configuration a program runs under until it picks one.
constexpr u32 kDefaultConfiguration = 0x00010000;
constexpr u32 kModeNormal = 0;

}  // namespace

u32 PerformanceState::Get(u32 mode) const {
    std::lock_guard lock(mutex_);
    const auto found = configurations_.find(mode);
    return found == configurations_.end() ? kDefaultConfiguration : found->second;
}

void PerformanceState::Set(u32 mode, u32 configuration) {
    std::lock_guard lock(mutex_);
    configurations_[mode] = configuration;
}

base::Result Session::SetPerformanceConfiguration(u32 mode, u32 configuration) {
    LOG_DEBUG("apm", "performance mode {} set to configuration {:#010x}", mode, configuration);
    state_->Set(mode, configuration);
    return base::ResultSuccess;
}

base::Result Session::GetPerformanceConfiguration(u32 mode, ipc::Out<u32> configuration) {
    *configuration = state_->Get(mode);
    return base::ResultSuccess;
}

base::Result Manager::OpenSession(ipc::OutObject session) {
    *session.object = std::make_shared<Session>(state_);
    return base::ResultSuccess;
}

base::Result Manager::GetPerformanceMode(ipc::Out<u32> mode) {
    *mode = kModeNormal;
    return base::ResultSuccess;
}

base::Result Manager::IsCpuOverclockEnabled(ipc::Out<bool> enabled) {
    *enabled = false;
    return base::ResultSuccess;
}

}  // namespace services::apm
