// Developer tool: compares our disassembly with nvdisasm's on the probe listings of
// tests/shader/probe (nvdisasm -b SM86 -hex of make_probes.py's blobs, made on the device
// machine). Usage: nx_shader_probe_check DIR [KEY]. Prints, per opcode key, how many probe words
// decode and how many of those match, with the first mismatches.
#include <cstdio>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "fixtures.h"
#include "shader/sass/instruction.h"

int main(int argc, char** argv) {
    using namespace shader::sass;
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DIR [KEY]\n", argv[0]);
        return 2;
    }
    const std::string only = argc > 2 ? argv[2] : "";
    struct Tally {
        std::size_t total = 0, decoded = 0, matched = 0;
        std::vector<std::string> examples;
    };
    std::map<std::string, Tally> tallies;
    Tally all;
    for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        for (const auto& inst : testing::LoadHexListing(entry.path(), "probe")) {
            const std::string key = fmt::format("{:04x}", OpcodeKey(inst.word));
            if (!only.empty() && key != only) {
                continue;
            }
            Tally& tally = tallies[key];
            ++tally.total;
            ++all.total;
            const auto decoded = Decode(inst.word);
            if (!decoded) {
                continue;
            }
            ++tally.decoded;
            ++all.decoded;
            const std::string text = Disassemble(*decoded, {.address = inst.address});
            if (text == inst.text) {
                ++tally.matched;
                ++all.matched;
            } else if (tally.examples.size() < 3) {
                tally.examples.push_back(fmt::format("want '{}' got '{}' {:016x}{:016x}", inst.text,
                                                     text, inst.word.hi, inst.word.lo));
            }
        }
    }
    for (const auto& [key, tally] : tallies) {
        std::printf("%s: %zu words, %zu decode, %zu match\n", key.c_str(), tally.total,
                    tally.decoded, tally.matched);
        for (const auto& example : tally.examples) {
            std::printf("    %s\n", example.c_str());
        }
    }
    std::printf("all: %zu words, %zu decode, %zu match nvdisasm\n", all.total, all.decoded,
                all.matched);
    return 0;
}
