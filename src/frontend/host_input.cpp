#include "frontend/host_input.h"

#include "base/log.h"
#include "frontend/controller_map.h"
#include "frontend/keyboard_map.h"

namespace frontend {

HostInput::HostInput(std::shared_ptr<services::hid::HostPads> pads) : pads_(std::move(pads)) {
    pads_->SetConnected(0, true);
}

HostInput::~HostInput() {
    for (const auto& [id, controller] : controllers_) {
        SDL_GameControllerClose(controller.handle);
    }
}

void HostInput::Handle(const SDL_Event& event) {
    switch (event.type) {
        case SDL_KEYDOWN:
        case SDL_KEYUP:
            if (event.type == SDL_KEYDOWN) {
                held_keys_.insert(event.key.keysym.scancode);
            } else {
                held_keys_.erase(event.key.keysym.scancode);
            }
            Update(0);
            break;
        case SDL_CONTROLLERDEVICEADDED:
            Add(event.cdevice.which);
            break;
        case SDL_CONTROLLERDEVICEREMOVED:
            Remove(event.cdevice.which);
            break;
        case SDL_CONTROLLERBUTTONDOWN:
        case SDL_CONTROLLERBUTTONUP:
        case SDL_CONTROLLERAXISMOTION: {
            const SDL_JoystickID id =
                event.type == SDL_CONTROLLERAXISMOTION ? event.caxis.which : event.cbutton.which;
            if (const auto it = controllers_.find(id); it != controllers_.end()) {
                Update(it->second.player);
            }
            break;
        }
        default:
            break;
    }
}

void HostInput::Add(int device_index) {
    const SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(device_index);
    if (controllers_.contains(id)) {
        return;  // SDL reports controllers present at start-up once more
    }
    std::set<std::size_t> taken;
    for (const auto& [other, controller] : controllers_) {
        taken.insert(controller.player);
    }
    std::size_t player = 0;
    while (taken.contains(player)) {
        ++player;
    }
    const char* name = SDL_GameControllerNameForIndex(device_index);
    if (player >= pads_->Players()) {
        LOG_WARNING("frontend",
                    "controller \"{}\" is not used: the pad layout's {} player(s) have one each "
                    "(add an entry to pad_layout or --pad-layout)",
                    name ? name : "?", pads_->Players());
        return;
    }
    SDL_GameController* handle = SDL_GameControllerOpen(device_index);
    if (handle == nullptr) {
        LOG_WARNING("frontend", "controller \"{}\" cannot be opened: {}", name ? name : "?",
                    SDL_GetError());
        return;
    }
    controllers_.emplace(id, Controller{handle, player});
    LOG_INFO("frontend", "controller \"{}\" is player {}", name ? name : "?", player + 1);
    pads_->SetConnected(player, true);
    Update(player);
}

void HostInput::Remove(SDL_JoystickID id) {
    const auto it = controllers_.find(id);
    if (it == controllers_.end()) {
        return;
    }
    const std::size_t player = it->second.player;
    SDL_GameControllerClose(it->second.handle);
    controllers_.erase(it);
    LOG_INFO("frontend", "player {}'s controller unplugged", player + 1);
    if (player != 0) {
        pads_->SetConnected(player, false);
    }
    Update(player);
}

void HostInput::Update(std::size_t player) {
    services::hid::PadInput input;
    if (player == 0) {
        input = KeyboardState(held_keys_);
    }
    for (const auto& [id, controller] : controllers_) {
        if (controller.player == player) {
            input = services::hid::Combined(input, ControllerState(controller.handle));
        }
    }
    pads_->SetInput(player, input);
}

}  // namespace frontend
