#pragma once

// SDL2 opened for a window and game controllers, closed when the session ends: controller
// buttons reported by position (the bottom face button is B, as on a Switch controller, whatever
// its label), SDL's own controller database plus the user's
// $XDG_CONFIG_HOME/nxhost/gamecontrollerdb.txt when there is one.

namespace frontend {

class SdlSession {
public:
    // Throws base::Error with SDL's reason when SDL cannot start (no display).
    SdlSession();
    ~SdlSession();
    SdlSession(const SdlSession&) = delete;
    SdlSession& operator=(const SdlSession&) = delete;
};

}  // namespace frontend
