#include "profile/patch_list.h"

#include <string>

#include "base/error.h"
#include "base/file.h"
#include "base/tsv.h"
#include "profile/game_profile.h"

namespace profile {
namespace {

constexpr u64 kMaxFrameStepBase = 1000;

std::string_view Trimmed(std::string_view text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    return text;
}

CodePatch ParseRow(std::string_view line, const std::string& where) {
    std::vector<std::string_view> fields = base::SplitTabs(line);
    std::string comment;
    if (fields.size() > 3) {
        const std::string_view last = Trimmed(fields[3]);
        if (fields.size() > 4 || !last.starts_with('#')) {
            base::Fail("{}: a row is <fingerprint> <action> <argument>, then a '# comment'", where);
        }
        comment = Trimmed(last.substr(1));
        fields.resize(3);
    }
    if (fields.size() < 2) {
        base::Fail("{}: a row is <fingerprint> <action> <argument>, tab-separated", where);
    }
    CodePatch patch;
    const auto fingerprint = CodeFingerprint::Parse(Trimmed(fields[0]));
    if (!fingerprint) {
        base::Fail(
            "{}: \"{}\" is not a fingerprint (fp1:<words>:<8 hex>:<16 hex>, as `nxhost "
            "fingerprint` prints it)",
            where, Trimmed(fields[0]));
    }
    patch.fingerprint = *fingerprint;
    const std::string_view action_name = Trimmed(fields[1]);
    const std::string_view argument = fields.size() > 2 ? Trimmed(fields[2]) : "";
    if (action_name == "return") {
        patch.action = PatchAction::Return;
        // A negative value is its two's complement, as X0 holds it.
        const bool negative = argument.starts_with('-');
        const auto value = ParseSize(negative ? argument.substr(1) : argument);
        if (!value) {
            base::Fail("{}: return takes a value (decimal, -decimal or 0x...), not \"{}\"", where,
                       argument);
        }
        patch.return_value = negative ? ~*value + 1 : *value;
    } else if (action_name == "branch") {
        patch.action = PatchAction::Branch;
        const auto target = CodeFingerprint::Parse(argument);
        if (!target) {
            base::Fail("{}: branch takes the fingerprint of the replacement function, not \"{}\"",
                       where, argument);
        }
        patch.branch_target = *target;
    } else if (action_name == "frame-step") {
        patch.action = PatchAction::FrameStep;
        const auto base_rate = ParseSize(argument);
        if (!base_rate || *base_rate == 0 || *base_rate > kMaxFrameStepBase) {
            base::Fail(
                "{}: frame-step takes the game's base rate, 1 to {} frames a second, not "
                "\"{}\"",
                where, kMaxFrameStepBase, argument);
        }
        patch.frame_step_base = static_cast<u32>(*base_rate);
    } else {
        base::Fail(
            "{}: unknown action \"{}\" (return VALUE, branch FINGERPRINT or frame-step BASE)",
            where, action_name);
    }
    patch.comment = std::move(comment);
    patch.where = where;
    return patch;
}

}  // namespace

PatchList PatchList::Parse(std::string_view text, const std::string& source) {
    PatchList list;
    unsigned line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = Trimmed(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++line_number;
        if (line.empty() || line.starts_with('#')) {
            continue;
        }
        list.patches_.push_back(ParseRow(line, source + ":" + std::to_string(line_number)));
    }
    return list;
}

PatchList PatchList::Load(const std::filesystem::path& file) {
    const std::vector<u8> bytes = base::ReadFile(file);
    return Parse(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                 file.string());
}

}  // namespace profile
