#include "profile/profile_location.h"

#include <cstdlib>
#include <system_error>

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

GameProfile LoadGameProfile(const std::optional<fs::path>& profiles, std::optional<u64> title_id) {
    if (!profiles || !title_id) {
        LOG_DEBUG("profile", "no {}: default settings",
                  profiles ? "title id (an NRO)" : "profiles folder");
        return {};
    }
    fs::path file = ProfileFile(*profiles, *title_id);
    std::error_code error;
    if (!fs::is_regular_file(file, error)) {
        // Folders named in lower case work too.
        file = *profiles / fmt::format("{:016x}", *title_id) / "game.tsv";
        if (!fs::is_regular_file(file, error)) {
            LOG_DEBUG("profile", "no profile for {:016X} in {}: default settings", *title_id,
                      profiles->string());
            return {};
        }
    }
    GameProfile profile = GameProfile::Load(file);
    for (const std::string& key : profile.UnknownKeys()) {
        LOG_DEBUG("profile", "{}: '{}' kept for later ({})", file.string(), key,
                  *profile.GetText(key));
    }
    return profile;
}

}  // namespace profile
