#pragma once

// The frontend's interface: running the guest with a window that reads the host's keyboard and
// game controllers into the pads (SDL2). There is no video output yet: the window shows a
// plain colour and says so in its title.

#include <functional>
#include <memory>
#include <string>

#include "services/hid/host_pads.h"

namespace frontend {

// Opens the window, runs `run` (the guest) on a thread of its own and feeds `pads` from the
// keyboard and controllers until `run` returns; rethrows what it threw. Closing the window
// ends nxhost at once (exit status 0). A machine without a display fails with base::Error.
void RunInWindow(const std::string& program_name, std::shared_ptr<services::hid::HostPads> pads,
                 const std::function<void()>& run);

}  // namespace frontend
