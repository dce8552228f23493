// sfdnsres: lookups through nxhost's hosts file and the host's resolver, answered in the
// layouts libnx sends and reads. The answers are decoded here as libnx's resolver.c decodes
// them (its _resolverDeserializeHostent / _resolverDeserializeAddrInfo), independently of
// nxhost's serializer.

#include <arpa/inet.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "ipc/request_context.h"
#include "services/bsd/dns_resolver.h"
#include "support/fake_ipc_environment.h"

namespace {

using services::bsd::DnsResolver;
using services::bsd::NetworkAccess;
using services::bsd::NetworkConfig;
using test_support::FakeIpcEnvironment;

constexpr u64 kIn = FakeIpcEnvironment::kMemoryBase;             // request buffers
constexpr u64 kOut = FakeIpcEnvironment::kMemoryBase + 0x8000;   // reply buffers
constexpr u64 kOut2 = FakeIpcEnvironment::kMemoryBase + 0xC000;  // a second reply buffer

u32 Big32(const u8* at) {
    u32 value;
    std::memcpy(&value, at, 4);
    return ntohl(value);
}
u16 Big16(const u8* at) {
    u16 value;
    std::memcpy(&value, at, 2);
    return ntohs(value);
}

struct Hostent {
    std::string name;
    std::vector<std::string> aliases;
    int addrtype = 0;
    int length = 0;
    std::vector<in_addr> addresses;
};

// As libnx's _resolverDeserializeHostent reads the buffer.
Hostent DecodeHostent(const std::vector<u8>& bytes) {
    Hostent he;
    const u8* pos = bytes.data();
    he.name = reinterpret_cast<const char*>(pos);
    pos += he.name.size() + 1;
    const u32 alias_count = Big32(pos);
    pos += 4;
    for (u32 i = 0; i < alias_count; ++i) {
        he.aliases.emplace_back(reinterpret_cast<const char*>(pos));
        pos += he.aliases.back().size() + 1;
    }
    he.addrtype = Big16(pos);
    he.length = Big16(pos + 2);
    const u32 count = Big32(pos + 4);
    pos += 8;
    for (u32 i = 0; i < count; ++i) {
        u32 raw;
        std::memcpy(&raw, pos + i * 4, 4);
        he.addresses.push_back(in_addr{ntohl(raw)});  // "lol Nintendo"
    }
    return he;
}

struct AddrInfo {
    int flags, family, socktype, protocol;
    u32 addrlen;
    std::array<u8, 28> addr{};  // the console's sockaddr_in / sockaddr_in6, as libnx fixes it up
    std::string canonname;
};

// As libnx's _resolverDeserializeAddrInfoList walks the buffer; `end` is where the u32 0 that
// ends the list lies.
std::vector<AddrInfo> DecodeAddrInfo(const std::vector<u8>& bytes, std::size_t& end) {
    std::vector<AddrInfo> list;
    std::size_t at = 0;
    while (Big32(&bytes[at]) == 0xBEEFCAFE) {
        AddrInfo ai{};
        ai.flags = static_cast<int>(Big32(&bytes[at + 4]));
        ai.family = static_cast<int>(Big32(&bytes[at + 8]));
        ai.socktype = static_cast<int>(Big32(&bytes[at + 12]));
        ai.protocol = static_cast<int>(Big32(&bytes[at + 16]));
        ai.addrlen = Big32(&bytes[at + 20]);
        const std::size_t address_size = ai.addrlen != 0 ? ai.addrlen : 4;
        std::memcpy(ai.addr.data(), &bytes[at + 24], std::min<std::size_t>(ai.addrlen, 28));
        u16 port;
        std::memcpy(&port, &ai.addr[2], 2);
        port = ntohs(port);
        std::memcpy(&ai.addr[2], &port, 2);
        if (ai.family == 2) {
            u32 address;
            std::memcpy(&address, &ai.addr[4], 4);
            address = ntohl(address);
            std::memcpy(&ai.addr[4], &address, 4);
        } else if (ai.family == 28) {
            for (const std::size_t field : {4, 24}) {  // sin6_flowinfo, sin6_scope_id
                u32 value;
                std::memcpy(&value, &ai.addr[field], 4);
                value = ntohl(value);
                std::memcpy(&ai.addr[field], &value, 4);
            }
        }
        ai.canonname = reinterpret_cast<const char*>(&bytes[at + 24 + address_size]);
        at += 24 + address_size + ai.canonname.size() + 1;
        list.push_back(ai);
    }
    end = at;
    return list;
}

// A program's sockaddr_in (BSD layout) for GetNameInfo.
std::vector<u8> SockaddrIn(const char* address, u16 port) {
    std::vector<u8> bytes(16);
    bytes[0] = 16;
    bytes[1] = 2;
    const u16 network_port = htons(port);
    std::memcpy(&bytes[2], &network_port, 2);
    inet_pton(AF_INET, address, &bytes[4]);
    return bytes;
}

// libnx's serialized hints (_resolverSerializeAddrInfoList of one addrinfo without address).
std::vector<u8> Hints(int flags, int family, int socktype, int protocol) {
    std::vector<u8> bytes(24 + 4 + 1 + 4);
    const u32 fields[] = {0xBEEFCAFE,
                          static_cast<u32>(flags),
                          static_cast<u32>(family),
                          static_cast<u32>(socktype),
                          static_cast<u32>(protocol),
                          0};
    for (std::size_t i = 0; i < std::size(fields); ++i) {
        const u32 big = htonl(fields[i]);
        std::memcpy(&bytes[i * 4], &big, 4);
    }
    return bytes;
}

std::vector<u8> Text(std::string_view text) {
    std::vector<u8> bytes(text.begin(), text.end());
    bytes.push_back(0);
    return bytes;
}

class DnsResolverTest : public ::testing::Test {
protected:
    void SetUp() override {
        hosts_path_ = std::filesystem::temp_directory_path() /
                      ("nxhost-dns-resolver-test-" + std::to_string(::getpid()));
        std::ofstream(hosts_path_) << "127.0.0.1 game.example test-server # the test's server\n"
                                      "::1 game.example\n"
                                      "10.1.2.3 other.example\n";
    }
    void TearDown() override { std::filesystem::remove(hosts_path_); }

    DnsResolver Resolver(NetworkAccess access) {
        NetworkConfig config;
        config.access = access;
        config.hosts_file = hosts_path_;
        return DnsResolver(std::make_shared<services::bsd::ResolverShared>(config));
    }

    // Runs `command` as libnx sends it: `raw` is sfdnsres.c's input struct; `in` go in send (A)
    // buffers at kIn..., `out_sizes` are receive (B) buffers at kOut, kOut2, each also with an
    // empty pointer (X / C) one as libnx sends for auto-select buffers. The reply's raw words
    // are returned; the B buffers' contents land in `out`.
    std::vector<u8> Call(DnsResolver& resolver, u32 command, const std::vector<u8>& raw,
                         const std::vector<std::vector<u8>>& in, const std::vector<u64>& out_sizes,
                         std::vector<std::vector<u8>>& out) {
        ipc::HipcMessage message;
        u64 at = kIn;
        for (const auto& buffer : in) {
            EXPECT_TRUE(environment_.Memory().WriteBlock(at, buffer));
            message.a.push_back({buffer.empty() ? 0 : at, buffer.size()});
            message.x.push_back({0, 0});
            at += (buffer.size() + 15) / 16 * 16;
        }
        const u64 out_at[] = {kOut, kOut2};
        for (std::size_t i = 0; i < out_sizes.size(); ++i) {
            const std::vector<u8> fill(out_sizes[i], 0xEE);
            EXPECT_TRUE(environment_.Memory().WriteBlock(out_at[i], fill));
            message.b.push_back({out_at[i], out_sizes[i]});
            message.c.push_back({0, 0});
        }
        ipc::RequestContext context(message, raw, environment_, false);
        base::Result result;
        EXPECT_TRUE(resolver.Invoke(command, context, result));
        EXPECT_TRUE(result.IsSuccess()) << result.ToString();
        out.clear();
        for (std::size_t i = 0; i < out_sizes.size(); ++i) {
            out.emplace_back(out_sizes[i]);
            EXPECT_TRUE(environment_.Memory().ReadBlock(out_at[i], out.back()));
        }
        return context.raw_output;
    }

    // GetHostByNameRequest (2): libnx's {u32 use_nsd, u32 timeout, u64 pid_placeholder}.
    std::vector<u8> HostByName(DnsResolver& resolver, const std::vector<u8>& name, u64 out_size,
                               std::vector<u8>& hostent) {
        const u32 raw[4] = {1, 0, 0, 0};
        std::vector<std::vector<u8>> out;
        auto reply = Call(resolver, 2, Bytes(raw), {name}, {out_size}, out);
        hostent = out[0];
        return reply;
    }

    // GetAddrInfoRequest (6): the same raw struct; node, service, hints; the answer buffer.
    std::vector<u8> AddrInfoCall(DnsResolver& resolver, const std::vector<u8>& node,
                                 const std::vector<u8>& service, const std::vector<u8>& hints,
                                 u64 out_size, std::vector<u8>& answer) {
        const u32 raw[4] = {1, 0, 0, 0};
        std::vector<std::vector<u8>> out;
        auto reply = Call(resolver, 6, Bytes(raw), {node, service, hints}, {out_size}, out);
        answer = out[0];
        return reply;
    }

    template <std::size_t N>
    static std::vector<u8> Bytes(const u32 (&words)[N]) {
        std::vector<u8> bytes(N * 4);
        std::memcpy(bytes.data(), words, bytes.size());
        return bytes;
    }
    static std::array<u32, 4> Words(const std::vector<u8>& raw) {
        std::array<u32, 4> words{};
        std::memcpy(words.data(), raw.data(), std::min(raw.size(), sizeof(words)));
        return words;
    }

    FakeIpcEnvironment environment_;
    std::filesystem::path hosts_path_;
};

TEST_F(DnsResolverTest, GetHostByNameAnswersFromTheHostsFileAsLibnxReadsIt) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    std::vector<u8> hostent;
    const auto reply = Words(HostByName(resolver, Text("GAME.example"), 0x200, hostent));
    EXPECT_EQ(reply[0], 0u);  // h_errno: NETDB_SUCCESS
    EXPECT_EQ(reply[1], 0u);  // errno
    const Hostent he = DecodeHostent(hostent);
    EXPECT_EQ(he.name, "game.example");
    EXPECT_EQ(he.aliases, std::vector<std::string>{"test-server"});
    EXPECT_EQ(he.addrtype, 2);  // AF_INET: the ::1 line is no hostent address
    EXPECT_EQ(he.length, 4);
    ASSERT_EQ(he.addresses.size(), 1u);
    EXPECT_EQ(he.addresses[0].s_addr, inet_addr("127.0.0.1"));
    // The size libnx is told is exactly what the decoder read.
    const std::size_t used = he.name.size() + 1 + 4 + he.aliases[0].size() + 1 + 2 + 2 + 4 + 4;
    EXPECT_EQ(reply[2], used);
    EXPECT_EQ(hostent[used], 0u);  // the rest of the buffer zeroed, not left as it was
}

TEST_F(DnsResolverTest, GetAddrInfoAnswersFromTheHostsFileAsLibnxReadsIt) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    std::vector<u8> answer;
    // AF_INET, SOCK_STREAM, AI_CANONNAME in the console's numbering.
    const auto reply = Words(AddrInfoCall(resolver, Text("game.example"), Text("8080"),
                                          Hints(2, 2, 1, 0), 0x1000, answer));
    EXPECT_EQ(reply[0], 0u);  // errno
    EXPECT_EQ(reply[1], 0u);  // EAI: success
    std::size_t end = 0;
    const auto list = DecodeAddrInfo(answer, end);
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].family, 2);
    EXPECT_EQ(list[0].socktype, 1);
    EXPECT_EQ(list[0].protocol, 6);  // IPPROTO_TCP
    EXPECT_EQ(list[0].addrlen, 16u);
    EXPECT_EQ(list[0].addr[1], 2);  // sin_family
    u16 port;
    std::memcpy(&port, &list[0].addr[2], 2);
    EXPECT_EQ(port, htons(8080));
    in_addr address;
    std::memcpy(&address, &list[0].addr[4], 4);
    EXPECT_EQ(address.s_addr, inet_addr("127.0.0.1"));
    EXPECT_EQ(list[0].canonname, "game.example");
    EXPECT_EQ(Big32(&answer[end]), 0u);
    EXPECT_EQ(reply[2], end + 4);  // the serialized size includes the list's end

    // AF_INET6 asks for the ::1 line.
    AddrInfoCall(resolver, Text("game.example"), Text("443"), Hints(0, 28, 1, 0), 0x1000, answer);
    const auto list6 = DecodeAddrInfo(answer, end);
    ASSERT_EQ(list6.size(), 1u);
    EXPECT_EQ(list6[0].family, 28);
    EXPECT_EQ(list6[0].addrlen, 28u);
    std::memcpy(&port, &list6[0].addr[2], 2);
    EXPECT_EQ(port, htons(443));
    in6_addr loopback = IN6ADDR_LOOPBACK_INIT;
    EXPECT_EQ(std::memcmp(&list6[0].addr[8], &loopback, 16), 0);
    EXPECT_TRUE(list6[0].canonname.empty());
}

TEST_F(DnsResolverTest, TheHostsFileAnswersWithTheNetworkOff) {
    DnsResolver resolver = Resolver(NetworkAccess::Off);
    std::vector<u8> hostent;
    auto reply = Words(HostByName(resolver, Text("other.example"), 0x200, hostent));
    EXPECT_EQ(reply[0], 0u);
    EXPECT_EQ(DecodeHostent(hostent).addresses[0].s_addr, inet_addr("10.1.2.3"));
    // Anything else is not found, as on a console without a network.
    reply = Words(HostByName(resolver, Text("localhost"), 0x200, hostent));
    EXPECT_EQ(reply[0], 1u);  // HOST_NOT_FOUND
    EXPECT_EQ(reply[2], 0u);
    std::vector<u8> answer;
    reply = Words(AddrInfoCall(resolver, Text("localhost"), Text("80"), {}, 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 8);  // EAI_NONAME
    reply = Words(AddrInfoCall(resolver, Text("other.example"), Text("80"), {}, 0x1000, answer));
    EXPECT_EQ(reply[1], 0u);
    std::size_t end = 0;
    EXPECT_FALSE(DecodeAddrInfo(answer, end).empty());
}

TEST_F(DnsResolverTest, LocalhostResolvesThroughTheHost) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    std::vector<u8> hostent;
    const auto reply = Words(HostByName(resolver, Text("localhost"), 0x200, hostent));
    ASSERT_EQ(reply[0], 0u);
    const Hostent he = DecodeHostent(hostent);
    EXPECT_EQ(he.addrtype, 2);
    ASSERT_FALSE(he.addresses.empty());
    EXPECT_EQ(he.addresses[0].s_addr, inet_addr("127.0.0.1"));

    std::vector<u8> answer;
    const auto info = Words(
        AddrInfoCall(resolver, Text("localhost"), Text("80"), Hints(0, 0, 1, 0), 0x1000, answer));
    ASSERT_EQ(info[1], 0u);
    std::size_t end = 0;
    const auto list = DecodeAddrInfo(answer, end);
    ASSERT_FALSE(list.empty());
    for (const AddrInfo& ai : list) {
        EXPECT_EQ(ai.family, 2);  // AF_UNSPEC answers IPv4, as the console's resolver does
        u16 port;
        std::memcpy(&port, &ai.addr[2], 2);
        EXPECT_EQ(port, htons(80));
    }
}

TEST_F(DnsResolverTest, GetNameInfoAndGetHostByAddrFindTheHostsFileName) {
    DnsResolver resolver = Resolver(NetworkAccess::Off);
    // GetNameInfoRequest (7): {u32 flags, u32 timeout, u64 pid}; NI_NUMERICSERV is 8.
    const u32 raw[4] = {8, 0, 0, 0};
    std::vector<std::vector<u8>> out;
    auto reply =
        Words(Call(resolver, 7, Bytes(raw), {SockaddrIn("127.0.0.1", 8080)}, {64, 32}, out));
    EXPECT_EQ(reply[0], 0u);  // errno
    EXPECT_EQ(reply[1], 0u);  // EAI
    EXPECT_STREQ(reinterpret_cast<const char*>(out[0].data()), "game.example");
    EXPECT_STREQ(reinterpret_cast<const char*>(out[1].data()), "8080");
    // A host buffer too small for the name: EAI_OVERFLOW, nothing written past it.
    reply = Words(Call(resolver, 7, Bytes(raw), {SockaddrIn("127.0.0.1", 80)}, {5, 32}, out));
    EXPECT_EQ(static_cast<s32>(reply[1]), 14);

    // GetHostByAddrRequest (3): {u32 len, u32 type, u32 timeout, u32 pad, u64 pid}.
    const u32 by_address[6] = {4, 2, 0, 0, 0, 0};
    const std::vector<u8> address = {10, 1, 2, 3};
    reply = Words(Call(resolver, 3, Bytes(by_address), {address}, {0x200}, out));
    EXPECT_EQ(reply[0], 0u);
    const Hostent he = DecodeHostent(out[0]);
    EXPECT_EQ(he.name, "other.example");
    EXPECT_EQ(he.addresses[0].s_addr, inet_addr("10.1.2.3"));
    // An address the hosts file does not have, with the network off.
    const std::vector<u8> unknown_address = {10, 9, 9, 9};
    reply = Words(Call(resolver, 3, Bytes(by_address), {unknown_address}, {0x200}, out));
    EXPECT_EQ(reply[0], 1u);  // HOST_NOT_FOUND
    // A length that is no IPv4 address's.
    const u32 wrong[6] = {3, 2, 0, 0, 0, 0};
    reply = Words(Call(resolver, 3, Bytes(wrong), {address}, {0x200}, out));
    EXPECT_EQ(static_cast<s32>(reply[0]), -1);  // NETDB_INTERNAL
    EXPECT_EQ(reply[1], static_cast<u32>(EINVAL));
}

TEST_F(DnsResolverTest, HostileNamesAndBuffersGetTheConsolesErrors) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    std::vector<u8> hostent;
    // No terminator: not looked up, not found, nothing written.
    const std::vector<u8> unterminated = {'g', 'a', 'm', 'e'};
    auto reply = Words(HostByName(resolver, unterminated, 0x200, hostent));
    EXPECT_EQ(reply[0], 1u);
    EXPECT_EQ(hostent, std::vector<u8>(0x200, 0));
    // Control bytes and a 64 KiB name are no host names.
    reply = Words(HostByName(resolver, Text("bad\x01name"), 0x200, hostent));
    EXPECT_EQ(reply[0], 1u);
    reply = Words(HostByName(resolver, Text(std::string(0x4000, 'a')), 0x200, hostent));
    EXPECT_EQ(reply[0], 1u);
    // An answer that does not fit: the serializer's ENOSPC, the buffer left zeroed.
    reply = Words(HostByName(resolver, Text("game.example"), 8, hostent));
    EXPECT_EQ(static_cast<s32>(reply[0]), -1);
    EXPECT_EQ(reply[1], static_cast<u32>(ENOSPC));
    EXPECT_EQ(reply[2], 0u);
    EXPECT_EQ(hostent, std::vector<u8>(8, 0));
    reply = Words(HostByName(resolver, Text("game.example"), 0, hostent));
    EXPECT_EQ(reply[1], static_cast<u32>(ENOSPC));

    std::vector<u8> answer;
    reply = Words(AddrInfoCall(resolver, Text("game.example"), Text("80"), {}, 16, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 14);  // EAI_OVERFLOW
    EXPECT_EQ(reply[0], static_cast<u32>(ENOSPC));
    EXPECT_EQ(answer, std::vector<u8>(16, 0));
    // Hints that are no serialized addrinfo: a wrong magic, cut short, an address size past
    // the buffer's end.
    std::vector<u8> hints = Hints(0, 2, 1, 0);
    hints[0] = 0;
    reply = Words(AddrInfoCall(resolver, Text("game.example"), {}, hints, 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 12);  // EAI_BADHINTS
    hints = Hints(0, 2, 1, 0);
    hints.resize(20);
    reply = Words(AddrInfoCall(resolver, Text("game.example"), {}, hints, 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 12);
    hints = Hints(0, 2, 1, 0);
    hints[20] = 0x7f;
    reply = Words(AddrInfoCall(resolver, Text("game.example"), {}, hints, 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 12);
    // Flags and families the console does not have.
    reply = Words(
        AddrInfoCall(resolver, Text("game.example"), {}, Hints(0x10000, 0, 0, 0), 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 3);  // EAI_BADFLAGS
    reply =
        Words(AddrInfoCall(resolver, Text("game.example"), {}, Hints(0, 99, 0, 0), 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 5);  // EAI_FAMILY
    // Neither a node nor a service.
    reply = Words(AddrInfoCall(resolver, {}, {}, {}, 0x1000, answer));
    EXPECT_EQ(static_cast<s32>(reply[1]), 8);  // EAI_NONAME

    // GetNameInfo with a sockaddr too short for its family, and with no buffers at all.
    const u32 raw[4] = {0, 0, 0, 0};
    std::vector<std::vector<u8>> out;
    std::vector<u8> cut = SockaddrIn("127.0.0.1", 80);
    cut.resize(8);
    reply = Words(Call(resolver, 7, Bytes(raw), {cut}, {64, 32}, out));
    EXPECT_EQ(static_cast<s32>(reply[1]), 5);
    reply = Words(Call(resolver, 7, Bytes(raw), {SockaddrIn("127.0.0.1", 80)}, {0, 0}, out));
    EXPECT_EQ(static_cast<s32>(reply[1]), 8);
}

TEST_F(DnsResolverTest, WithOptionsCommandsAnswerInTheirOwnOrder) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    // GetHostByNameRequestWithOptions (10): {u32 options_version, u32 num_options, u64 pid};
    // name, hostent and options travel as auto-select buffers (here the send / receive ones).
    const u32 raw[4] = {1, 0, 0, 0};
    std::vector<std::vector<u8>> out;
    auto reply = Words(Call(resolver, 10, Bytes(raw), {Text("game.example"), {}}, {0x200}, out));
    EXPECT_EQ(reply[1], 0u);  // h_errno
    EXPECT_EQ(reply[2], 0u);  // errno
    EXPECT_EQ(reply[0], DecodeHostent(out[0]).name.size() + 1 + 4 + 12 + 2 + 2 + 4 + 4);
    // GetAddrInfoRequestWithOptions (12): size, EAI, h_errno, errno.
    reply = Words(
        Call(resolver, 12, Bytes(raw), {Text("no such name"), Text("80"), {}, {}}, {0x1000}, out));
    EXPECT_EQ(reply[0], 0u);
    EXPECT_EQ(static_cast<s32>(reply[1]), 8);  // EAI_NONAME
    EXPECT_EQ(reply[2], 1u);                   // HOST_NOT_FOUND
    reply = Words(
        Call(resolver, 12, Bytes(raw), {Text("game.example"), Text("80"), {}, {}}, {0x1000}, out));
    std::size_t end = 0;
    EXPECT_FALSE(DecodeAddrInfo(out[0], end).empty());
    EXPECT_EQ(reply[0], end + 4);
    EXPECT_EQ(reply[1], 0u);
}

TEST_F(DnsResolverTest, ErrorTextsFitTheirBuffers) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    const u32 host_not_found[1] = {1};
    std::vector<std::vector<u8>> out;
    Call(resolver, 4, Bytes(host_not_found), {}, {0x80}, out);
    EXPECT_STREQ(reinterpret_cast<const char*>(out[0].data()), "Unknown host");
    const u32 no_name[1] = {8};
    Call(resolver, 5, Bytes(no_name), {}, {0x80}, out);
    EXPECT_STREQ(reinterpret_cast<const char*>(out[0].data()),
                 "hostname nor servname provided, or not known");
    Call(resolver, 5, Bytes(no_name), {}, {5}, out);
    EXPECT_EQ(std::string(out[0].begin(), out[0].end()), std::string("host\0", 5));
    const u32 unknown[1] = {0x7fffffff};
    Call(resolver, 5, Bytes(unknown), {}, {0x80}, out);
    EXPECT_STREQ(reinterpret_cast<const char*>(out[0].data()), "Unknown error");
    Call(resolver, 4, Bytes(unknown), {}, {0}, out);  // nothing to write into
}

TEST_F(DnsResolverTest, LookupsWaitOnTheHostAndGiveUpWhenTheRunEnds) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    for (const u32 command : {2u, 3u, 6u, 7u, 10u, 11u, 12u, 13u}) {
        EXPECT_TRUE(resolver.MayWaitOnHost(command)) << command;
    }
    for (const u32 command : {4u, 5u, 8u, 9u, 14u}) {
        EXPECT_FALSE(resolver.MayWaitOnHost(command)) << command;
    }
    environment_.stop_requested = true;
    std::vector<u8> hostent;
    const auto reply = Words(HostByName(resolver, Text("localhost"), 0x200, hostent));
    EXPECT_EQ(static_cast<s32>(reply[0]), -1);  // NETDB_INTERNAL
    EXPECT_EQ(reply[1], static_cast<u32>(EINTR));
}

TEST(LookupWait, CancelRequestEndsTheWaitOfItsHandleOnly) {
    services::bsd::LookupCancellation cancellation;
    const u32 handle = cancellation.NewHandle();
    EXPECT_NE(handle, 0u);
    EXPECT_NE(cancellation.NewHandle(), handle);
    cancellation.Cancel(handle);  // no lookup waits with it: not remembered
    EXPECT_FALSE(cancellation.IsCancelled(handle));

    // A lookup that does not finish by itself until the test lets it.
    auto release = std::make_shared<std::promise<void>>();
    std::shared_future<void> released = release->get_future().share();
    std::atomic<bool> waiting_done{false};
    std::thread canceller([&] {
        while (!waiting_done) {
            cancellation.Cancel(handle);
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    });
    int answer = 0;
    const auto end = services::bsd::WaitForLookup<int>(
        [released] {
            released.wait();
            return 7;
        },
        [] { return false; }, cancellation, handle, answer);
    waiting_done = true;
    canceller.join();
    release->set_value();
    EXPECT_EQ(end, services::bsd::LookupEnd::Cancelled);
    EXPECT_EQ(answer, 0);
    EXPECT_FALSE(cancellation.IsCancelled(handle));  // forgotten once the wait ended

    EXPECT_EQ(services::bsd::WaitForLookup<int>([] { return 7; }, [] { return false; },
                                                cancellation, 0, answer),
              services::bsd::LookupEnd::Answered);
    EXPECT_EQ(answer, 7);
}

TEST_F(DnsResolverTest, CancelHandlesAreNewEachTime) {
    DnsResolver resolver = Resolver(NetworkAccess::On);
    const u32 raw[2] = {0, 0};
    std::vector<std::vector<u8>> out;
    const auto first = Words(Call(resolver, 8, Bytes(raw), {}, {}, out));
    const auto second = Words(Call(resolver, 8, Bytes(raw), {}, {}, out));
    EXPECT_NE(first[0], 0u);
    EXPECT_NE(first[0], second[0]);
    const u32 cancel[4] = {first[0], 0, 0, 0};
    Call(resolver, 9, Bytes(cancel), {}, {}, out);
}

}  // namespace
