#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "base/types.h"

namespace services::pl {

// nn::pl::SharedFontType, the slots of the shared font memory (libnx services/pl.h,
// PlSharedFontType).
// Standard covers Japanese and the US and European languages; Extended Chinese Simplified the
// rarer Simplified Chinese characters; Nintendo Extended the console's own symbols (buttons,
// sticks) in private-use code points.
enum class SharedFontType : u32 {
    Standard = 0,
    ChineseSimplified = 1,
    ExtChineseSimplified = 2,
    ChineseTraditional = 3,
    Korean = 4,
    NintendoExtended = 5,
};

inline constexpr std::size_t kSharedFontTypeCount = 6;

inline constexpr std::array<SharedFontType, kSharedFontTypeCount> kAllSharedFontTypes = {
    SharedFontType::Standard,
    SharedFontType::ChineseSimplified,
    SharedFontType::ExtChineseSimplified,
    SharedFontType::ChineseTraditional,
    SharedFontType::Korean,
    SharedFontType::NintendoExtended,
};

constexpr std::size_t Index(SharedFontType type) {
    return static_cast<std::size_t>(type);
}

constexpr std::string_view SharedFontTypeName(SharedFontType type) {
    constexpr std::array<std::string_view, kSharedFontTypeCount> kNames = {
        "Standard", "Chinese Simplified", "Extended Chinese Simplified", "Chinese Traditional",
        "Korean",   "Nintendo Extended",
    };
    return kNames[Index(type)];
}

}  // namespace services::pl
