#include "services/hid/pad_layout.h"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

#include "base/error.h"
#include "services/hid/shared_memory_layout.h"

namespace services::hid {
namespace {

struct StyleName {
    std::string_view name;
    PadStyle style;
};

constexpr std::array kStyleNames{
    StyleName{"pro", PadStyle::ProController},
    StyleName{"full", PadStyle::ProController},
    StyleName{"handheld", PadStyle::Handheld},
    StyleName{"joycon-pair", PadStyle::JoyConPair},
    StyleName{"joycon-left", PadStyle::JoyConLeft},
    StyleName{"joycon-right", PadStyle::JoyConRight},
};

constexpr std::string_view kAccepted =
    "a comma list of pro (or full), handheld, joycon-pair, joycon-left, joycon-right, "
    "such as \"pro\" or \"joycon-pair,pro\"";

std::string Lowercase(std::string_view text) {
    std::string lower;
    for (const char c : text) {
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return lower;
}

std::string_view Trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        return {};
    }
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

PadLayout::PadLayout() : slots_{PadSlot{PadStyle::ProController, 0}} {}

PadLayout PadLayout::Parse(std::string_view text, std::string_view where) {
    PadLayout layout;
    layout.slots_.clear();
    const std::string lower = Lowercase(text);
    std::string_view rest = lower;
    u32 next_player = 0;
    bool handheld = false;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view entry = Trim(rest.substr(0, comma));
        const auto known = std::ranges::find(kStyleNames, entry, &StyleName::name);
        if (known == kStyleNames.end()) {
            base::Fail("{}: pad_layout is '{}': '{}' is not a controller; expected {}", where, text,
                       entry, kAccepted);
        }
        if (known->style == PadStyle::Handheld) {
            if (handheld) {
                base::Fail("{}: pad_layout is '{}': there is one handheld console", where, text);
            }
            handheld = true;
            layout.slots_.push_back({PadStyle::Handheld, kNpadIdHandheld});
        } else {
            if (next_player == kNumberedNpads) {
                base::Fail("{}: pad_layout is '{}': at most {} players besides handheld", where,
                           text, kNumberedNpads);
            }
            layout.slots_.push_back({known->style, next_player++});
        }
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    return layout;
}

std::string PadLayout::Describe() const {
    std::string text;
    for (const PadSlot& slot : slots_) {
        text += fmt::format("{}{} {}", text.empty() ? "" : ", ", NpadIdName(slot.npad_id),
                            PadStyleName(slot.style));
    }
    return text;
}

std::string_view PadStyleName(PadStyle style) {
    switch (style) {
        case PadStyle::ProController:
            return "Pro Controller";
        case PadStyle::Handheld:
            return "handheld";
        case PadStyle::JoyConPair:
            return "Joy-Con pair";
        case PadStyle::JoyConLeft:
            return "left Joy-Con";
        case PadStyle::JoyConRight:
            return "right Joy-Con";
    }
    return "?";
}

u32 StyleTag(PadStyle style) {
    switch (style) {
        case PadStyle::ProController:
            return kStyleFullKey;
        case PadStyle::Handheld:
            return kStyleHandheld;
        case PadStyle::JoyConPair:
            return kStyleJoyDual;
        case PadStyle::JoyConLeft:
            return kStyleJoyLeft;
        case PadStyle::JoyConRight:
            return kStyleJoyRight;
    }
    return 0;
}

std::string StyleSetNames(u32 style_set) {
    std::string names;
    for (const PadStyle style : {PadStyle::ProController, PadStyle::Handheld, PadStyle::JoyConPair,
                                 PadStyle::JoyConLeft, PadStyle::JoyConRight}) {
        if ((style_set & StyleTag(style)) != 0) {
            names += fmt::format("{}{}", names.empty() ? "" : ", ", PadStyleName(style));
        }
    }
    return names.empty() ? "none" : names;
}

u64 NpadEntryIndex(u32 npad_id) {
    if (npad_id < kNumberedNpads) {
        return npad_id;
    }
    if (npad_id == kNpadIdHandheld) {
        return kNpadHandheldIndex;
    }
    return npad_id == kNpadIdOther ? kNpadHandheldIndex + 1 : kNpadEntries;
}

std::string NpadIdName(u32 npad_id) {
    if (npad_id < kNumberedNpads) {
        return fmt::format("player {}", npad_id + 1);
    }
    return npad_id == kNpadIdHandheld ? "Handheld" : fmt::format("npad id {:#x}", npad_id);
}

}  // namespace services::hid
