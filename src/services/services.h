#pragma once

// The services layer's interface: the named ports a process can connect to, with every
// service nxhost provides registered behind sm:.

#include "kernel/ipc_session.h"

namespace services {

kernel::NamedPorts MakeNamedPorts();

}  // namespace services
