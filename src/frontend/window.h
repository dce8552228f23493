#pragma once

// The program's window: the latest presented frame, scaled to the window with its aspect ratio
// kept (black bars around it), fullscreen with F11.

#include <string>

#include "gpu/frame.h"

struct SDL_Window;

namespace frontend {

class Window {
public:
    // Throws base::Error with SDL's reason when the window cannot be made.
    Window(const std::string& program_name, u32 width, u32 height);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    std::string Title() const;
    // Shows `frame`, or the background until the program presents one (null).
    void Paint(const gpu::Frame* frame);
    void ToggleFullscreen();
    // Where the window shows a frame of this size (the largest rectangle of its aspect ratio,
    // centred), in window pixels.
    struct Rect {
        int x = 0, y = 0, width = 0, height = 0;
    };
    Rect FrameRect(u32 frame_width, u32 frame_height) const;
    SDL_Window* Handle() const { return window_; }

private:
    SDL_Window* window_;
};

}  // namespace frontend
