#pragma once

#include "services/service_directory.h"

namespace services {

// Registers the system services programs open at start-up beyond the core ones: apm:p, ns:*,
// acc:u1, pm:*, mm:u, clkrst, pcv, spl:, set:cal, lbl, ts, usb:ds, caps:* and psc:m.
void AddSystemServices(ServiceDirectory& directory);

}  // namespace services
