#pragma once

// The host keyboard as player 1's pad: the default key map (README.md lists it), by key
// position (scan codes), so that it is the same on every keyboard layout.
//
//     W A S D    left stick          I J K L      right stick
//     arrows     directional buttons
//     Enter      A                   Backspace    B
//     X          X                   Y            Y
//     Q          L                   E            R
//     Z          ZL                  C            ZR
//     =          Plus                -            Minus
//     F          left stick click    H            right stick click

#include <set>
#include <span>

#include <SDL_scancode.h>

#include "services/hid/pad_input.h"

namespace frontend {

struct KeyBinding {
    SDL_Scancode key;
    services::hid::PadInput input;  // a button, or a stick pushed fully one way
};

std::span<const KeyBinding> DefaultKeyMap();

// The pad state of the keys held now.
services::hid::PadInput KeyboardState(const std::set<SDL_Scancode>& held);

}  // namespace frontend
