#pragma once

// One save (a title's data for one user) kept in a host folder with commit semantics: the
// guest works on `working/`; Commit copies it to a new `committed-N/` (every file and folder
// fsynced), then atomically replaces the symbolic link `current` with one to it. The committed
// copy is never modified in place, so a crash or kill at any point leaves `current` naming a
// whole committed version. Opening a save discards uncommitted work: `working/` starts again
// from `current`.
//
//     saves/<title id>/<user id>/current -> committed-7
//                                committed-7/...
//                                working/...

#include <filesystem>
#include <mutex>

#include "base/result.h"
#include "base/types.h"

namespace services::fs {

class SaveDataStore {
public:
    // Creates the folder if needed, removes what an interrupted commit left and resets the
    // working copy; throws base::Error when the host refuses.
    explicit SaveDataStore(std::filesystem::path folder);

    const std::filesystem::path& Working() const { return working_; }
    base::Result Commit();

private:
    std::filesystem::path folder_;
    std::filesystem::path working_;
    u64 version_ = 0;  // the committed-N that `current` names; 0: none yet
    std::mutex mutex_;
};

}  // namespace services::fs
