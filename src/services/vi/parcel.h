#pragma once

// Android's binder parcels as vi's relay carries them: a 16-byte header (payload size and
// offset, objects size and offset), then 4-byte aligned values, strings as UTF-16 with their
// length, flattened objects as a length, a descriptor count and the bytes (libnx
// display/parcel.c; AOSP libbinder Parcel).

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace services::vi {

class ParcelReader {
public:
    // Nullopt when the header points outside `bytes`.
    static std::optional<ParcelReader> Parse(std::span<const u8> bytes);

    // Each read fails (nullopt) past the payload's end, which a hostile parcel reaches.
    std::optional<u32> ReadU32();
    std::optional<s32> ReadS32() {
        const auto value = ReadU32();
        return value ? std::optional<s32>(static_cast<s32>(*value)) : std::nullopt;
    }
    std::optional<u64> ReadU64();
    // The interface token: s32 strict-mode policy, then the UTF-16 name.
    std::optional<std::u16string> ReadInterfaceToken();
    // A flattened object's bytes (length, descriptor count, data).
    std::optional<std::vector<u8>> ReadFlattened();
    std::size_t Remaining() const { return payload_.size() - position_; }

private:
    explicit ParcelReader(std::vector<u8> payload) : payload_(std::move(payload)) {}
    std::optional<std::span<const u8>> Take(std::size_t size);

    std::vector<u8> payload_;
    std::size_t position_ = 0;
};

class ParcelWriter {
public:
    void WriteU32(u32 value);
    void WriteS32(s32 value) { WriteU32(static_cast<u32>(value)); }
    void WriteU64(u64 value);
    void WriteBytes(std::span<const u8> bytes);  // padded to 4 bytes
    void WriteFlattened(std::span<const u8> bytes);
    void WriteInterfaceToken(std::u16string_view name);

    // The header and the payload, as the guest reads a reply.
    std::vector<u8> Serialize() const;

private:
    std::vector<u8> payload_;
};

}  // namespace services::vi
