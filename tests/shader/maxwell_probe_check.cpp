// Developer tool (maxwell_probe/README.md): compares a probe listing with nxhost's decoder.
// Usage: nx_maxwell_probe_check LISTING [EXAMPLES]
//        nx_maxwell_probe_check --bases LISTING      forms and base words for find_ignored_bits.py
//        nx_maxwell_probe_check --wrong LISTING...   forms and ignored bits of wrong words
#include <cstdio>
#include <string>

#include "form_bases.h"
#include "maxwell_probe_words.h"
#include "shader/maxwell/instruction.h"

namespace {

using namespace shader::maxwell;

// Decoded only through ignored bits, and printed or assembled otherwise than nvdisasm.
bool WrongThroughIgnoredBits(const testing::ProbeWord& word) {
    const auto decoded = Decode(word.bits, word.control);
    if (!decoded || decoded->control.ignored.IsZero()) {
        return false;
    }
    if (Disassemble(*decoded, {.address = word.address}) != word.text) {
        return true;
    }
    try {
        const Assembled again = Assemble(
            Disassemble(*decoded, {.address = word.address, .with_control = true}), word.address);
        return again.instruction != word.bits || again.control != word.control;
    } catch (const std::exception&) {
        return true;
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s LISTING[.zst] [EXAMPLES]\n", argv[0]);
        return 2;
    }
    try {
        const std::string mode = argv[1];
        if (mode == "--bases" && argc == 3) {
            std::vector<shader::sass::testing::ListedWord> words;
            for (const auto& word : testing::LoadProbeWords(argv[2])) {
                words.push_back({MakeWord(word.bits, word.control), word.address, word.text});
            }
            shader::sass::testing::PrintFormBases(Forms(), words);
            return 0;
        }
        if (mode == "--wrong") {
            shader::sass::testing::PrintForms(Forms());
            for (int i = 2; i < argc; ++i) {
                for (const auto& word : testing::LoadProbeWords(argv[i])) {
                    if (WrongThroughIgnoredBits(word)) {
                        shader::sass::testing::PrintWrongIgnored(Forms(),
                                                                 MakeWord(word.bits, word.control));
                    }
                }
            }
            return 0;
        }
        const auto tally = testing::CompareProbeWords(testing::LoadProbeWords(argv[1]));
        const std::size_t examples = argc > 2 ? std::stoul(argv[2]) : 1000;
        std::fputs(testing::FormatTally(tally, examples).c_str(), stdout);
        return tally.matched == tally.decoded ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 2;
    }
}
