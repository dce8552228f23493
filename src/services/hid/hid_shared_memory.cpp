#include "services/hid/hid_shared_memory.h"

#include <cstring>

#include "services/hid/lifo_writer.h"

namespace services::hid {
namespace {

template <typename T>
T& At(u8* memory, u64 offset) {
    return *reinterpret_cast<T*>(memory + offset);
}

NpadInternalState& Npad(u8* memory, u64 index) {
    return At<NpadInternalState>(memory, kNpadOffset + index * kNpadEntrySize);
}

using StyleLifo = Lifo<NpadCommonState> NpadInternalState::*;
using SixAxisLifo = Lifo<SixAxisSensorState> NpadInternalState::*;

// Colors as 0xAARRGGBB-style words: a dark grey Pro Controller, neon Joy-Con.
constexpr ControllerColor kProControllerColor{0xFF2D2D2D, 0xFFE6E6E6};
constexpr ControllerColor kLeftJoyColor{0xFFFFC30A, 0xFF1E1E1E};
constexpr ControllerColor kRightJoyColor{0xFF3C4BFF, 0xFF1E1E1E};
constexpr u32 kBatteryFull = 4;
constexpr u32 kColorOk = 0;
constexpr u32 kColorNoController = 2;
constexpr u32 kAssignmentDual = 0;
constexpr u32 kAssignmentSingle = 1;

// How a style shows in an npad entry (the HID Shared Memory page's NpadInternalState): the
// ring its states go to, their attributes, the device types behind it and its motion rings.
struct StyleEntry {
    PadStyle style;
    StyleLifo lifo;
    u32 attributes;
    u32 device_type;
    u32 assignment_mode;
    SixAxisLifo six_axis[2];
};

constexpr StyleEntry kStyleEntries[] = {
    {PadStyle::ProController,
     &NpadInternalState::full_key,
     kAttributeConnected,
     kDeviceFullKey,
     kAssignmentDual,
     {&NpadInternalState::full_key_six_axis, nullptr}},
    {PadStyle::Handheld,
     &NpadInternalState::handheld,
     kAttributeConnected | kAttributeWired | kAttributeLeftConnected | kAttributeLeftWired |
         kAttributeRightConnected | kAttributeRightWired,
     kDeviceHandheldLeft | kDeviceHandheldRight,
     kAssignmentDual,
     {&NpadInternalState::handheld_six_axis, nullptr}},
    {PadStyle::JoyConPair,
     &NpadInternalState::joy_dual,
     kAttributeConnected | kAttributeLeftConnected | kAttributeRightConnected,
     kDeviceJoyLeft | kDeviceJoyRight,
     kAssignmentDual,
     {&NpadInternalState::joy_dual_left_six_axis, &NpadInternalState::joy_dual_right_six_axis}},
    {PadStyle::JoyConLeft,
     &NpadInternalState::joy_left,
     kAttributeConnected | kAttributeLeftConnected,
     kDeviceJoyLeft,
     kAssignmentSingle,
     {&NpadInternalState::joy_left_six_axis, nullptr}},
    {PadStyle::JoyConRight,
     &NpadInternalState::joy_right,
     kAttributeConnected | kAttributeRightConnected,
     kDeviceJoyRight,
     kAssignmentSingle,
     {&NpadInternalState::joy_right_six_axis, nullptr}},
};

const StyleEntry& EntryOf(PadStyle style) {
    for (const StyleEntry& entry : kStyleEntries) {
        if (entry.style == style) {
            return entry;
        }
    }
    return kStyleEntries[0];
}

void ResetNpad(NpadInternalState& npad) {
    for (Lifo<NpadCommonState>* lifo :
         {&npad.full_key, &npad.handheld, &npad.joy_dual, &npad.joy_left, &npad.joy_right,
          &npad.palma, &npad.system_ext}) {
        ResetLifo(lifo->header);
    }
    for (Lifo<SixAxisSensorState>* lifo :
         {&npad.full_key_six_axis, &npad.handheld_six_axis, &npad.joy_dual_left_six_axis,
          &npad.joy_dual_right_six_axis, &npad.joy_left_six_axis, &npad.joy_right_six_axis}) {
        ResetLifo(lifo->header);
    }
}

NpadCommonState PadState(const PadInput& input, u32 attributes) {
    NpadCommonState state{};
    state.buttons = input.buttons;
    state.left = {input.left_x, input.left_y};
    state.right = {input.right_x, input.right_y};
    state.attributes = attributes;
    return state;
}

SixAxisSensorState AtRest(u64 delta_ns) {
    SixAxisSensorState state{};
    state.delta_time = delta_ns;
    state.acceleration = {0.0f, 0.0f, -1.0f};  // lying flat: gravity only
    state.direction = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    state.attributes = 1;  // IsConnected
    return state;
}

}  // namespace

void InitializeSharedMemory(u8* memory) {
    std::memset(memory, 0, kSharedMemorySize);
    ResetLifo(At<Lifo<DebugPadState>>(memory, kDebugPadOffset).header);
    ResetLifo(At<Lifo<TouchScreenState>>(memory, kTouchScreenOffset).header);
    ResetLifo(At<Lifo<MouseState>>(memory, kMouseOffset).header);
    ResetLifo(At<Lifo<KeyboardState>>(memory, kKeyboardOffset).header);
    for (u64 index = 0; index < kNpadEntries; ++index) {
        ResetNpad(Npad(memory, index));
    }
}

void WriteNpadConnection(u8* memory, u64 index, std::optional<PadStyle> style) {
    NpadInternalState& npad = Npad(memory, index);
    if (!style) {
        npad.style_set = 0;
        npad.device_type = 0;
        npad.full_key_color_attribute = kColorNoController;
        npad.joy_color_attribute = kColorNoController;
        npad.battery_level = {0, 0, 0};
        return;
    }
    const StyleEntry& entry = EntryOf(*style);
    npad.style_set = StyleTag(*style);
    npad.device_type = entry.device_type;
    npad.joy_assignment_mode = entry.assignment_mode;
    const bool pro = *style == PadStyle::ProController;
    npad.full_key_color_attribute = pro ? kColorOk : kColorNoController;
    npad.full_key_color = pro ? kProControllerColor : ControllerColor{};
    npad.joy_color_attribute = pro ? kColorNoController : kColorOk;
    npad.left_joy_color = pro ? ControllerColor{} : kLeftJoyColor;
    npad.right_joy_color = pro ? ControllerColor{} : kRightJoyColor;
    npad.battery_level = {kBatteryFull, kBatteryFull, kBatteryFull};
}

void WriteSample(u8* memory, u64 sampling_number, u64 delta_ns, const NpadSamples& npads,
                 std::optional<TouchPoint> touch, bool touch_began) {
    DebugPadState debug_pad{};
    PushLifo(At<Lifo<DebugPadState>>(memory, kDebugPadOffset), debug_pad, sampling_number);
    TouchScreenState screen{};
    if (touch) {
        // One finger (id 0), a fingertip's size; the start attribute on its first sample
        // (nn::hid::TouchAttribute: 1 start, 2 end).
        screen.count = 1;
        screen.touches[0] =
            TouchState{delta_ns, touch_began ? 1u : 0u, 0, touch->x, touch->y, 15, 15, 0, 0};
    }
    PushLifo(At<Lifo<TouchScreenState>>(memory, kTouchScreenOffset), screen, sampling_number);
    MouseState mouse{};
    PushLifo(At<Lifo<MouseState>>(memory, kMouseOffset), mouse, sampling_number);
    KeyboardState keyboard{};
    PushLifo(At<Lifo<KeyboardState>>(memory, kKeyboardOffset), keyboard, sampling_number);

    for (u64 index = 0; index < kNpadEntries; ++index) {
        NpadInternalState& npad = Npad(memory, index);
        const NpadSample& sample = npads[index];
        // The system-ext ring mirrors whatever controller is connected: libnx before 4.0 reads
        // every npad through it (its LAYOUT_DEFAULT), whatever the controller's style.
        NpadCommonState mirrored{};
        for (const StyleEntry& entry : kStyleEntries) {
            const bool current = sample.style == entry.style;
            if (current) {
                mirrored = PadState(sample.input, entry.attributes);
            }
            PushLifo(npad.*entry.lifo,
                     current ? PadState(sample.input, entry.attributes) : NpadCommonState{},
                     sampling_number);
            for (const SixAxisLifo six_axis : entry.six_axis) {
                if (current && six_axis != nullptr) {
                    PushLifo(npad.*six_axis, AtRest(delta_ns), sampling_number);
                }
            }
        }
        PushLifo(npad.system_ext, mirrored, sampling_number);
    }
}

}  // namespace services::hid
