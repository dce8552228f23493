#include "frontend/frontend.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <thread>

#include <SDL.h>
#include <fmt/format.h>

#include "base/error.h"
#include "frontend/host_input.h"
#include "frontend/png_file.h"
#include "frontend/sdl_session.h"
#include "frontend/window.h"

namespace frontend {
namespace {

// How often the event loop looks for whether the guest has ended while no event comes (a new
// frame sends one).
constexpr int kPollMilliseconds = 8;

// F12: the frame on screen, as nxhost-<program>-<n>.png in the current folder.
void WriteScreenshot(const WindowOptions& options, unsigned& count) {
    const auto frame = options.frames->Latest();
    if (!frame) {
        fmt::print(stderr, "nxhost: no frame to take a screenshot of yet\n");
        return;
    }
    const std::string path = fmt::format("nxhost-{}-{}.png", options.program_name, ++count);
    try {
        WritePng(path, *frame);
        fmt::print(stderr, "nxhost: screenshot written to {}\n", path);
    } catch (const base::Error& error) {
        fmt::print(stderr, "nxhost: {}\n", error.what());
    }
}

// The touch screen's point under the mouse, in its 1280x720 pixels, when the mouse is over the
// frame.
std::optional<services::hid::TouchPoint> TouchUnder(const Window& window, const gpu::Frame& frame,
                                                    int x, int y) {
    const Window::Rect rect = window.FrameRect(frame.width, frame.height);
    if (rect.width <= 0 || rect.height <= 0 || x < rect.x || y < rect.y ||
        x >= rect.x + rect.width || y >= rect.y + rect.height) {
        return std::nullopt;
    }
    return services::hid::TouchPoint{static_cast<u32>((x - rect.x) * 1280 / rect.width),
                                     static_cast<u32>((y - rect.y) * 720 / rect.height)};
}

}  // namespace

void RunInWindow(const WindowOptions& options, const std::function<void()>& run) {
    SdlSession sdl;
    Window window(options.program_name, options.width, options.height);
    // Each frame the display shows wakes the event loop, which paints it at once.
    const Uint32 frame_shown = SDL_RegisterEvents(1);
    options.frames->AddObserver([frame_shown](const services::vi::FrameShown&) {
        SDL_Event event{};
        event.type = frame_shown;
        SDL_PushEvent(&event);
    });
    HostInput input(options.pads);
    u64 shown = 0;
    unsigned screenshots = 0;
    std::atomic<bool> finished = false;
    std::exception_ptr error;
    std::thread guest([&] {
        try {
            run();
        } catch (...) {
            error = std::current_exception();
        }
        finished = true;
    });
    while (!finished) {
        if (options.frames->Count() != shown) {
            shown = options.frames->Count();
            window.Paint(options.frames->Latest().get());
        }
        SDL_Event event;
        if (SDL_WaitEventTimeout(&event, kPollMilliseconds) == 0) {
            continue;
        }
        if (event.type == SDL_QUIT) {
            // The guest cannot be stopped from outside mid-instruction; the user asked to
            // leave, so nxhost leaves (saves are written atomically, so none is left half).
            std::fflush(stdout);
            fmt::print(stderr, "nxhost: the window was closed; the run stops\n");
            if (options.at_close) {
                options.at_close();
            }
            std::_Exit(0);
        }
        if (event.type == SDL_WINDOWEVENT) {
            window.Paint(options.frames->Latest().get());
        }
        // The mouse is the touch screen: the left button is a finger.
        const bool pressed_move =
            event.type == SDL_MOUSEMOTION && (event.motion.state & SDL_BUTTON_LMASK) != 0;
        if ((event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT) ||
            pressed_move) {
            const int x = event.type == SDL_MOUSEMOTION ? event.motion.x : event.button.x;
            const int y = event.type == SDL_MOUSEMOTION ? event.motion.y : event.button.y;
            if (const auto frame = options.frames->Latest()) {
                options.pads->SetTouch(TouchUnder(window, *frame, x, y));
            }
        } else if (event.type == SDL_MOUSEBUTTONUP && event.button.button == SDL_BUTTON_LEFT) {
            options.pads->SetTouch(std::nullopt);
        }
        if (event.type == SDL_KEYDOWN && event.key.repeat == 0) {
            if (event.key.keysym.scancode == SDL_SCANCODE_F10 && options.operation_mode) {
                const bool docked = !options.operation_mode->Docked();
                options.operation_mode->SetDocked(docked);
                fmt::print(stderr, "nxhost: the console is now {}\n",
                           docked ? "docked" : "handheld");
            } else if (event.key.keysym.scancode == SDL_SCANCODE_F11) {
                window.ToggleFullscreen();
            } else if (event.key.keysym.scancode == SDL_SCANCODE_F12) {
                WriteScreenshot(options, screenshots);
            } else if (options.sound &&
                       options.sound->Volume().HandleKey(event.key.keysym.scancode)) {
                const HostVolume& volume = options.sound->Volume();
                fmt::print(stderr, "nxhost: host sound {}, volume {}%\n",
                           volume.Muted() ? "muted" : "on", volume.Percent());
            }
        }
        input.Handle(event);
    }
    guest.join();
    if (error) {
        std::rethrow_exception(error);
    }
}

}  // namespace frontend
