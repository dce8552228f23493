#pragma once

// Where the per-game profiles live, and the profile of one title.

#include <filesystem>
#include <optional>

#include "base/types.h"
#include "profile/game_profile.h"

namespace profile {

// The profiles folder, first found of: `option` (the --profiles flag), $NXHOST_PROFILES, the
// repository's profiles/ found upwards from the nxhost binary, $XDG_DATA_HOME/nxhost/profiles
// (~/.local/share when XDG_DATA_HOME is unset). An explicit folder (flag or variable) that does
// not exist is an error; nullopt when none of the others exists.
std::optional<std::filesystem::path> FindProfilesDirectory(
    const std::optional<std::filesystem::path>& option);

// profiles/<title id>/game.tsv, the title id as 16 upper-case hexadecimal digits.
std::filesystem::path ProfileFile(const std::filesystem::path& profiles, u64 title_id);

// The title's profile, or an empty one (every default) when there is no folder, no title id
// (an NRO) or no file for the title. A file that exists but is malformed throws base::Error.
GameProfile LoadGameProfile(const std::optional<std::filesystem::path>& profiles,
                            std::optional<u64> title_id);

}  // namespace profile
