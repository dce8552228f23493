#include "profile/profile_location.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "base/error.h"
#include "base/log.h"

namespace profile {
namespace {

namespace fs = std::filesystem;

// How far above the binary's folder a repository's profiles/ may be (build/src/app/nxhost).
constexpr int kRepositorySearchDepth = 5;

std::optional<fs::path> ExplicitDirectory(const fs::path& path, const char* what) {
    std::error_code error;
    if (!fs::is_directory(path, error)) {
        base::Fail("{} {}: no such folder", what, path.string());
    }
    return path;
}

std::optional<fs::path> NextToBinary() {
    std::error_code error;
    const fs::path binary = fs::read_symlink("/proc/self/exe", error);
    if (error) {
        return std::nullopt;
    }
    fs::path folder = binary.parent_path();
    for (int depth = 0; depth < kRepositorySearchDepth && !folder.empty(); ++depth) {
        if (fs::is_directory(folder / "profiles", error)) {
            return folder / "profiles";
        }
        if (folder == folder.parent_path()) {
            break;
        }
        folder = folder.parent_path();
    }
    return std::nullopt;
}

std::optional<fs::path> UserDataDirectory() {
    fs::path data;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0') {
        data = xdg;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        data = fs::path(home) / ".local" / "share";
    } else {
        return std::nullopt;
    }
    std::error_code error;
    const fs::path folder = data / "nxhost" / "profiles";
    return fs::is_directory(folder, error) ? std::optional(folder) : std::nullopt;
}

}  // namespace

std::optional<fs::path> FindProfilesDirectory(const std::optional<fs::path>& option) {
    if (option) {
        return ExplicitDirectory(*option, "--profiles");
    }
    if (const char* variable = std::getenv("NXHOST_PROFILES");
        variable != nullptr && *variable != '\0') {
        return ExplicitDirectory(variable, "NXHOST_PROFILES");
    }
    if (auto repository = NextToBinary()) {
        return repository;
    }
    return UserDataDirectory();
}

fs::path ProfileFile(const fs::path& profiles, u64 title_id) {
    return profiles / fmt::format("{:016X}", title_id) / "game.tsv";
}

std::optional<fs::path> FindProfileFolder(const std::optional<fs::path>& profiles,
                                          const ProfileKey& key) {
    if (!profiles || (!key.title_id && key.nro_name.empty())) {
        return std::nullopt;
    }
    std::vector<fs::path> candidates{*profiles / ProfileName(key)};
    if (key.title_id) {
        candidates.push_back(*profiles / fmt::format("{:016x}", *key.title_id));
    }
    std::error_code error;
    for (const fs::path& folder : candidates) {
        if (fs::is_directory(folder, error)) {
            return folder;
        }
    }
    return std::nullopt;
}

std::string ProfileName(const ProfileKey& key) {
    return key.title_id ? fmt::format("{:016X}", *key.title_id) : "nro/" + key.nro_name;
}

std::optional<fs::path> FindProfileFile(const std::optional<fs::path>& profiles,
                                        const ProfileKey& key, std::string_view file_name) {
    const auto folder = FindProfileFolder(profiles, key);
    if (!folder) {
        LOG_DEBUG("profile", "no profile folder, so no {}", file_name);
        return std::nullopt;
    }
    std::error_code error;
    if (!fs::is_regular_file(*folder / file_name, error)) {
        LOG_DEBUG("profile", "no {}", (*folder / file_name).string());
        return std::nullopt;
    }
    return *folder / file_name;
}

GameProfile LoadGameProfile(const std::optional<fs::path>& profiles, const ProfileKey& key) {
    const auto file = FindProfileFile(profiles, key, "game.tsv");
    if (!file) {
        return {};
    }
    GameProfile profile = GameProfile::Load(*file);
    // Not an error: a profile may carry keys of a later nxhost, but a mistyped key would
    // otherwise change nothing without a word.
    for (const GameProfile::LocatedText& unknown : profile.UnknownKeyLocations()) {
        LOG_WARNING("profile", "{}: '{}' is not a key nxhost knows; ignored", unknown.where,
                    unknown.value);
    }
    return profile;
}

PatchList LoadPatchList(const std::optional<fs::path>& profiles, const ProfileKey& key) {
    const auto file = FindProfileFile(profiles, key, "patches.tsv");
    return file ? PatchList::Load(*file) : PatchList{};
}

}  // namespace profile
