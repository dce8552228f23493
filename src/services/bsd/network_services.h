#pragma once

#include "services/bsd/network_config.h"
#include "services/service_directory.h"

namespace services::bsd {

// Registers what a program reaches the network through: bsd:u and bsd:s (sockets), sfdnsres
// (name lookups) and nifm:u (the connection), all following `config`.
void AddNetworkServices(ServiceDirectory& directory, const NetworkConfig& config);

}  // namespace services::bsd
