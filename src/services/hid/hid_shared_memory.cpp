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

// Colors as 0xAARRGGBB-style words: a dark grey Pro Controller, neon Joy-Con.
constexpr ControllerColor kProControllerColor{0xFF2D2D2D, 0xFFE6E6E6};
constexpr ControllerColor kLeftJoyColor{0xFFFFC30A, 0xFF1E1E1E};
constexpr ControllerColor kRightJoyColor{0xFF3C4BFF, 0xFF1E1E1E};
constexpr u32 kBatteryFull = 4;

constexpr u32 kFullKeyAttributes = kAttributeConnected;
constexpr u32 kHandheldAttributes = kAttributeConnected | kAttributeWired |
                                    kAttributeLeftConnected | kAttributeLeftWired |
                                    kAttributeRightConnected | kAttributeRightWired;

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

    NpadInternalState& player1 = Npad(memory, 0);
    player1.style_set = kStyleFullKey;
    player1.full_key_color = kProControllerColor;
    player1.device_type = kDeviceFullKey;
    player1.battery_level = {kBatteryFull, kBatteryFull, kBatteryFull};

    NpadInternalState& handheld = Npad(memory, kNpadHandheldIndex);
    handheld.style_set = kStyleHandheld;
    handheld.left_joy_color = kLeftJoyColor;
    handheld.right_joy_color = kRightJoyColor;
    handheld.device_type = kDeviceHandheldLeft | kDeviceHandheldRight;
    handheld.battery_level = {kBatteryFull, kBatteryFull, kBatteryFull};
}

void WriteSample(u8* memory, u64 sampling_number, u64 delta_ns, const PadInput& input) {
    DebugPadState debug_pad{};
    PushLifo(At<Lifo<DebugPadState>>(memory, kDebugPadOffset), debug_pad, sampling_number);
    TouchScreenState touch{};
    PushLifo(At<Lifo<TouchScreenState>>(memory, kTouchScreenOffset), touch, sampling_number);
    MouseState mouse{};
    PushLifo(At<Lifo<MouseState>>(memory, kMouseOffset), mouse, sampling_number);
    KeyboardState keyboard{};
    PushLifo(At<Lifo<KeyboardState>>(memory, kKeyboardOffset), keyboard, sampling_number);

    NpadInternalState& player1 = Npad(memory, 0);
    PushLifo(player1.full_key, PadState(input, kFullKeyAttributes), sampling_number);
    PushLifo(player1.full_key_six_axis, AtRest(delta_ns), sampling_number);
    NpadInternalState& handheld = Npad(memory, kNpadHandheldIndex);
    PushLifo(handheld.handheld, PadState(input, kHandheldAttributes), sampling_number);
    PushLifo(handheld.handheld_six_axis, AtRest(delta_ns), sampling_number);
}

u64 LatestSamplingNumber(const u8* memory) {
    const auto& lifo = *reinterpret_cast<const Lifo<DebugPadState>*>(memory + kDebugPadOffset);
    return lifo.header.count == 0 ? 0 : lifo.storage[lifo.header.tail].sampling_number;
}

}  // namespace services::hid
