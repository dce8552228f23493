#pragma once

#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "base/error.h"
#include "base/types.h"

namespace base {

// Bounds-checked little-endian reads from a file image. Every failure names the source file,
// the field being read and its offset, so that a damaged file gets a useful error.
class ByteReader {
public:
    ByteReader(std::span<const u8> data, std::string source)
        : data_(data), source_(std::move(source)) {}

    std::span<const u8> Data() const { return data_; }
    std::size_t Size() const { return data_.size(); }
    const std::string& Source() const { return source_; }

    template <typename T>
    requires std::is_trivially_copyable_v<T> T Read(u64 offset, std::string_view field)
    const {
        Require(offset, sizeof(T), field);
        T value;
        std::memcpy(&value, data_.data() + offset, sizeof(T));
        return value;
    }

    std::span<const u8> Slice(u64 offset, u64 size, std::string_view field) const {
        Require(offset, size, field);
        return data_.subspan(offset, size);
    }

    void Require(u64 offset, u64 size, std::string_view field) const {
        if (offset > data_.size() || size > data_.size() - offset) {
            Fail("{}: {} at offset {:#x} (size {:#x}) is past the end of the file ({:#x} bytes)",
                 source_, field, offset, size, data_.size());
        }
    }

    template <typename... Args>
    [[noreturn]] void Invalid(std::string_view field, u64 offset,
                              fmt::format_string<Args...> format, Args&&... args) const {
        Fail("{}: {} at offset {:#x}: {}", source_, field, offset,
             fmt::format(format, std::forward<Args>(args)...));
    }

private:
    std::span<const u8> data_;
    std::string source_;
};

}  // namespace base
