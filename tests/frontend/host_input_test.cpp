// The window's input without a display: SDL's dummy video driver, keyboard events pushed into
// SDL's queue, and SDL's virtual joysticks standing in for game controllers being plugged in,
// pressed and unplugged. Everything goes through SDL's own event queue into HostInput and
// comes out in HostPads, where the HID sampler reads it.

#include "frontend/host_input.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <SDL.h>

#include "frontend/keyboard_map.h"
#include "frontend/sdl_session.h"
#include "frontend/window.h"

namespace frontend {
namespace {

namespace hid = services::hid;

class HostInputTest : public testing::Test {
protected:
    void SetUp() override {
        setenv("SDL_VIDEODRIVER", "dummy", 1);
        setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
        sdl_ = std::make_unique<SdlSession>();
    }

    static void Pump(HostInput& input) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            input.Handle(event);
        }
    }

    static void PushKey(SDL_Scancode key, bool down) {
        SDL_Event event{};
        event.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        event.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        event.key.keysym.scancode = key;
        ASSERT_EQ(SDL_PushEvent(&event), 1);
    }

    // A virtual game controller with every standard button and axis, in SDL's own order.
    static int AttachController() {
        SDL_VirtualJoystickDesc description{};
        description.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
        description.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        description.naxes = SDL_CONTROLLER_AXIS_MAX;
        description.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        description.button_mask = (1u << SDL_CONTROLLER_BUTTON_MAX) - 1;
        description.axis_mask = (1u << SDL_CONTROLLER_AXIS_MAX) - 1;
        description.name = "nxhost test controller";
        return SDL_JoystickAttachVirtualEx(&description);
    }

    std::unique_ptr<SdlSession> sdl_;
};

TEST_F(HostInputTest, KeyboardIsPlayerOneThroughTheKeyMap) {
    auto pads = std::make_shared<hid::HostPads>(1);
    HostInput input(pads);
    EXPECT_TRUE(pads->Snapshot()[0].connected);

    PushKey(SDL_SCANCODE_W, true);
    PushKey(SDL_SCANCODE_RETURN, true);
    PushKey(SDL_SCANCODE_L, true);
    PushKey(SDL_SCANCODE_C, true);
    Pump(input);
    EXPECT_EQ(pads->Snapshot()[0].input,
              (hid::PadInput{
                  hid::kButtonStickLUp | hid::kButtonA | hid::kButtonStickRRight | hid::kButtonZR,
                  0, hid::kStickMax, hid::kStickMax, 0}));

    PushKey(SDL_SCANCODE_W, false);
    PushKey(SDL_SCANCODE_L, false);
    PushKey(SDL_SCANCODE_C, false);
    PushKey(SDL_SCANCODE_S, true);  // left stick down
    Pump(input);
    EXPECT_EQ(pads->Snapshot()[0].input,
              (hid::PadInput{hid::kButtonA | hid::kButtonStickLDown, 0, -hid::kStickMax, 0, 0}));
}

TEST_F(HostInputTest, EveryKeyOfTheMapHasItsOwnInput) {
    for (const KeyBinding& binding : DefaultKeyMap()) {
        EXPECT_EQ(KeyboardState({binding.key}), binding.input);
        for (const KeyBinding& other : DefaultKeyMap()) {
            EXPECT_TRUE(&other == &binding || other.key != binding.key);
            EXPECT_TRUE(&other == &binding || other.input != binding.input);
        }
    }
}

TEST_F(HostInputTest, ControllersPlugInPressAndUnplug) {
    auto pads = std::make_shared<hid::HostPads>(2);
    HostInput input(pads);
    const int first = AttachController();
    ASSERT_GE(first, 0) << SDL_GetError();
    Pump(input);
    // The first controller joins the keyboard on player 1; player 2 waits for another.
    EXPECT_TRUE(pads->Snapshot()[0].connected);
    EXPECT_FALSE(pads->Snapshot()[1].connected);

    const int second = AttachController();
    ASSERT_GE(second, 0) << SDL_GetError();
    Pump(input);
    EXPECT_TRUE(pads->Snapshot()[1].connected);

    SDL_Joystick* joystick = SDL_JoystickOpen(second);
    ASSERT_NE(joystick, nullptr) << SDL_GetError();
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_B, SDL_PRESSED);  // right: A
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED);  // bottom: B
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_START, SDL_PRESSED);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, -32768);  // pushed up
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_RIGHTX, 1000);   // barely
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
    Pump(input);
    EXPECT_EQ(pads->Snapshot()[1].input,
              (hid::PadInput{hid::kButtonA | hid::kButtonB | hid::kButtonPlus | hid::kButtonZR |
                                 hid::kButtonStickLUp,
                             0, hid::kStickMax, 1000, 0}));
    EXPECT_EQ(pads->Snapshot()[0].input, hid::PadInput{});

    SDL_JoystickClose(joystick);
    ASSERT_EQ(SDL_JoystickDetachVirtual(second), 0) << SDL_GetError();
    Pump(input);
    EXPECT_FALSE(pads->Snapshot()[1].connected);
    EXPECT_EQ(pads->Snapshot()[1].input, hid::PadInput{});

    // Unplugging player 1's controller leaves player 1 to the keyboard.
    ASSERT_EQ(SDL_JoystickDetachVirtual(first), 0) << SDL_GetError();
    Pump(input);
    EXPECT_TRUE(pads->Snapshot()[0].connected);
}

TEST_F(HostInputTest, AControllerBeyondTheLayoutIsNotUsed) {
    auto pads = std::make_shared<hid::HostPads>(1);
    HostInput input(pads);
    ASSERT_GE(AttachController(), 0) << SDL_GetError();
    const int extra = AttachController();
    ASSERT_GE(extra, 0) << SDL_GetError();
    Pump(input);
    SDL_Joystick* joystick = SDL_JoystickOpen(extra);
    ASSERT_NE(joystick, nullptr) << SDL_GetError();
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_B, SDL_PRESSED);
    Pump(input);
    EXPECT_EQ(pads->Snapshot()[0].input, hid::PadInput{});
    SDL_JoystickClose(joystick);
}

// The window under SDL's offscreen video driver, its contents read back from its surface.
class WindowTest : public testing::Test {
protected:
    void SetUp() override {
        setenv("SDL_VIDEODRIVER", "offscreen", 1);
        sdl_ = std::make_unique<SdlSession>();
    }
    void TearDown() override {
        sdl_.reset();
        setenv("SDL_VIDEODRIVER", "dummy", 1);
    }

private:
    std::unique_ptr<SdlSession> sdl_;
};

TEST_F(WindowTest, TheWindowShowsThePresentedFrameScaledToIt) {
    Window window("game", 640, 360);
    EXPECT_NE(window.Title().find("game"), std::string::npos);
    // A 1280x720 frame: left half red, right half blue, shown at half size.
    gpu::Frame frame{1280, 720, std::vector<u8>(1280 * 720 * 4)};
    for (u32 y = 0; y < 720; ++y) {
        for (u32 x = 0; x < 1280; ++x) {
            u8* pixel = frame.rgba.data() + (y * 1280 + x) * 4;
            pixel[0] = x < 640 ? 255 : 0;
            pixel[2] = x < 640 ? 0 : 255;
            pixel[3] = 255;
        }
    }
    window.Paint(&frame);
    SDL_Surface* surface = SDL_GetWindowSurface(window.Handle());
    ASSERT_NE(surface, nullptr) << SDL_GetError();
    ASSERT_EQ(surface->w, 640);
    const auto read = [&](int x, int y) {
        u32 value = 0;
        std::memcpy(&value,
                    static_cast<u8*>(surface->pixels) + y * surface->pitch +
                        x * surface->format->BytesPerPixel,
                    surface->format->BytesPerPixel);
        u8 r = 0, g = 0, b = 0;
        SDL_GetRGB(value, surface->format, &r, &g, &b);
        return std::array<u8, 3>{r, g, b};
    };
    EXPECT_EQ(read(100, 180), (std::array<u8, 3>{255, 0, 0}));
    EXPECT_EQ(read(540, 180), (std::array<u8, 3>{0, 0, 255}));
}

}  // namespace
}  // namespace frontend
