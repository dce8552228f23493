#pragma once

// The program's window. There is no video output yet: it shows a plain colour and its title
// says so.

#include <string>

struct SDL_Window;

namespace frontend {

class Window {
public:
    // Throws base::Error with SDL's reason when the window cannot be made.
    explicit Window(const std::string& program_name);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    std::string Title() const;
    // Fills the window with its colour (after it was shown, resized or uncovered).
    void Paint();

private:
    SDL_Window* window_;
};

}  // namespace frontend
