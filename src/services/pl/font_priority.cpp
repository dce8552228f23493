#include "services/pl/font_priority.h"

#include <cstring>
#include <string>

namespace services::pl {

std::array<SharedFontType, kSharedFontTypeCount> FontPriority(u64 language_code) {
    using enum SharedFontType;
    char characters[sizeof(language_code) + 1] = {};
    std::memcpy(characters, &language_code, sizeof(language_code));
    const std::string language(characters);
    if (language == "zh-CN" || language == "zh-Hans") {
        return {ChineseSimplified, ExtChineseSimplified, Standard, ChineseTraditional, Korean,
                NintendoExtended};
    }
    if (language == "zh-TW" || language == "zh-Hant") {
        return {ChineseTraditional,   Standard, ChineseSimplified,
                ExtChineseSimplified, Korean,   NintendoExtended};
    }
    if (language == "ko") {
        return {
            Korean,          Standard, ChineseSimplified, ExtChineseSimplified, ChineseTraditional,
            NintendoExtended};
    }
    return kAllSharedFontTypes;
}

}  // namespace services::pl
