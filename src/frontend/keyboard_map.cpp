#include "frontend/keyboard_map.h"

#include <array>

namespace frontend {
namespace {

using services::hid::kStickMax;
using services::hid::PadInput;
namespace hid = services::hid;

constexpr KeyBinding Button(SDL_Scancode key, u64 button) {
    return {key, PadInput{button, 0, 0, 0, 0}};
}

// A stick direction sets the matching direction bit too, as the console does for a stick
// pushed that far (and as the control script's LUp, RLeft ... do).
constexpr std::array kKeyMap{
    KeyBinding{SDL_SCANCODE_W, PadInput{hid::kButtonStickLUp, 0, kStickMax, 0, 0}},
    KeyBinding{SDL_SCANCODE_S, PadInput{hid::kButtonStickLDown, 0, -kStickMax, 0, 0}},
    KeyBinding{SDL_SCANCODE_A, PadInput{hid::kButtonStickLLeft, -kStickMax, 0, 0, 0}},
    KeyBinding{SDL_SCANCODE_D, PadInput{hid::kButtonStickLRight, kStickMax, 0, 0, 0}},
    KeyBinding{SDL_SCANCODE_I, PadInput{hid::kButtonStickRUp, 0, 0, 0, kStickMax}},
    KeyBinding{SDL_SCANCODE_K, PadInput{hid::kButtonStickRDown, 0, 0, 0, -kStickMax}},
    KeyBinding{SDL_SCANCODE_J, PadInput{hid::kButtonStickRLeft, 0, 0, -kStickMax, 0}},
    KeyBinding{SDL_SCANCODE_L, PadInput{hid::kButtonStickRRight, 0, 0, kStickMax, 0}},
    Button(SDL_SCANCODE_UP, hid::kButtonUp),
    Button(SDL_SCANCODE_DOWN, hid::kButtonDown),
    Button(SDL_SCANCODE_LEFT, hid::kButtonLeft),
    Button(SDL_SCANCODE_RIGHT, hid::kButtonRight),
    Button(SDL_SCANCODE_RETURN, hid::kButtonA),
    Button(SDL_SCANCODE_BACKSPACE, hid::kButtonB),
    Button(SDL_SCANCODE_X, hid::kButtonX),
    Button(SDL_SCANCODE_Y, hid::kButtonY),
    Button(SDL_SCANCODE_Q, hid::kButtonL),
    Button(SDL_SCANCODE_E, hid::kButtonR),
    Button(SDL_SCANCODE_Z, hid::kButtonZL),
    Button(SDL_SCANCODE_C, hid::kButtonZR),
    Button(SDL_SCANCODE_EQUALS, hid::kButtonPlus),
    Button(SDL_SCANCODE_MINUS, hid::kButtonMinus),
    Button(SDL_SCANCODE_F, hid::kButtonStickL),
    Button(SDL_SCANCODE_H, hid::kButtonStickR),
};

}  // namespace

std::span<const KeyBinding> DefaultKeyMap() {
    return kKeyMap;
}

PadInput KeyboardState(const std::set<SDL_Scancode>& held) {
    PadInput state;
    for (const KeyBinding& binding : kKeyMap) {
        if (held.contains(binding.key)) {
            state = hid::Combined(state, binding.input);
        }
    }
    return state;
}

}  // namespace frontend
