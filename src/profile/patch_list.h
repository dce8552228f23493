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

struct CodePatch {
    CodeFingerprint fingerprint;
    // The only action so far: `return VALUE`, the function returns VALUE in X0 at once.
    u64 return_value = 0;
    std::string comment;  // what the row says the function is, for the log
    std::string where;    // "patches.tsv:7", for the log
};

class PatchList {
public:
    PatchList() = default;

    // Rows are "<fingerprint>\t<action>\t<argument>", then optionally "\t# comment"; blank lines
    // and lines starting with '#' are skipped. A malformed row, an unknown action or an action
    // not placed yet (`branch`, `frame-step`) throws base::Error naming `source` and the line.
    static PatchList Parse(std::string_view text, const std::string& source);
    static PatchList Load(const std::filesystem::path& file);

    const std::vector<CodePatch>& Patches() const { return patches_; }
    bool Empty() const { return patches_.empty(); }

private:
    std::vector<CodePatch> patches_;
};

}  // namespace profile
