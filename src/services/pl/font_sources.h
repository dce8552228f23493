#pragma once

// Where each shared font comes from: the user's own console dump first, else a font of the
// host standing in for it.

#include <array>
#include <filesystem>
#include <string_view>
#include <vector>

#include "services/pl/shared_font_type.h"

namespace services::pl {

// A host font file standing in for a shared font, with the Debian package that installs it
// (named in the warning when the file is missing).
struct HostFont {
    std::filesystem::path path;
    std::string_view package;
};

struct FontSources {
    // The console's font files, as dumped from its system titles 0100000000000810 to 814:
    // <DumpFileStem(type)>.bfttf, or the same font as plain TrueType in <stem>.ttf. Empty: none.
    std::filesystem::path dump_folder;
    // Per type, the host fonts to try in turn when the dump has none.
    std::array<std::vector<HostFont>, kSharedFontTypeCount> host_fonts;
};

// The console's file name of a shared font, without its extension (yuzu
// hle/service/ns/platform_service_manager.h, SHARED_FONTS).
std::string_view DumpFileStem(SharedFontType type);

// The dump at <user_data>/fonts (empty user_data: $XDG_DATA_HOME/nxhost, the folder of saves
// and the SD card), and the Debian fonts that stand in for the rest.
FontSources DefaultFontSources(const std::filesystem::path& user_data = {});

}  // namespace services::pl
