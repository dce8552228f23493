#include "services/bsd/resolver_serialization.h"

#include <algorithm>
#include <cstring>

#include "services/bsd/resolver_numbering.h"

namespace services::bsd {
namespace {

constexpr u32 kAddrInfoMagic = 0xBEEFCAFE;
constexpr std::size_t kAddrInfoHeaderSize = 6 * 4;
constexpr u32 kSockAddrInSize = 16;
constexpr u32 kSockAddrIn6Size = 28;

class Writer {
public:
    void U16Big(u16 value) { Bytes({static_cast<u8>(value >> 8), static_cast<u8>(value)}); }
    void U16Little(u16 value) { Bytes({static_cast<u8>(value), static_cast<u8>(value >> 8)}); }
    void U32Big(u32 value) {
        Bytes({static_cast<u8>(value >> 24), static_cast<u8>(value >> 16),
               static_cast<u8>(value >> 8), static_cast<u8>(value)});
    }
    void U32Little(u32 value) {
        Bytes({static_cast<u8>(value), static_cast<u8>(value >> 8), static_cast<u8>(value >> 16),
               static_cast<u8>(value >> 24)});
    }
    void String(const std::string& text) {
        bytes_.insert(bytes_.end(), text.begin(), text.end());
        bytes_.push_back(0);
    }
    void Bytes(std::initializer_list<u8> values) {
        bytes_.insert(bytes_.end(), values.begin(), values.end());
    }
    void Bytes(std::span<const u8> values) {
        bytes_.insert(bytes_.end(), values.begin(), values.end());
    }
    void Zeros(std::size_t count) { bytes_.insert(bytes_.end(), count, 0); }
    std::vector<u8> Take() { return std::move(bytes_); }

private:
    std::vector<u8> bytes_;
};

u32 ReadU32Big(std::span<const u8> bytes, std::size_t at) {
    return static_cast<u32>(bytes[at]) << 24 | static_cast<u32>(bytes[at + 1]) << 16 |
           static_cast<u32>(bytes[at + 2]) << 8 | bytes[at + 3];
}

void WriteSocketAddress(Writer& out, const SocketEndpoint& endpoint) {
    const std::span<const u8> address(endpoint.address.bytes.data(), endpoint.address.Size());
    out.U16Big(static_cast<u16>(endpoint.address.ipv6 ? console::kAfInet6 : console::kAfInet));
    out.U16Little(endpoint.port);  // network order, swapped again
    if (!endpoint.address.ipv6) {
        std::array<u8, 4> swapped;
        std::reverse_copy(address.begin(), address.end(), swapped.begin());
        out.Bytes(swapped);
        out.Zeros(8);  // sin_zero
        return;
    }
    out.U32Little(endpoint.flow_info);  // network order, swapped again
    out.Bytes(address);
    out.U32Big(endpoint.scope_id);
}

}  // namespace

std::vector<u8> SerializeHostEntry(const HostEntry& entry) {
    Writer out;
    out.String(entry.name);
    out.U32Big(static_cast<u32>(entry.aliases.size()));
    for (const std::string& alias : entry.aliases) {
        out.String(alias);
    }
    out.U16Big(static_cast<u16>(console::kAfInet));
    out.U16Big(4);
    out.U32Big(static_cast<u32>(entry.addresses.size()));
    for (const std::array<u8, 4>& address : entry.addresses) {
        out.Bytes({address[3], address[2], address[1], address[0]});
    }
    return out.Take();
}

std::vector<u8> SerializeAddrInfo(const std::vector<AddrInfoEntry>& entries) {
    Writer out;
    for (const AddrInfoEntry& entry : entries) {
        out.U32Big(kAddrInfoMagic);
        out.U32Big(entry.flags);
        out.U32Big(static_cast<u32>(entry.family));
        out.U32Big(static_cast<u32>(entry.socktype));
        out.U32Big(static_cast<u32>(entry.protocol));
        if (entry.endpoint) {
            out.U32Big(entry.endpoint->address.ipv6 ? kSockAddrIn6Size : kSockAddrInSize);
            WriteSocketAddress(out, *entry.endpoint);
        } else {
            out.U32Big(0);
            out.U32Big(0);  // the placeholder of an absent address
        }
        out.String(entry.canonical_name);
    }
    out.U32Big(0);
    return out.Take();
}

bool ParseAddrInfoHints(std::span<const u8> bytes, AddrInfoHints& hints) {
    if (bytes.size() < kAddrInfoHeaderSize || ReadU32Big(bytes, 0) != kAddrInfoMagic) {
        return false;
    }
    const u32 address_size = ReadU32Big(bytes, 20);
    const std::size_t name_at = kAddrInfoHeaderSize + (address_size == 0 ? 4 : address_size);
    // The canonical name must end inside the buffer; an address size past it fails here too.
    if (name_at >= bytes.size() ||
        std::find(bytes.begin() + name_at, bytes.end(), u8{0}) == bytes.end()) {
        return false;
    }
    hints.flags = ReadU32Big(bytes, 4);
    hints.family = static_cast<s32>(ReadU32Big(bytes, 8));
    hints.socktype = static_cast<s32>(ReadU32Big(bytes, 12));
    hints.protocol = static_cast<s32>(ReadU32Big(bytes, 16));
    return true;
}

bool ParseSocketAddress(std::span<const u8> bytes, SocketEndpoint& endpoint) {
    if (bytes.size() < 2) {
        return false;
    }
    const s32 family = bytes[1];
    const std::size_t needed = family == console::kAfInet    ? kSockAddrInSize
                               : family == console::kAfInet6 ? kSockAddrIn6Size
                                                             : 0;
    if (needed == 0 || bytes.size() < needed) {
        return false;
    }
    SocketEndpoint parsed;
    parsed.port = static_cast<u16>(bytes[2] << 8 | bytes[3]);
    parsed.address.ipv6 = family == console::kAfInet6;
    if (!parsed.address.ipv6) {
        std::memcpy(parsed.address.bytes.data(), bytes.data() + 4, 4);
    } else {
        parsed.flow_info = ReadU32Big(bytes, 4);
        std::memcpy(parsed.address.bytes.data(), bytes.data() + 8, 16);
        std::memcpy(&parsed.scope_id, bytes.data() + 24, 4);  // host order, as the program set it
    }
    endpoint = parsed;
    return true;
}

}  // namespace services::bsd
