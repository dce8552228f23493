#pragma once

// Where the per-game profiles live, and the profile of one title.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "base/types.h"
#include "profile/game_profile.h"
#include "profile/patch_list.h"

namespace profile {

// The profiles folder, first found of: `option` (the --profiles flag), $NXHOST_PROFILES, the
// repository's profiles/ found upwards from the nxhost binary, $XDG_DATA_HOME/nxhost/profiles
// (~/.local/share when XDG_DATA_HOME is unset). An explicit folder (flag or variable) that does
// not exist is an error; nullopt when none of the others exists.
std::optional<std::filesystem::path> FindProfilesDirectory(
    const std::optional<std::filesystem::path>& option);

// profiles/<title id>/game.tsv, the title id as 16 upper-case hexadecimal digits.
std::filesystem::path ProfileFile(const std::filesystem::path& profiles, u64 title_id);

// Which profile a program reads: its title's, or for an NRO (which has no title id)
// profiles/nro/<nro_name>/game.tsv, the NRO file's base name without ".nro".
struct ProfileKey {
    std::optional<u64> title_id;
    std::string nro_name;
};

// The program's profile folder (profiles/<title id>/, in upper or lower case, or
// profiles/nro/<nro_name>/), nullopt when there is none.
std::optional<std::filesystem::path> FindProfileFolder(
    const std::optional<std::filesystem::path>& profiles, const ProfileKey& key);

// The profile's name under a profiles folder: the title id ("0400486024DEC000"), or
// "nro/<nro_name>" for homebrew.
std::string ProfileName(const ProfileKey& key);

// The program's `file_name` in its profile folder (profiles/<title id>/, or profiles/nro/<name>/
// for an NRO); nullopt when there is no folder, no key or no such file.
std::optional<std::filesystem::path> FindProfileFile(
    const std::optional<std::filesystem::path>& profiles, const ProfileKey& key,
    std::string_view file_name);

// The program's profile, or an empty one (every default) when there is no folder, no key or no
// file for it. A file that exists but is malformed throws base::Error.
GameProfile LoadGameProfile(const std::optional<std::filesystem::path>& profiles,
                            const ProfileKey& key);

// The program's patches.tsv beside its game.tsv, or an empty list when it has none. A malformed
// file throws base::Error naming its line.
PatchList LoadPatchList(const std::optional<std::filesystem::path>& profiles,
                        const ProfileKey& key);

}  // namespace profile
