// Developer tool (maxwell_probe/README.md): compares a probe listing with nxhost's decoder.
// Usage: nx_maxwell_probe_check LISTING [EXAMPLES]
#include <cstdio>
#include <string>

#include "maxwell_probe_words.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s LISTING[.zst] [EXAMPLES]\n", argv[0]);
        return 2;
    }
    try {
        const auto tally = shader::maxwell::testing::CompareProbeWords(
            shader::maxwell::testing::LoadProbeWords(argv[1]));
        const std::size_t examples = argc > 2 ? std::stoul(argv[2]) : 1000;
        std::fputs(shader::maxwell::testing::FormatTally(tally, examples).c_str(), stdout);
        return tally.matched == tally.decoded ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 2;
    }
}
