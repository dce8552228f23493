#pragma once

#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "base/types.h"

namespace base {

// Builds a little-endian file image; writes past the end grow it with zeros.
class ByteWriter {
public:
    template <typename T>
    requires std::is_trivially_copyable_v<T>
    void Write(u64 offset, const T& value) {
        WriteBytes(offset, {reinterpret_cast<const u8*>(&value), sizeof(T)});
    }

    void WriteBytes(u64 offset, std::span<const u8> bytes) {
        if (offset + bytes.size() > bytes_.size()) {
            bytes_.resize(offset + bytes.size());
        }
        if (!bytes.empty()) {
            std::memcpy(bytes_.data() + offset, bytes.data(), bytes.size());
        }
    }

    u64 Append(std::span<const u8> bytes) {
        const u64 offset = bytes_.size();
        WriteBytes(offset, bytes);
        return offset;
    }

    void PadTo(u64 size) {
        if (bytes_.size() < size) {
            bytes_.resize(size);
        }
    }

    u64 Size() const { return bytes_.size(); }
    std::vector<u8> Take() { return std::move(bytes_); }
    const std::vector<u8>& Bytes() const { return bytes_; }

private:
    std::vector<u8> bytes_;
};

}  // namespace base
