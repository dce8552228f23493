#pragma once

#include <array>

#include "services/pl/shared_font_type.h"

namespace services::pl {

// The types in the order GetSharedFontInOrderOfPriority lists them for a language
// (nn::settings::LanguageCode: the code's characters, "en-US", "zh-Hans", in a zero-padded
// u64). The script of the language comes first, then Standard, then the other CJK fonts, and
// Nintendo Extended, which has only symbols, last: a renderer that takes each character from
// the first listed font that has it (nx-hbmenu's) then draws Han characters in the language's
// own forms. The console's own order is not documented; yuzu, Ryujinx and Skyline list the
// types in numeric order whatever the language, which is the order here for Japanese and the
// languages with Latin scripts.
std::array<SharedFontType, kSharedFontTypeCount> FontPriority(u64 language_code);

}  // namespace services::pl
