#include "frontend/window.h"

#include <SDL.h>

#include "base/error.h"

namespace frontend {
namespace {

// The Switch's own screen size.
constexpr int kWidth = 1280;
constexpr int kHeight = 720;

}  // namespace

Window::Window(const std::string& program_name)
    : window_(SDL_CreateWindow(
          ("nxhost: " + program_name + " (no video output yet; keyboard and controllers work)")
              .c_str(),
          SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, kWidth, kHeight,
          SDL_WINDOW_RESIZABLE)) {
    if (window_ == nullptr) {
        base::Fail("cannot open a window: {}", SDL_GetError());
    }
    Paint();
}

Window::~Window() {
    SDL_DestroyWindow(window_);
}

std::string Window::Title() const {
    return SDL_GetWindowTitle(window_);
}

void Window::Paint() {
    SDL_Surface* surface = SDL_GetWindowSurface(window_);
    if (surface == nullptr) {
        return;  // a display that gives no surface keeps the system's background
    }
    SDL_FillRect(surface, nullptr, SDL_MapRGB(surface->format, 0x20, 0x24, 0x2c));
    SDL_UpdateWindowSurface(window_);
}

}  // namespace frontend
