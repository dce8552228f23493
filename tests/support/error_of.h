#pragma once

// For the tests of every folder (nx_add_test puts tests/ on the include path).
#include <string>

#include "base/error.h"

namespace test_support {

// Runs `call` and returns the message of the base::Error it throws, or "(no error)".
template <typename Call>
std::string ErrorOf(Call&& call) {
    try {
        call();
    } catch (const base::Error& error) {
        return error.what();
    }
    return "(no error)";
}

}  // namespace test_support
