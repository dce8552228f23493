#include "frontend/window.h"

#include <SDL.h>

#include "base/error.h"

namespace frontend {

Window::Window(const std::string& program_name, u32 width, u32 height)
    : window_(SDL_CreateWindow(("nxhost: " + program_name).c_str(), SDL_WINDOWPOS_UNDEFINED,
                               SDL_WINDOWPOS_UNDEFINED, static_cast<int>(width),
                               static_cast<int>(height), SDL_WINDOW_RESIZABLE)) {
    if (window_ == nullptr) {
        base::Fail("cannot open a window: {}", SDL_GetError());
    }
    Paint(std::nullopt);
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

void Window::Paint(const std::optional<gpu::Frame>& frame) {
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
            // The largest rectangle of the frame's aspect ratio that fits, centred.
            const double scale = std::min(static_cast<double>(surface->w) / frame->width,
                                          static_cast<double>(surface->h) / frame->height);
            SDL_Rect target;
            target.w = static_cast<int>(frame->width * scale);
            target.h = static_cast<int>(frame->height * scale);
            target.x = (surface->w - target.w) / 2;
            target.y = (surface->h - target.h) / 2;
            SDL_BlitScaled(picture, nullptr, surface, &target);
            SDL_FreeSurface(picture);
        }
    }
    SDL_UpdateWindowSurface(window_);
}

}  // namespace frontend
