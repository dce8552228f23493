#pragma once

// The HID shared memory (nn::hid::detail::SharedMemoryFormat, 0x40000 bytes) as Horizon 13
// and later lay it out, from the public homebrew documentation ("HID Shared Memory"). Every
// input is a RingLifo: a header (buffer count, tail = the newest entry, count of valid
// entries) and 17 atomic storages, each a sampling number followed by a state that repeats it.

#include <array>
#include <cstddef>

#include "base/types.h"

namespace services::hid {

inline constexpr u64 kSharedMemorySize = 0x40000;
inline constexpr u64 kLifoEntries = 17;

struct LifoHeader {
    u64 vtable;  // the ring's virtual table pointer on the console; unused by readers
    u64 buffer_count;
    u64 tail;
    u64 count;
};

template <typename State>
struct AtomicStorage {
    u64 sampling_number;
    State state;
};

template <typename State>
struct Lifo {
    LifoHeader header;
    std::array<AtomicStorage<State>, kLifoEntries> storage;
};

struct AnalogStick {
    s32 x;
    s32 y;
};

struct DebugPadState {
    u64 sampling_number;
    u32 attributes;
    u32 buttons;
    AnalogStick left;
    AnalogStick right;
};

struct TouchState {
    u64 delta_time;
    u32 attributes;
    u32 finger_id;
    u32 x;
    u32 y;
    u32 diameter_x;
    u32 diameter_y;
    u32 rotation_angle;
    u32 reserved;
};

struct TouchScreenState {
    u64 sampling_number;
    s32 count;
    u32 reserved;
    std::array<TouchState, 16> touches;
};

struct MouseState {
    u64 sampling_number;
    s32 x, y, delta_x, delta_y, wheel_delta_x, wheel_delta_y;
    u32 buttons;
    u32 attributes;
};

struct KeyboardState {
    u64 sampling_number;
    u64 modifiers;
    std::array<u64, 4> keys;
};

// nn::hid::NpadFullKeyState and the other styles' states share this shape.
struct NpadCommonState {
    u64 sampling_number;
    u64 buttons;
    AnalogStick left;
    AnalogStick right;
    u32 attributes;
    u32 reserved;
};

struct SixAxisSensorState {
    u64 delta_time;
    u64 sampling_number;
    std::array<float, 3> acceleration;
    std::array<float, 3> angular_velocity;
    std::array<float, 3> angle;
    std::array<float, 9> direction;
    u32 attributes;
    u32 reserved;
};

struct ControllerColor {
    u32 main;
    u32 sub;
};

// The start of nn::hid::detail::NpadInternalState, up to the fields nxhost fills.
struct NpadInternalState {
    u32 style_set;
    u32 joy_assignment_mode;
    u32 full_key_color_attribute;
    ControllerColor full_key_color;
    u32 joy_color_attribute;
    ControllerColor left_joy_color;
    ControllerColor right_joy_color;
    Lifo<NpadCommonState> full_key;
    Lifo<NpadCommonState> handheld;
    Lifo<NpadCommonState> joy_dual;
    Lifo<NpadCommonState> joy_left;
    Lifo<NpadCommonState> joy_right;
    Lifo<NpadCommonState> palma;
    Lifo<NpadCommonState> system_ext;
    Lifo<SixAxisSensorState> full_key_six_axis;
    Lifo<SixAxisSensorState> handheld_six_axis;
    Lifo<SixAxisSensorState> joy_dual_left_six_axis;
    Lifo<SixAxisSensorState> joy_dual_right_six_axis;
    Lifo<SixAxisSensorState> joy_left_six_axis;
    Lifo<SixAxisSensorState> joy_right_six_axis;
    u32 device_type;
    u32 reserved;
    u64 system_properties;
    u32 system_button_properties;
    std::array<u32, 3> battery_level;
};

inline constexpr u64 kDebugPadOffset = 0x0;
inline constexpr u64 kTouchScreenOffset = 0x400;
inline constexpr u64 kMouseOffset = 0x3400;
inline constexpr u64 kKeyboardOffset = 0x3800;
inline constexpr u64 kNpadOffset = 0x9A00;
inline constexpr u64 kNpadEntrySize = 0x5000;
inline constexpr u64 kNpadEntries = 10;  // No1..No8, Handheld, Other

static_assert(sizeof(Lifo<DebugPadState>) == 0x2C8);
static_assert(sizeof(Lifo<TouchScreenState>) == 0x2C38);
static_assert(sizeof(Lifo<MouseState>) == 0x350);
static_assert(sizeof(Lifo<KeyboardState>) == 0x3D8);
static_assert(sizeof(Lifo<NpadCommonState>) == 0x350);
static_assert(sizeof(Lifo<SixAxisSensorState>) == 0x708);
static_assert(offsetof(NpadInternalState, full_key) == 0x28);
static_assert(offsetof(NpadInternalState, handheld) == 0x378);
static_assert(offsetof(NpadInternalState, full_key_six_axis) == 0x1758);
static_assert(offsetof(NpadInternalState, device_type) == 0x4188);
static_assert(sizeof(NpadInternalState) <= kNpadEntrySize);
static_assert(kNpadOffset + kNpadEntries * kNpadEntrySize == 0x3BA00);

// nn::hid::NpadStyleTag bits.
inline constexpr u32 kStyleFullKey = 1u << 0;
inline constexpr u32 kStyleHandheld = 1u << 1;
inline constexpr u32 kStyleJoyDual = 1u << 2;
inline constexpr u32 kStyleJoyLeft = 1u << 3;
inline constexpr u32 kStyleJoyRight = 1u << 4;

// nn::hid::NpadAttribute bits.
inline constexpr u32 kAttributeConnected = 1u << 0;
inline constexpr u32 kAttributeWired = 1u << 1;
inline constexpr u32 kAttributeLeftConnected = 1u << 2;
inline constexpr u32 kAttributeLeftWired = 1u << 3;
inline constexpr u32 kAttributeRightConnected = 1u << 4;
inline constexpr u32 kAttributeRightWired = 1u << 5;

// nn::hid::system::DeviceType bits.
inline constexpr u32 kDeviceFullKey = 1u << 0;
inline constexpr u32 kDeviceHandheldLeft = 1u << 2;
inline constexpr u32 kDeviceHandheldRight = 1u << 3;
inline constexpr u32 kDeviceJoyLeft = 1u << 4;
inline constexpr u32 kDeviceJoyRight = 1u << 5;

// Shared memory entry of an npad id (No1..No8 = 0..7, Handheld = 0x20, Other = 0x10).
inline constexpr u64 kNpadHandheldIndex = 8;

}  // namespace services::hid
