#pragma once

// Maxwell code assembled from nvdisasm's text for the host-GPU tests (the draw and compute
// tests' programs).

#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "shader/maxwell/instruction.h"

namespace gpu_test {

// Maxwell code of `lines`: each three instructions after their control word (all-zero
// scheduling: nothing waits, which a translation ignores), then a bundle with the self-branch
// that ends a program.
inline std::vector<u8> MaxwellCode(std::vector<std::string> lines) {
    while (lines.size() % 3 != 0) {
        lines.push_back("NOP ;");
    }
    std::vector<u64> words;
    const auto bundle = [&](const std::vector<std::string>& three, u64 first_address) {
        words.push_back(0);
        for (std::size_t i = 0; i < 3; ++i) {
            words.push_back(shader::maxwell::Assemble(three[i], first_address + 8 * i).instruction);
        }
    };
    for (std::size_t i = 0; i < lines.size(); i += 3) {
        bundle({lines[i], lines[i + 1], lines[i + 2]}, 32 * (i / 3) + 8);
    }
    const u64 end = 32 * (lines.size() / 3) + 8;
    bundle({fmt::format("BRA {:#x} ;", end), "NOP ;", "NOP ;"}, end);
    std::vector<u8> bytes(words.size() * 8);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

}  // namespace gpu_test
