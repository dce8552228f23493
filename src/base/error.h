#pragma once

#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace base {

// A host-side failure (bad file, missing key, I/O error) with a message meant for the user.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

template <typename... Args>
[[noreturn]] void Fail(fmt::format_string<Args...> format, Args&&... args) {
    throw Error(fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace base
