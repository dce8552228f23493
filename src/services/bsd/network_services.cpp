#include "services/bsd/network_services.h"

#include "services/bsd/bsd_client.h"
#include "services/bsd/dns_resolver.h"
#include "services/nifm/network_interface.h"

namespace services::bsd {

void AddNetworkServices(ServiceDirectory& directory, const NetworkConfig& config) {
    for (const char* name : {"bsd:u", "bsd:s"}) {
        directory.Add(name, [name, config] { return std::make_shared<BsdClient>(name, config); });
    }
    const auto resolver = std::make_shared<ResolverShared>(config);
    directory.Add("sfdnsres", [resolver] { return std::make_shared<DnsResolver>(resolver); });
    directory.Add("nifm:u", [config] { return std::make_shared<nifm::StaticService>(config); });
}

}  // namespace services::bsd
