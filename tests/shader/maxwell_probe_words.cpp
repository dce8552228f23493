#include "maxwell_probe_words.h"

#include <sstream>

#include <fmt/format.h>
#include <zstd.h>

#include "base/error.h"
#include "base/file.h"
#include "shader/maxwell/instruction.h"

namespace shader::maxwell::testing {
namespace {

std::string Contents(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    if (path.extension() != ".zst") {
        return {bytes.begin(), bytes.end()};
    }
    const unsigned long long size = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
        base::Fail("{}: not a zstd frame with its size", path.string());
    }
    std::string text(size, '\0');
    const std::size_t got = ZSTD_decompress(text.data(), text.size(), bytes.data(), bytes.size());
    if (ZSTD_isError(got) || got != size) {
        base::Fail("{}: zstd: {}", path.string(), ZSTD_getErrorName(got));
    }
    return text;
}

std::string Mnemonic(const std::string& text) {
    std::string rest = text;
    if (rest.starts_with("@")) {
        rest = rest.substr(rest.find(' ') + 1);
    }
    return rest.substr(0, rest.find_first_of(". ;"));
}

void Note(std::map<std::string, std::pair<std::size_t, std::string>>& kind, const std::string& key,
          std::string example) {
    auto& entry = kind[key];
    if (entry.first++ == 0) {
        entry.second = std::move(example);
    }
}

}  // namespace

std::vector<ProbeWord> LoadProbeWords(const std::filesystem::path& path) {
    std::istringstream in(Contents(path));
    std::vector<ProbeWord> words;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string bits, control, address;
        ProbeWord word;
        if (!std::getline(fields, bits, '\t') || !std::getline(fields, control, '\t') ||
            !std::getline(fields, address, '\t') || !std::getline(fields, word.text)) {
            base::Fail("{}: malformed line '{}'", path.string(), line);
        }
        word.bits = std::stoull(bits, nullptr, 16);
        word.control = static_cast<u32>(std::stoul(control, nullptr, 16));
        word.address = std::stoull(address, nullptr, 16);
        words.push_back(std::move(word));
    }
    return words;
}

ProbeTally CompareProbeWords(const std::vector<ProbeWord>& words) {
    ProbeTally tally;
    for (const ProbeWord& word : words) {
        ++tally.total;
        const std::string example =
            fmt::format("{:016x} {:06x} {}", word.bits, word.control, word.text);
        const auto decoded = Decode(word.bits, word.control);
        if (!decoded) {
            Note(tally.rejected, Mnemonic(word.text), example);
            continue;
        }
        ++tally.decoded;
        const std::string ours = Disassemble(*decoded, {.address = word.address});
        if (ours != word.text) {
            Note(tally.mismatched, Mnemonic(word.text), example + "  ours: " + ours);
            continue;
        }
        ++tally.matched;
        const std::string with_control =
            Disassemble(*decoded, {.address = word.address, .with_control = true});
        try {
            const Assembled again = Assemble(with_control, word.address);
            if (again.instruction == word.bits && again.control == word.control) {
                ++tally.assembled;
            } else {
                Note(tally.mismatched, Mnemonic(word.text) + " (assembly)", example);
            }
        } catch (const std::exception& error) {
            Note(tally.mismatched, Mnemonic(word.text) + " (assembly)", error.what());
        }
    }
    return tally;
}

std::string FormatTally(const ProbeTally& tally, std::size_t examples) {
    std::string text = fmt::format(
        "{} words nvdisasm lists: {} decode, {} match its text, {} assemble back; {} rejected\n",
        tally.total, tally.decoded, tally.matched, tally.assembled, tally.total - tally.decoded);
    for (const auto* kind : {&tally.mismatched, &tally.rejected}) {
        text += kind == &tally.mismatched ? "disagreeing:\n" : "rejected:\n";
        std::size_t shown = 0;
        for (const auto& [name, entry] : *kind) {
            if (shown++ < examples) {
                text += fmt::format("  {:10} {:7}  {}\n", name, entry.first, entry.second);
            }
        }
    }
    return text;
}

}  // namespace shader::maxwell::testing
