#pragma once

// A host game controller (SDL's GameController, buttons by position) as a Switch pad: the face
// buttons where a Switch controller has them (bottom B, right A, left Y, top X), shoulders L and
// R, triggers ZL and ZR when pulled past half way, Back and Start as Minus and Plus, the sticks
// with their direction bits past half way.

#include <SDL_gamecontroller.h>

#include "services/hid/pad_input.h"

namespace frontend {

services::hid::PadInput ControllerState(SDL_GameController* controller);

}  // namespace frontend
