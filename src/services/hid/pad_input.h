#pragma once

// What a pad reports at one moment: its buttons (nn::hid::NpadButton bits) and its two sticks.
// Input sources (a control script, later the host's controllers) produce it; the HID sampler
// writes it to the shared memory.

#include <algorithm>

#include "base/types.h"

namespace services::hid {

// nn::hid::NpadButton bits (public homebrew documentation).
enum NpadButton : u64 {
    kButtonA = 1ull << 0,
    kButtonB = 1ull << 1,
    kButtonX = 1ull << 2,
    kButtonY = 1ull << 3,
    kButtonStickL = 1ull << 4,
    kButtonStickR = 1ull << 5,
    kButtonL = 1ull << 6,
    kButtonR = 1ull << 7,
    kButtonZL = 1ull << 8,
    kButtonZR = 1ull << 9,
    kButtonPlus = 1ull << 10,
    kButtonMinus = 1ull << 11,
    kButtonLeft = 1ull << 12,
    kButtonUp = 1ull << 13,
    kButtonRight = 1ull << 14,
    kButtonDown = 1ull << 15,
    kButtonStickLLeft = 1ull << 16,
    kButtonStickLUp = 1ull << 17,
    kButtonStickLRight = 1ull << 18,
    kButtonStickLDown = 1ull << 19,
    kButtonStickRLeft = 1ull << 20,
    kButtonStickRUp = 1ull << 21,
    kButtonStickRRight = 1ull << 22,
    kButtonStickRDown = 1ull << 23,
};

inline constexpr s32 kStickMax = 0x7FFF;

struct PadInput {
    u64 buttons = 0;
    s32 left_x = 0, left_y = 0;
    s32 right_x = 0, right_y = 0;

    bool operator==(const PadInput&) const = default;
};

// Two sources on one pad (a script and a keyboard, a keyboard and a controller): buttons
// joined, stick deflections added and clamped to the stick's range.
inline PadInput Combined(const PadInput& a, const PadInput& b) {
    const auto add = [](s32 x, s32 y) { return std::clamp(x + y, -kStickMax, kStickMax); };
    return PadInput{a.buttons | b.buttons, add(a.left_x, b.left_x), add(a.left_y, b.left_y),
                    add(a.right_x, b.right_x), add(a.right_y, b.right_y)};
}

// A point on the touch screen, in its 1280x720 pixels.
struct TouchPoint {
    u32 x = 0, y = 0;
    bool operator==(const TouchPoint&) const = default;
};

}  // namespace services::hid
