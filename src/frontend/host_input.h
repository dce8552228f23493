#pragma once

// The host's keyboard and game controllers onto the pad layout's players (HostPads), from SDL
// events. Player 1 is the keyboard and is always connected; each game controller plugged in
// takes the lowest player without a controller (player 1 first) and connects it; unplugged, it
// disconnects that player again (player 1 stays, for the keyboard). The HID sampler turns a
// change of connection into the npad's connection and its style-set update event.

#include <map>
#include <memory>
#include <set>

#include <SDL_events.h>
#include <SDL_gamecontroller.h>

#include "services/hid/host_pads.h"

namespace frontend {

class HostInput {
public:
    explicit HostInput(std::shared_ptr<services::hid::HostPads> pads);
    ~HostInput();
    HostInput(const HostInput&) = delete;
    HostInput& operator=(const HostInput&) = delete;

    void Handle(const SDL_Event& event);

private:
    struct Controller {
        SDL_GameController* handle;
        std::size_t player;
    };

    void Add(int device_index);
    void Remove(SDL_JoystickID id);
    // Recomputes a player's pad from the keyboard (player 1) and its controllers.
    void Update(std::size_t player);

    std::shared_ptr<services::hid::HostPads> pads_;
    std::set<SDL_Scancode> held_keys_;
    std::map<SDL_JoystickID, Controller> controllers_;
};

}  // namespace frontend
