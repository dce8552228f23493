// Developer tool: compares our decoder, printer and assembler with nvdisasm on probe listings
// (tests/shader/probe/README.md). Usage:
//   nx_shader_probe_check DIR [KEY]      nvdisasm -hex listings (*.txt) in DIR
//   nx_shader_probe_check FILE [KEY]     one compact listing (walk_opcodes.py, run_sample.py)
// Prints, per opcode key and nvdisasm mnemonic, a tab-separated line: key and mnemonic, words,
// illegal, clean, decoded, matched, assembled, rejected, ignored, wrong (probe_listing.h); then up
// to three problems and three words no form explains.
#include <cstdio>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "base/error.h"
#include "fixtures.h"
#include "probe_listing.h"
#include "shader/sass/instruction.h"

namespace {

using namespace shader::sass;
using namespace shader::sass::testing;

std::vector<ProbeWord> Load(const std::filesystem::path& path) {
    if (!std::filesystem::is_directory(path)) {
        return LoadProbeListing(path);
    }
    std::vector<ProbeWord> out;
    for (const auto& entry : std::filesystem::directory_iterator(path)) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        for (const auto& inst : LoadHexListing(entry.path(), "probe")) {
            out.push_back({.word = inst.word, .address = inst.address, .text = inst.text});
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s DIR|FILE [KEY]\n", argv[0]);
        return 2;
    }
    const std::string only = argc > 2 ? argv[2] : "";
    struct Entry {
        ProbeTally tally;
        std::vector<std::string> problems;
        std::vector<std::string> unexplained;
    };
    std::map<std::string, Entry> entries;
    ProbeTally all;
    try {
        for (const ProbeWord& probe : Load(argv[1])) {
            const std::string name = ProbeMnemonic(probe);
            if (!only.empty() && !name.starts_with(only + " ")) {
                continue;
            }
            std::string problem;
            const ProbeTally tally = CheckProbeWord(probe, &problem);
            Entry& entry = entries[name];
            entry.tally.Add(tally);
            all.Add(tally);
            if (tally.wrong && entry.problems.size() < 3) {
                entry.problems.push_back(problem);
            } else if (tally.rejected && entry.unexplained.size() < 3) {
                entry.unexplained.push_back(fmt::format("no form: {:016x}{:016x} {}", probe.word.hi,
                                                        probe.word.lo, probe.text));
            }
        }
    } catch (const base::Error& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
    const auto print = [](const std::string& name, const ProbeTally& t) {
        std::printf("%s\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\n", name.c_str(), t.words,
                    t.illegal, t.clean, t.decoded, t.matched, t.assembled, t.rejected, t.ignored,
                    t.wrong);
    };
    for (const auto& [name, entry] : entries) {
        print(name, entry.tally);
        for (const auto& problem : entry.problems) {
            std::printf("    %s\n", problem.c_str());
        }
        for (const auto& example : entry.unexplained) {
            std::printf("    %s\n", example.c_str());
        }
    }
    print("all", all);
    return 0;
}
