#include "frontend/controller_map.h"

#include <algorithm>
#include <array>

namespace frontend {
namespace {

namespace hid = services::hid;

struct ButtonBinding {
    SDL_GameControllerButton button;
    u64 npad_button;
};

constexpr std::array kButtons{
    ButtonBinding{SDL_CONTROLLER_BUTTON_A, hid::kButtonB},  // bottom
    ButtonBinding{SDL_CONTROLLER_BUTTON_B, hid::kButtonA},  // right
    ButtonBinding{SDL_CONTROLLER_BUTTON_X, hid::kButtonY},  // left
    ButtonBinding{SDL_CONTROLLER_BUTTON_Y, hid::kButtonX},  // top
    ButtonBinding{SDL_CONTROLLER_BUTTON_LEFTSHOULDER, hid::kButtonL},
    ButtonBinding{SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, hid::kButtonR},
    ButtonBinding{SDL_CONTROLLER_BUTTON_BACK, hid::kButtonMinus},
    ButtonBinding{SDL_CONTROLLER_BUTTON_START, hid::kButtonPlus},
    ButtonBinding{SDL_CONTROLLER_BUTTON_LEFTSTICK, hid::kButtonStickL},
    ButtonBinding{SDL_CONTROLLER_BUTTON_RIGHTSTICK, hid::kButtonStickR},
    ButtonBinding{SDL_CONTROLLER_BUTTON_DPAD_UP, hid::kButtonUp},
    ButtonBinding{SDL_CONTROLLER_BUTTON_DPAD_DOWN, hid::kButtonDown},
    ButtonBinding{SDL_CONTROLLER_BUTTON_DPAD_LEFT, hid::kButtonLeft},
    ButtonBinding{SDL_CONTROLLER_BUTTON_DPAD_RIGHT, hid::kButtonRight},
};

constexpr s32 kHalfWay = hid::kStickMax / 2;

s32 Axis(SDL_GameController* controller, SDL_GameControllerAxis axis) {
    return std::clamp<s32>(SDL_GameControllerGetAxis(controller, axis), -hid::kStickMax,
                           hid::kStickMax);
}

u64 Directions(s32 x, s32 y, u64 left, u64 up, u64 right, u64 down) {
    return (x <= -kHalfWay ? left : 0) | (x >= kHalfWay ? right : 0) | (y >= kHalfWay ? up : 0) |
           (y <= -kHalfWay ? down : 0);
}

}  // namespace

hid::PadInput ControllerState(SDL_GameController* controller) {
    hid::PadInput state;
    for (const ButtonBinding& binding : kButtons) {
        if (SDL_GameControllerGetButton(controller, binding.button) != 0) {
            state.buttons |= binding.npad_button;
        }
    }
    if (Axis(controller, SDL_CONTROLLER_AXIS_TRIGGERLEFT) >= kHalfWay) {
        state.buttons |= hid::kButtonZL;
    }
    if (Axis(controller, SDL_CONTROLLER_AXIS_TRIGGERRIGHT) >= kHalfWay) {
        state.buttons |= hid::kButtonZR;
    }
    // SDL's stick y grows downwards, the Switch's upwards.
    state.left_x = Axis(controller, SDL_CONTROLLER_AXIS_LEFTX);
    state.left_y = -Axis(controller, SDL_CONTROLLER_AXIS_LEFTY);
    state.right_x = Axis(controller, SDL_CONTROLLER_AXIS_RIGHTX);
    state.right_y = -Axis(controller, SDL_CONTROLLER_AXIS_RIGHTY);
    state.buttons |=
        Directions(state.left_x, state.left_y, hid::kButtonStickLLeft, hid::kButtonStickLUp,
                   hid::kButtonStickLRight, hid::kButtonStickLDown);
    state.buttons |=
        Directions(state.right_x, state.right_y, hid::kButtonStickRLeft, hid::kButtonStickRUp,
                   hid::kButtonStickRRight, hid::kButtonStickRDown);
    return state;
}

}  // namespace frontend
