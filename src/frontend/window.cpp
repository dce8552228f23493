#include "frontend/window.h"

#include <SDL.h>

#include <algorithm>
#include <string_view>

#include "base/error.h"

namespace frontend {

namespace {

SDL_Window* OpenWindow(const std::string& program_name, u32 width, u32 height) {
    // Under X11 the window's own framebuffer (shared memory with the X server) instead of
    // SDL's default of a GL texture, which on a display without a GPU (Xvfb, llvmpipe) took
    // 17 ms a 1280x720 frame against 3 ms: more than a 60 Hz frame. SDL_FRAMEBUFFER_ACCELERATION
    // in the environment still decides.
    const char* driver = SDL_GetCurrentVideoDriver();
    if (driver != nullptr && std::string_view(driver) == "x11") {
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    return SDL_CreateWindow(("nxhost: " + program_name).c_str(), SDL_WINDOWPOS_UNDEFINED,
                            SDL_WINDOWPOS_UNDEFINED, static_cast<int>(width),
                            static_cast<int>(height), SDL_WINDOW_RESIZABLE);
}

}  // namespace

Window::Window(const std::string& program_name, u32 width, u32 height)
    : window_(OpenWindow(program_name, width, height)) {
    if (window_ == nullptr) {
        base::Fail("cannot open a window: {}", SDL_GetError());
    }
    Paint(nullptr);
}

Window::~Window() {
    SDL_DestroyWindow(window_);
}

std::string Window::Title() const {
    return SDL_GetWindowTitle(window_);
}

void Window::ToggleFullscreen() {
    const bool fullscreen = (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
    SDL_SetWindowFullscreen(window_, fullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}

Window::Rect Window::FrameRect(u32 frame_width, u32 frame_height) const {
    int width = 0, height = 0;
    SDL_GetWindowSize(window_, &width, &height);
    if (frame_width == 0 || frame_height == 0) {
        return {};
    }
    const double scale = std::min(static_cast<double>(width) / frame_width,
                                  static_cast<double>(height) / frame_height);
    Rect rect;
    rect.width = static_cast<int>(frame_width * scale);
    rect.height = static_cast<int>(frame_height * scale);
    rect.x = (width - rect.width) / 2;
    rect.y = (height - rect.height) / 2;
    return rect;
}

void Window::Paint(const gpu::Frame* frame) {
    SDL_Surface* surface = SDL_GetWindowSurface(window_);
    if (surface == nullptr) {
        return;  // a display that gives no surface keeps the system's background
    }
    SDL_FillRect(surface, nullptr, SDL_MapRGB(surface->format, 0, 0, 0));
    if (frame && frame->width != 0 && frame->height != 0) {
        SDL_Surface* picture = SDL_CreateRGBSurfaceWithFormatFrom(
            const_cast<u8*>(frame->rgba.data()), static_cast<int>(frame->width),
            static_cast<int>(frame->height), 32, static_cast<int>(frame->width * 4),
            SDL_PIXELFORMAT_ABGR8888);
        if (picture != nullptr) {
            const Rect rect = FrameRect(frame->width, frame->height);
            SDL_Rect target{rect.x, rect.y, rect.width, rect.height};
            SDL_BlitScaled(picture, nullptr, surface, &target);
            SDL_FreeSurface(picture);
        }
    }
    SDL_UpdateWindowSurface(window_);
}

}  // namespace frontend
