#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/sass/word.h"

namespace shader::sass::testing {

// One word of a compact probe listing (tests/shader/probe/nvdisasm_words.py): the word, the
// address nvdisasm listed it at and its text; `illegal` when nvdisasm refused the word.
struct ProbeWord {
    Word word;
    u64 address = 0;
    std::string text;
    bool illegal = false;
};

// Reads a listing, plain or gzip-compressed (.gz). Throws base::Error when it cannot be read or a
// line is malformed.
std::vector<ProbeWord> LoadProbeListing(const std::filesystem::path& path);

// nvdisasm's text names a real encoding: no ???N placeholder, INVALIDn enum value or CUDA 11.8
// '?PMn' mark of bits [102:104).
bool CleanText(const std::string& text);

// How a set of listed words compares with our decoder, printer and assembler.
struct ProbeTally {
    std::size_t words = 0;      // listed
    std::size_t illegal = 0;    // nvdisasm refused them
    std::size_t clean = 0;      // nvdisasm printed a clean text
    std::size_t decoded = 0;    // we decode (of any listed word)
    std::size_t matched = 0;    // ... to nvdisasm's text
    std::size_t assembled = 0;  // ... and assemble back to the same word
    std::size_t rejected = 0;   // clean for nvdisasm, not decoded by us: no form for it
    std::size_t ignored = 0;    // clean, not decoded by us only because it sets bits nvdisasm
                                // ignores (decoded without them, it prints nvdisasm's text)
    std::size_t wrong = 0;      // we decode it, but print other text or do not assemble it back

    void Add(const ProbeTally& other);
};

// Compares one word; when it is `wrong`, `problem` says how.
ProbeTally CheckProbeWord(const ProbeWord& probe, std::string* problem);

// The opcode key as the tables key it, with nvdisasm's mnemonic (the text's first word without
// its guard and modifiers) when it has one.
std::string ProbeMnemonic(const ProbeWord& probe);

}  // namespace shader::sass::testing
