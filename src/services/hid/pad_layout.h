#pragma once

// Which controllers the console reports connected: the profile key `pad_layout` and
// `nxhost run --pad-layout`. A comma list, one entry a player:
//
//     pro            a Pro Controller (the full-key style; `full` is the same, as the seed's
//                    profiles write it)
//     handheld       the console with both Joy-Con attached
//     joycon-pair    two Joy-Con held together as one controller (dual)
//     joycon-left    a single Joy-Con, held sideways
//     joycon-right
//
// The numbered entries are players 1, 2, ... (npad ids No1..No8) in order; `handheld` is the
// console itself, under the npad id Handheld (0x20), wherever it stands in the list.
// The default is one Pro Controller as player 1.

#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace services::hid {

enum class PadStyle : u8 { ProController, Handheld, JoyConPair, JoyConLeft, JoyConRight };

// nn::hid::NpadIdType values.
inline constexpr u32 kNpadIdHandheld = 0x20;
inline constexpr u32 kNpadIdOther = 0x10;
inline constexpr u32 kNumberedNpads = 8;

struct PadSlot {
    PadStyle style;
    u32 npad_id;
};

class PadLayout {
public:
    // One Pro Controller as player 1.
    PadLayout();

    // Throws base::Error beginning with `where` (such as "game.tsv:14" or "--pad-layout") that
    // names the accepted values.
    static PadLayout Parse(std::string_view text, std::string_view where);

    // In the order written: slot 0 takes the host's first input (the script, the keyboard).
    const std::vector<PadSlot>& Slots() const { return slots_; }
    std::string Describe() const;

private:
    std::vector<PadSlot> slots_;
};

std::string_view PadStyleName(PadStyle style);
// nn::hid::NpadStyleTag bit of the style.
u32 StyleTag(PadStyle style);
// The styles of a style set nxhost knows, by name ("Pro Controller, handheld"), or "none".
std::string StyleSetNames(u32 style_set);
// The shared memory's npad entry of an npad id (No1..No8 = 0..7, Handheld 8, Other 9), or
// kNpadEntries for an id that is none of them.
u64 NpadEntryIndex(u32 npad_id);
std::string NpadIdName(u32 npad_id);

}  // namespace services::hid
