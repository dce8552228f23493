#pragma once

#include <string>

#include <gtest/gtest.h>

#include <vector>
#include "base/error.h"
#include "support/error_of.h"

#include "formats/module_image.h"

namespace formats::testing {

// A module with distinct bytes in every segment, a MOD0 header at text+0x80 (found through the
// offset at text+4) and text bytes 0x8..0x80 zero, where an NRO writer puts its header.
ModuleImage SampleModule();

// A small AArch64 ELF (ET_DYN): three PT_LOAD segments, text, ro and data with bss, and their
// bytes right after the program headers.
std::vector<u8> SampleElf();

using test_support::ErrorOf;

// EXPECT_TRUE(Contains(message, "part")) prints the whole message when the part is missing.
inline ::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << "\"" << part << "\" not in: " << text;
}

}  // namespace formats::testing
