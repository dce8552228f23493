// nifm: connected over Wi-Fi with the host's addresses when the network is on, a console
// without a network when it is off. Profile offsets are checked against libnx nifm.h's
// NifmSfNetworkProfileData, not against nxhost's own structures.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "kernel/event.h"
#include "services/nifm/host_network.h"
#include "services/nifm/network_interface.h"
#include "services/nifm/network_request.h"
#include "services/nifm/nifm_results.h"
#include "support/fake_ipc_environment.h"

namespace {

using services::bsd::NetworkAccess;
using services::bsd::NetworkConfig;
using services::nifm::GeneralService;
using services::nifm::Ipv4Address;
using services::nifm::NetworkRequest;

template <typename T>
ipc::Out<T> Out(T& value) {
    return ipc::Out<T>{&value};
}

GeneralService Service(NetworkAccess access) {
    NetworkConfig config;
    config.access = access;
    return GeneralService(config);
}

TEST(HostNetwork, TheDefaultRouteOfLowestMetricWins) {
    const char* routes =
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
        "wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
        "eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n"
        "down0\t00000000\t0103A8C0\t0002\t0\t0\t1\t00000000\t0\t0\t0\n"
        "eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n"
        "junk line\n";
    const auto route = services::nifm::ParseDefaultRoute(routes);
    ASSERT_TRUE(route.has_value());
    EXPECT_EQ(route->interface_name, "eth0");
    EXPECT_EQ(route->gateway, (Ipv4Address{192, 168, 2, 1}));
    EXPECT_FALSE(services::nifm::ParseDefaultRoute(
                     "Iface\tDestination\tGateway\n"
                     "eth0\t0002A8C0\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0\n")
                     .has_value());
}

TEST(HostNetwork, NameServersAreTheIpv4OnesInOrder) {
    const auto servers = services::nifm::ParseNameServers(
        "# generated\nsearch lan\nnameserver 10.0.0.53\n#nameserver 1.1.1.1\n"
        "nameserver ::1\nnameserver 9.9.9.9 # secondary\n");
    EXPECT_EQ(servers, (std::vector<Ipv4Address>{{10, 0, 0, 53}, {9, 9, 9, 9}}));
}

TEST(HostNetwork, TheHostAlwaysHasAnAddress) {
    const auto host = services::nifm::QueryHostNetwork();
    EXPECT_NE(host.address, Ipv4Address{});
    EXPECT_NE(host.subnet_mask, Ipv4Address{});
    if (host.interface_name == "lo") {
        EXPECT_EQ(host.address, (Ipv4Address{127, 0, 0, 1}));
    }
}

TEST(Nifm, ConnectedOverWifiWithTheHostsAddresses) {
    GeneralService service = Service(NetworkAccess::On);
    const auto host = services::nifm::QueryHostNetwork();

    services::nifm::InternetConnectionStatus status{};
    ASSERT_TRUE(service.GetInternetConnectionStatus(Out(status)).IsSuccess());
    EXPECT_EQ(status.type, 1);  // NifmInternetConnectionType_WiFi
    EXPECT_EQ(status.wifi_strength, 3);
    EXPECT_EQ(status.state, 4);  // NifmInternetConnectionStatus_Connected

    Ipv4Address address{};
    ASSERT_TRUE(service.GetCurrentIpAddress(Out(address)).IsSuccess());
    EXPECT_EQ(address, host.address);  // in_addr bytes, as libnx's u32 holds them

    services::nifm::IpAddressSetting ip{};
    services::nifm::DnsSetting dns{};
    ASSERT_TRUE(service.GetCurrentIpConfigInfo(Out(ip), Out(dns)).IsSuccess());
    EXPECT_EQ(ip.address, host.address);
    EXPECT_EQ(ip.subnet_mask, host.subnet_mask);
    EXPECT_EQ(ip.gateway, host.gateway);
    EXPECT_EQ(dns.primary, host.primary_dns);

    std::vector<u8> profile(0x17C, 0xEE);
    ASSERT_TRUE(service.GetCurrentNetworkProfile({profile}).IsSuccess());
    EXPECT_EQ(profile[0x00], 1);  // ip_address_setting.is_automatic
    EXPECT_EQ(std::memcmp(&profile[0x01], host.address.data(), 4), 0);
    EXPECT_EQ(std::memcmp(&profile[0x05], host.subnet_mask.data(), 4), 0);
    EXPECT_EQ(std::memcmp(&profile[0x09], host.gateway.data(), 4), 0);
    EXPECT_EQ(profile[0x0D], 1);  // dns_setting.is_automatic
    EXPECT_EQ(std::memcmp(&profile[0x0E], host.primary_dns.data(), 4), 0);
    u16 mtu;
    std::memcpy(&mtu, &profile[0xC0], 2);
    EXPECT_EQ(mtu, 1500);
    EXPECT_STREQ(reinterpret_cast<const char*>(&profile[0xD2]), "nxhost");  // network_name
    EXPECT_EQ(profile[0x113], 1);                                           // Wi-Fi
    EXPECT_EQ(profile[0x116], 6);                                           // ssid_len
    EXPECT_EQ(std::memcmp(&profile[0x117], "nxhost", 6), 0);
    EXPECT_EQ(profile[0x17B], 0);  // padding

    bool accepted = false;
    ASSERT_TRUE(service.IsAnyInternetRequestAccepted({}, Out(accepted)).IsSuccess());
    EXPECT_TRUE(accepted);
    std::vector<u8> small(4, 0xEE);  // a buffer smaller than the profile gets what fits
    ASSERT_TRUE(service.GetCurrentNetworkProfile({small}).IsSuccess());
    EXPECT_EQ(small[0], 1);
}

TEST(Nifm, WithTheNetworkOffNothingConnects) {
    GeneralService service = Service(NetworkAccess::Off);
    services::nifm::InternetConnectionStatus status{};
    EXPECT_EQ(service.GetInternetConnectionStatus(Out(status)),
              services::nifm::ResultNoInternetConnection);
    Ipv4Address address{};
    EXPECT_EQ(service.GetCurrentIpAddress(Out(address)),
              services::nifm::ResultNoInternetConnection);
    EXPECT_EQ(services::nifm::ResultNoInternetConnection.Raw(), 0x2586Eu);  // 2110-0300
    std::vector<u8> profile(0x17C);
    EXPECT_EQ(service.GetCurrentNetworkProfile({profile}),
              services::nifm::ResultNoInternetConnection);
    bool accepted = true;
    ASSERT_TRUE(service.IsAnyInternetRequestAccepted({}, Out(accepted)).IsSuccess());
    EXPECT_FALSE(accepted);
}

// The two events of GetSystemEventReadableHandles, the first signalled on each decision.
struct RequestEvents {
    std::shared_ptr<kernel::ReadableEvent> state_changed, other;
};
RequestEvents Events(NetworkRequest& request) {
    std::shared_ptr<kernel::KernelObject> first, second;
    EXPECT_TRUE(request.GetSystemEventReadableHandles({&first}, {&second}).IsSuccess());
    return {std::dynamic_pointer_cast<kernel::ReadableEvent>(first),
            std::dynamic_pointer_cast<kernel::ReadableEvent>(second)};
}

u32 State(NetworkRequest& request) {
    u32 state = 0;
    EXPECT_TRUE(request.GetRequestState(Out(state)).IsSuccess());
    return state;
}

TEST(Nifm, ARequestIsAcceptedWhenConnected) {
    test_support::FakeIpcEnvironment environment;
    GeneralService service = Service(NetworkAccess::Lan);
    std::shared_ptr<ipc::ServiceObject> object;
    ASSERT_TRUE(service.CreateRequest({&object}).IsSuccess());
    auto request = std::dynamic_pointer_cast<NetworkRequest>(object);
    ASSERT_NE(request, nullptr);
    const RequestEvents events = Events(*request);
    ASSERT_NE(events.state_changed, nullptr);
    ASSERT_NE(events.other, nullptr);
    EXPECT_NE(events.state_changed, events.other);
    EXPECT_EQ(State(*request), 1u);  // Free: not submitted

    ASSERT_TRUE(request->SetConnectionConfirmationOption(2).IsSuccess());
    ASSERT_TRUE(request->Submit({&environment}).IsSuccess());
    EXPECT_TRUE(events.state_changed->signaled);
    EXPECT_FALSE(events.other->signaled);
    EXPECT_EQ(State(*request), 3u);  // Accepted (libnx NifmRequestState_Available)
    EXPECT_TRUE(request->GetResult().IsSuccess());

    events.state_changed->signaled = false;
    ASSERT_TRUE(request->Cancel({&environment}).IsSuccess());
    EXPECT_TRUE(events.state_changed->signaled);
    EXPECT_EQ(State(*request), 1u);
}

TEST(Nifm, ARequestIsRefusedWithTheNetworkOff) {
    test_support::FakeIpcEnvironment environment;
    NetworkRequest request(false);
    const RequestEvents events = Events(request);
    EXPECT_EQ(request.GetResult(), services::nifm::ResultNetworkCommunicationDisabled);
    ASSERT_TRUE(request.Submit({&environment}).IsSuccess());
    // nifmRequestSubmitAndWait wakes up, and finds the request refused.
    EXPECT_TRUE(events.state_changed->signaled);
    EXPECT_EQ(State(request), 1u);
    EXPECT_EQ(request.GetResult(), services::nifm::ResultNetworkCommunicationDisabled);
    EXPECT_EQ(services::nifm::ResultNetworkCommunicationDisabled.Raw(), 0x8AE6Eu);  // 2110-1111
}

}  // namespace
