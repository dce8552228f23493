// Developer tool: compares our decoder, printer and assembler with nvdisasm on probe listings
// (tests/shader/probe/README.md). Usage:
//   nx_shader_probe_check DIR [KEY]      nvdisasm -hex listings (*.txt) in DIR
//   nx_shader_probe_check FILE [KEY]     one compact listing (walk_opcodes.py, run_sample.py)
//   nx_shader_probe_check --bases FILE   the forms and base words find_ignored_bits.py flips
//   nx_shader_probe_check --wrong FILE...  the forms and the ignored bits of wrong words in FILEs
// Prints, per opcode key and nvdisasm mnemonic, a tab-separated line: key and mnemonic, words,
// illegal, clean, decoded, matched, assembled, rejected, ignored, wrong (probe_listing.h); then up
// to three problems and three words no form explains.
#include <cstdio>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "base/error.h"
#include "fixtures.h"
#include "form_bases.h"
#include "probe_listing.h"
#include "shader/sass/form_set.h"
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
    if (std::string_view(argv[1]) == "--bases" && argc == 3) {
        std::vector<ListedWord> words;
        for (const ProbeWord& probe : LoadProbeListing(argv[2])) {
            if (CleanText(probe.text)) {
                words.push_back({probe.word, probe.address, probe.text});
            }
        }
        PrintFormBases(AmpereForms(), words);
        return 0;
    }
    if (std::string_view(argv[1]) == "--wrong") {
        PrintForms(AmpereForms());
        for (int i = 2; i < argc; ++i) {
            for (const ProbeWord& probe : LoadProbeListing(argv[i])) {
                std::string problem;
                if (CheckProbeWord(probe, &problem).wrong) {
                    PrintWrongIgnored(AmpereForms(), probe.word);
                }
            }
        }
        return 0;
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
