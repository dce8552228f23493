#pragma once

// The frontend's interface: running the guest with a window that shows its presented frames
// and reads the host's keyboard and game controllers into the pads (SDL2).

#include <functional>
#include <memory>
#include <string>

#include "frontend/sdl_audio_sink.h"
#include "services/am/operation_mode.h"
#include "services/hid/host_pads.h"
#include "services/vi/presented_frames.h"

namespace frontend {

struct WindowOptions {
    std::string program_name;
    u32 width = 1280, height = 720;  // the console model's display
    std::shared_ptr<services::hid::HostPads> pads;
    std::shared_ptr<services::vi::PresentedFrames> frames;
    std::shared_ptr<services::am::OperationModeSwitch> operation_mode;  // F10 switches it
    std::shared_ptr<SdlAudioSink> sound;  // F7, F8, F9 act on it; null without host sound
    // Called before nxhost leaves when the window is closed (writes a capture).
    std::function<void()> at_close;
};

// Opens the window, runs `run` (the guest) on a thread of its own, shows each frame it
// presents and feeds the pads from the keyboard and controllers until `run` returns; rethrows
// what it threw. F10 puts the console in its dock or takes it out (the application is told,
// as on the console), F11 toggles fullscreen, F12 writes the frame shown as a PNG in the current
// folder; F7 mutes or unmutes the host sound, F8 and F9 turn it down and up by 10 %. Closing the
// window ends nxhost at once (exit status 0). A machine without a display fails with base::Error.
void RunInWindow(const WindowOptions& options, const std::function<void()>& run);

}  // namespace frontend
