#include "services/bsd/network_services.h"

#include "services/bsd/bsd_client.h"
#include "services/bsd/dns_resolver.h"
#include "services/nifm/network_interface.h"

namespace services::bsd {

void AddNetworkServices(ServiceDirectory& directory, const NetworkConfig& config) {
    (void)config;
    for (const char* name : {"bsd:u", "bsd:s"}) {
        directory.Add(name, [name] { return std::make_shared<BsdClient>(name); });
    }
    directory.Add("sfdnsres", [] { return std::make_shared<DnsResolver>(); });
    directory.Add("nifm:u", [] { return std::make_shared<nifm::StaticService>(); });
}

}  // namespace services::bsd
