#include "frontend/frontend.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

#include <SDL.h>
#include <fmt/format.h>

#include "frontend/host_input.h"
#include "frontend/sdl_session.h"
#include "frontend/window.h"

namespace frontend {
namespace {

// How often the event loop looks whether the guest has ended while no event comes.
constexpr int kPollMilliseconds = 50;

}  // namespace

void RunInWindow(const std::string& program_name, std::shared_ptr<services::hid::HostPads> pads,
                 const std::function<void()>& run) {
    SdlSession sdl;
    Window window(program_name);
    HostInput input(std::move(pads));
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
        SDL_Event event;
        if (SDL_WaitEventTimeout(&event, kPollMilliseconds) == 0) {
            continue;
        }
        if (event.type == SDL_QUIT) {
            // The guest cannot be stopped from outside mid-instruction; the user asked to
            // leave, so nxhost leaves (saves are written atomically, so none is left half).
            std::fflush(stdout);
            fmt::print(stderr, "nxhost: the window was closed; the run stops\n");
            std::_Exit(0);
        }
        if (event.type == SDL_WINDOWEVENT) {
            window.Paint();
        }
        input.Handle(event);
    }
    guest.join();
    if (error) {
        std::rethrow_exception(error);
    }
}

}  // namespace frontend
