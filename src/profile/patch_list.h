#pragma once

// A program's patches: profiles/<title id>/patches.tsv (profiles/nro/<name>/patches.tsv for an
// NRO), one function a line, named by its code fingerprint, and what to put there.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "profile/code_fingerprint.h"

namespace profile {

// What a patch puts at the start of the function its fingerprint names.
enum class PatchAction {
    Return,     // `return VALUE`: returns VALUE in X0 at once
    Branch,     // `branch FINGERPRINT`: jumps to the function that fingerprint names
    FrameStep,  // `frame-step BASE`: returns in S0 how many frames at BASE fps the host's last
                // frame lasted (a game's frame ratio, following the host's frame step)
};

struct CodePatch {
    CodeFingerprint fingerprint;
    PatchAction action = PatchAction::Return;
    u64 return_value = 0;           // Return
    CodeFingerprint branch_target;  // Branch: the replacement, found as the patch is
    u32 frame_step_base = 0;        // FrameStep: the game's base rate, frames a second
    std::string comment;            // what the row says the function is, for the log
    std::string where;              // "patches.tsv:7", for the log
};

class PatchList {
public:
    PatchList() = default;

    // Rows are "<fingerprint>\t<action>\t<argument>", then optionally "\t# comment"; blank lines
    // and lines starting with '#' are skipped. A malformed row or an unknown action throws
    // base::Error naming `source` and the line.
    static PatchList Parse(std::string_view text, const std::string& source);
    static PatchList Load(const std::filesystem::path& file);

    const std::vector<CodePatch>& Patches() const { return patches_; }
    bool Empty() const { return patches_.empty(); }

private:
    std::vector<CodePatch> patches_;
};

}  // namespace profile
