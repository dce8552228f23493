#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "base/types.h"

namespace shader::maxwell::testing {

// One line of a probe listing (maxwell_probe/README.md): an instruction word, its control
// field, its address and nvdisasm's text of it.
struct ProbeWord {
    u64 bits = 0;
    u32 control = 0;
    u64 address = 0;
    std::string text;
};

// Reads a listing, plain or zstd-compressed (.zst). Throws base::Error on a malformed line.
std::vector<ProbeWord> LoadProbeWords(const std::filesystem::path& path);

struct ProbeTally {
    std::size_t total = 0;
    std::size_t decoded = 0;    // by nxhost
    std::size_t matched = 0;    // decoded and printed as nvdisasm prints it
    std::size_t assembled = 0;  // and assembled back to the same bits and control
    // By nvdisasm's mnemonic: count and first example of each kind of disagreement.
    std::map<std::string, std::pair<std::size_t, std::string>> rejected, mismatched;
};

ProbeTally CompareProbeWords(const std::vector<ProbeWord>& words);
std::string FormatTally(const ProbeTally& tally, std::size_t examples);

}  // namespace shader::maxwell::testing
