#include "services/pl/font_sources.h"

#include "services/fs/fs_context.h"

namespace services::pl {
namespace {

// Debian 12's fonts standing in for the console's (scripts/setup installs the packages). Open
// Sans for Standard, as yuzu's synthesized archives have it (yuzu
// file_sys/system_archive/shared_font.cpp). The Noto CJK fonts are a 56 MB package whose CJK
// file alone would not fit the 17 MB memory; Droid Sans Fallback (3.4 MB) has the Han
// characters, kana and Hangul instead, and its "Full" variant (4 MB) adds CJK Extension A but
// has no Hangul, which makes it the Extended Chinese Simplified one. No free font has the
// Nintendo Extended symbols (button faces in private-use code points): DejaVu Sans, with its
// arrows and other symbols, holds that slot, and those characters show as missing glyphs.
const HostFont kOpenSans{"/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
                         "fonts-open-sans"};
const HostFont kDroidSansFallback{"/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf",
                                  "fonts-droid-fallback"};
const HostFont kDroidSansFallbackFull{"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                                      "fonts-droid-fallback"};
const HostFont kDejaVuSans{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"};

}  // namespace

std::string_view DumpFileStem(SharedFontType type) {
    switch (type) {
        case SharedFontType::Standard:
            return "nintendo_udsg-r_std_003";  // title 0100000000000811
        case SharedFontType::ChineseSimplified:
            return "nintendo_udsg-r_org_zh-cn_003";  // title 0100000000000814
        case SharedFontType::ExtChineseSimplified:
            return "nintendo_udsg-r_ext_zh-cn_003";  // title 0100000000000814
        case SharedFontType::ChineseTraditional:
            return "nintendo_udjxh-db_zh-tw_003";  // title 0100000000000813
        case SharedFontType::Korean:
            return "nintendo_udsg-r_ko_003";  // title 0100000000000812
        case SharedFontType::NintendoExtended:
            return "nintendo_ext_003";  // title 0100000000000810
    }
    return {};
}

FontSources DefaultFontSources(const std::filesystem::path& user_data) {
    FontSources sources;
    sources.dump_folder = (user_data.empty() ? fs::DefaultUserDataFolder() : user_data) / "fonts";
    auto& host = sources.host_fonts;
    host[Index(SharedFontType::Standard)] = {kOpenSans, kDejaVuSans};
    host[Index(SharedFontType::ChineseSimplified)] = {kDroidSansFallback, kDroidSansFallbackFull};
    host[Index(SharedFontType::ExtChineseSimplified)] = {kDroidSansFallbackFull,
                                                         kDroidSansFallback};
    host[Index(SharedFontType::ChineseTraditional)] = {kDroidSansFallback, kDroidSansFallbackFull};
    host[Index(SharedFontType::Korean)] = {kDroidSansFallback};
    host[Index(SharedFontType::NintendoExtended)] = {kDejaVuSans, kOpenSans};
    return sources;
}

}  // namespace services::pl
