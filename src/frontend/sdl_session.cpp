#include "frontend/sdl_session.h"

#include <cstdlib>
#include <filesystem>

#include <SDL.h>

#include "base/error.h"
#include "base/log.h"

namespace frontend {
namespace {

std::filesystem::path UserControllerDatabase() {
    const char* config = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    std::filesystem::path folder;
    if (config != nullptr && *config != '\0') {
        folder = config;
    } else if (home != nullptr) {
        folder = std::filesystem::path(home) / ".config";
    }
    return folder / "nxhost" / "gamecontrollerdb.txt";
}

}  // namespace

SdlSession::SdlSession() {
    // Positions, not labels: a Nintendo pad's A (right) and an Xbox pad's B (right) both
    // become the Switch's A.
    SDL_SetHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        base::Fail("cannot open a window (SDL: {}); run without --window for headless input",
                   SDL_GetError());
    }
    const std::filesystem::path database = UserControllerDatabase();
    std::error_code error;
    if (std::filesystem::is_regular_file(database, error)) {
        const int added = SDL_GameControllerAddMappingsFromFile(database.c_str());
        if (added < 0) {
            LOG_WARNING("frontend", "{}: controller mappings not read: {}", database.string(),
                        SDL_GetError());
        } else {
            LOG_INFO("frontend", "{}: {} controller mappings", database.string(), added);
        }
    }
}

SdlSession::~SdlSession() {
    SDL_Quit();
}

}  // namespace frontend
