#include "probe_listing.h"

#include <zlib.h>

#include <fmt/format.h>

#include "base/error.h"
#include "shader/sass/form.h"
#include "shader/sass/form_set.h"
#include "shader/sass/instruction.h"

namespace shader::sass::testing {
namespace {

u64 ParseHex(std::string_view text, const std::filesystem::path& path) {
    u64 value = 0;
    for (const char c : text) {
        const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0 || value >> 60 != 0) {
            base::Fail("{}: bad hex number '{}'", path.string(), text);
        }
        value = value << 4 | static_cast<u64>(digit);
    }
    return value;
}

// The word decodes, to nvdisasm's text, once the bits some form of its key does not account for
// are cleared and its fixed fields hold their values: nvdisasm ignores those bits, and our
// decoder insists on them (so that what it accepts survives text and back).
bool IgnoresBits(const ProbeWord& probe) {
    const FormSet& forms = AmpereForms();
    for (const Form* form : forms.Candidates(forms.BucketOf(probe.word))) {
        Word word = probe.word & form->covered;
        for (const Modifier& modifier : form->modifiers) {
            if (modifier.kind == ModifierKind::Fixed) {
                const Field& field = form->fields[static_cast<std::size_t>(modifier.field)];
                word.Set(field.pos, field.width, modifier.value);
            }
        }
        const auto instruction = Decode(word);
        if (instruction && Disassemble(*instruction, {.address = probe.address}) == probe.text) {
            return true;
        }
    }
    return false;
}

}  // namespace

std::vector<ProbeWord> LoadProbeListing(const std::filesystem::path& path) {
    // gzopen reads plain files as they are, so one reader serves both.
    gzFile file = gzopen(path.c_str(), "rb");
    if (file == nullptr) {
        base::Fail("cannot open {}", path.string());
    }
    std::vector<ProbeWord> out;
    std::string line;
    char buffer[4096];
    while (gzgets(file, buffer, sizeof(buffer)) != nullptr) {
        line += buffer;
        if (line.empty() || line.back() != '\n') {
            continue;
        }
        line.pop_back();
        if (!line.empty() && line.front() != '#') {
            const std::size_t tab1 = line.find('\t');
            const std::size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
            if (tab1 != 32 || tab2 == std::string::npos) {
                gzclose(file);
                base::Fail("{}: malformed line '{}'", path.string(), line);
            }
            ProbeWord probe;
            probe.word.hi = ParseHex(std::string_view(line).substr(0, 16), path);
            probe.word.lo = ParseHex(std::string_view(line).substr(16, 16), path);
            probe.address = ParseHex(std::string_view(line).substr(33, tab2 - 33), path);
            probe.text = line.substr(tab2 + 1);
            probe.illegal = probe.text.empty();
            out.push_back(std::move(probe));
        }
        line.clear();
    }
    const bool complete = gzeof(file) != 0 && line.empty();
    gzclose(file);
    if (!complete) {
        base::Fail("{}: cannot read to the end", path.string());
    }
    return out;
}

bool CleanText(const std::string& text) {
    return !text.empty() && text.find('?') == std::string::npos &&
           text.find("INVALID") == std::string::npos;
}

void ProbeTally::Add(const ProbeTally& other) {
    words += other.words;
    illegal += other.illegal;
    clean += other.clean;
    decoded += other.decoded;
    matched += other.matched;
    assembled += other.assembled;
    rejected += other.rejected;
    ignored += other.ignored;
    wrong += other.wrong;
}

ProbeTally CheckProbeWord(const ProbeWord& probe, std::string* problem) {
    ProbeTally tally;
    tally.words = 1;
    tally.illegal = probe.illegal;
    tally.clean = CleanText(probe.text);
    const auto instruction = Decode(probe.word);
    if (!instruction) {
        if (tally.clean) {
            (IgnoresBits(probe) ? tally.ignored : tally.rejected) = 1;
        }
        return tally;
    }
    tally.decoded = 1;
    const std::string hex = fmt::format("{:016x}{:016x}", probe.word.hi, probe.word.lo);
    const std::string ours = Disassemble(*instruction, {.address = probe.address});
    if (ours != probe.text) {
        tally.wrong = 1;
        *problem = probe.illegal
                       ? fmt::format("{}: nvdisasm calls it illegal, we print '{}'", hex, ours)
                       : fmt::format("{}: nvdisasm '{}', we '{}'", hex, probe.text, ours);
        return tally;
    }
    tally.matched = 1;
    const std::string with_control =
        Disassemble(*instruction, {.address = probe.address, .with_control = true});
    try {
        if (Assemble(with_control, probe.address) == probe.word) {
            tally.assembled = 1;
            return tally;
        }
        *problem = fmt::format("{}: '{}' assembles to another word", hex, with_control);
    } catch (const base::Error& error) {
        *problem = fmt::format("{}: '{}' does not assemble: {}", hex, with_control, error.what());
    }
    tally.wrong = 1;
    return tally;
}

std::string ProbeMnemonic(const ProbeWord& probe) {
    std::string_view text = probe.text;
    if (text.starts_with("@")) {
        const std::size_t space = text.find(' ');
        text = space == std::string_view::npos ? "" : text.substr(space + 1);
    }
    text = text.substr(0, text.find_first_of(". ;"));
    return fmt::format("{:04x} {}", OpcodeKey(probe.word), text.empty() ? "-" : text);
}

}  // namespace shader::sass::testing
