#include "services/vi/parcel.h"

#include <cstring>

namespace services::vi {
namespace {

constexpr std::size_t kHeaderSize = 16;

u32 ReadWord(std::span<const u8> bytes, std::size_t at) {
    u32 value = 0;
    std::memcpy(&value, bytes.data() + at, sizeof(value));
    return value;
}

std::size_t Align4(std::size_t size) {
    return (size + 3) & ~std::size_t{3};
}

}  // namespace

std::optional<ParcelReader> ParcelReader::Parse(std::span<const u8> bytes) {
    if (bytes.size() < kHeaderSize) {
        return std::nullopt;
    }
    const u64 payload_size = ReadWord(bytes, 0);
    const u64 payload_offset = ReadWord(bytes, 4);
    if (payload_offset > bytes.size() || payload_size > bytes.size() - payload_offset) {
        return std::nullopt;
    }
    return ParcelReader(
        std::vector<u8>(bytes.begin() + static_cast<long>(payload_offset),
                        bytes.begin() + static_cast<long>(payload_offset + payload_size)));
}

std::optional<std::span<const u8>> ParcelReader::Take(std::size_t size) {
    const std::size_t aligned = Align4(size);
    if (aligned > payload_.size() - position_) {
        return std::nullopt;
    }
    const std::span<const u8> taken(payload_.data() + position_, size);
    position_ += aligned;
    return taken;
}

std::optional<u32> ParcelReader::ReadU32() {
    const auto bytes = Take(4);
    if (!bytes) {
        return std::nullopt;
    }
    return ReadWord(*bytes, 0);
}

std::optional<u64> ParcelReader::ReadU64() {
    const auto bytes = Take(8);
    if (!bytes) {
        return std::nullopt;
    }
    u64 value = 0;
    std::memcpy(&value, bytes->data(), sizeof(value));
    return value;
}

std::optional<std::u16string> ParcelReader::ReadInterfaceToken() {
    const auto policy = ReadU32();
    const auto length = ReadU32();
    if (!policy || !length || *length > payload_.size()) {
        return std::nullopt;
    }
    const auto bytes = Take((std::size_t{*length} + 1) * 2);
    if (!bytes) {
        return std::nullopt;
    }
    std::u16string name(*length, u'\0');
    std::memcpy(name.data(), bytes->data(), name.size() * 2);
    return name;
}

std::optional<std::vector<u8>> ParcelReader::ReadFlattened() {
    const auto length = ReadU32();
    const auto descriptors = ReadU32();
    if (!length || !descriptors) {
        return std::nullopt;
    }
    const auto bytes = Take(*length);
    if (!bytes) {
        return std::nullopt;
    }
    return std::vector<u8>(bytes->begin(), bytes->end());
}

void ParcelWriter::WriteU32(u32 value) {
    const auto* bytes = reinterpret_cast<const u8*>(&value);
    payload_.insert(payload_.end(), bytes, bytes + sizeof(value));
}

void ParcelWriter::WriteU64(u64 value) {
    const auto* bytes = reinterpret_cast<const u8*>(&value);
    payload_.insert(payload_.end(), bytes, bytes + sizeof(value));
}

void ParcelWriter::WriteBytes(std::span<const u8> bytes) {
    payload_.insert(payload_.end(), bytes.begin(), bytes.end());
    payload_.resize(Align4(payload_.size()), 0);
}

void ParcelWriter::WriteFlattened(std::span<const u8> bytes) {
    WriteU32(static_cast<u32>(bytes.size()));
    WriteU32(0);  // no file descriptors
    WriteBytes(bytes);
}

void ParcelWriter::WriteInterfaceToken(std::u16string_view name) {
    WriteU32(0x100);  // strict-mode policy
    WriteU32(static_cast<u32>(name.size()));
    std::vector<u8> text((name.size() + 1) * 2, 0);
    std::memcpy(text.data(), name.data(), name.size() * 2);
    WriteBytes(text);
}

std::vector<u8> ParcelWriter::Serialize() const {
    std::vector<u8> out(kHeaderSize + payload_.size(), 0);
    const u32 header[4] = {static_cast<u32>(payload_.size()), kHeaderSize, 0,
                           static_cast<u32>(kHeaderSize + payload_.size())};
    std::memcpy(out.data(), header, sizeof(header));
    std::memcpy(out.data() + kHeaderSize, payload_.data(), payload_.size());
    return out;
}

}  // namespace services::vi
