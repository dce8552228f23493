#pragma once

#include <string>

#include <fmt/format.h>

#include "base/types.h"

namespace base {

// A Horizon result code: module in bits [0, 9), description in bits [9, 22).
// Printed as the console does, "2MMM-DDDD" with the module offset by 2000.
class Result {
public:
    constexpr Result() = default;
    constexpr explicit Result(u32 raw) : raw_(raw) {}
    constexpr Result(u32 module, u32 description) : raw_((module & 0x1ff) | (description << 9)) {}

    constexpr u32 Raw() const { return raw_; }
    constexpr u32 Module() const { return raw_ & 0x1ff; }
    constexpr u32 Description() const { return (raw_ >> 9) & 0x1fff; }
    constexpr bool IsSuccess() const { return raw_ == 0; }
    constexpr bool IsFailure() const { return raw_ != 0; }
    constexpr bool operator==(const Result&) const = default;

    std::string ToString() const {
        return fmt::format("{:04}-{:04} ({:#x})", 2000 + Module(), Description(), raw_);
    }

private:
    u32 raw_ = 0;
};

inline constexpr Result ResultSuccess{};

}  // namespace base
