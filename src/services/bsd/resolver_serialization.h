#pragma once

// The byte layouts sfdnsres exchanges with a program: the serialized hostent and addrinfo
// lists it answers, the serialized hints it reads, and the socket address GetNameInfo takes.
//
// Serialized fields are big-endian, as libnx's resolver.c reads them with ntohl / ntohs and
// Atmosphère's dns.mitm serializer (a reimplementation of the console's) writes them. The
// console byte-swaps in_addr, sin_port and sin6_flowinfo once more although they are already
// in network byte order, so those end up little-endian (libnx: "Nintendo just byteswaps
// everything recursively").

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "services/bsd/hosts_file.h"

namespace services::bsd {

// A hostent: gethostbyname / gethostbyaddr answers, IPv4 only (the console's hostent
// serializer knows no other family).
struct HostEntry {
    std::string name;
    std::vector<std::string> aliases;
    std::vector<std::array<u8, 4>> addresses;  // network byte order
};

// name\0, u32 alias count, aliases (each \0-terminated), u16 AF_INET, u16 4, u32 address
// count, the addresses (4 bytes each, byte-swapped).
std::vector<u8> SerializeHostEntry(const HostEntry& entry);

// A socket address with its port, as a sockaddr_in / sockaddr_in6 holds it.
struct SocketEndpoint {
    HostAddress address;
    u16 port = 0;       // host byte order
    u32 flow_info = 0;  // IPv6 only, host byte order
    u32 scope_id = 0;   // IPv6 only
};

// One addrinfo, in the console's numbering (resolver_numbering.h).
struct AddrInfoEntry {
    u32 flags = 0;
    s32 family = 0;
    s32 socktype = 0;
    s32 protocol = 0;
    std::optional<SocketEndpoint> endpoint;
    std::string canonical_name;
};

// Each entry: u32 magic 0xBEEFCAFE, u32 flags, family, socktype, protocol, addrlen; the
// sockaddr (u16 family, u16 port, then the address; 4 zero bytes when there is none); the
// canonical name (\0-terminated, a lone \0 for none). A u32 0 ends the list.
std::vector<u8> SerializeAddrInfo(const std::vector<AddrInfoEntry>& entries);

// What the hints buffer asks for (the first serialized addrinfo in it).
struct AddrInfoHints {
    u32 flags = 0;
    s32 family = 0;
    s32 socktype = 0;
    s32 protocol = 0;
};
// False when `bytes` does not hold a whole serialized addrinfo.
bool ParseAddrInfoHints(std::span<const u8> bytes, AddrInfoHints& hints);

// A program's own sockaddr_in / sockaddr_in6 (BSD layout: u8 length, u8 family, then the
// fields in network byte order); false when it is neither or too short.
bool ParseSocketAddress(std::span<const u8> bytes, SocketEndpoint& endpoint);

}  // namespace services::bsd
