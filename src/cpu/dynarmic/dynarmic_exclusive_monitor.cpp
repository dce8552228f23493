#include <dynarmic/interface/exclusive_monitor.h>

#include "cpu/exclusive_monitor.h"

namespace cpu {

ExclusiveMonitor::ExclusiveMonitor(unsigned core_count)
    : core_count_(core_count), backend_(new Dynarmic::ExclusiveMonitor(core_count)) {}

ExclusiveMonitor::~ExclusiveMonitor() = default;

void ExclusiveMonitor::BackendDeleter::operator()(void* monitor) const {
    delete static_cast<Dynarmic::ExclusiveMonitor*>(monitor);
}

}  // namespace cpu
