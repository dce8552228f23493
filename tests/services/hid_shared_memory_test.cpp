#include "services/hid/hid_shared_memory.h"

#include <gtest/gtest.h>

#include <vector>

namespace services::hid {
namespace {

template <typename T>
const T& At(const std::vector<u8>& memory, u64 offset) {
    return *reinterpret_cast<const T*>(memory.data() + offset);
}

const NpadInternalState& Npad(const std::vector<u8>& memory, u64 index) {
    return At<NpadInternalState>(memory, kNpadOffset + index * kNpadEntrySize);
}

template <typename State>
const State& Newest(const Lifo<State>& lifo) {
    return lifo.storage[lifo.header.tail].state;
}

TEST(HidSharedMemory, InitialLayoutHasEmptyRingsAndNoNpad) {
    std::vector<u8> memory(kSharedMemorySize, 0xcc);
    InitializeSharedMemory(memory.data());
    EXPECT_EQ(At<LifoHeader>(memory, kDebugPadOffset).buffer_count, kLifoEntries);
    EXPECT_EQ(At<LifoHeader>(memory, kTouchScreenOffset).buffer_count, kLifoEntries);
    EXPECT_EQ(At<LifoHeader>(memory, kMouseOffset).count, 0u);
    for (u64 index = 0; index < kNpadEntries; ++index) {
        EXPECT_EQ(Npad(memory, index).style_set, 0u);
        EXPECT_EQ(Npad(memory, index).full_key.header.buffer_count, kLifoEntries);
        EXPECT_EQ(Npad(memory, index).joy_right_six_axis.header.buffer_count, kLifoEntries);
    }
}

// Each style as the HID Shared Memory page describes it: its tag, device types and
// assignment mode, and the ring its states go to with its attributes.
struct StyleCase {
    PadStyle style;
    u32 tag;
    u32 device_type;
    u32 assignment_mode;
    Lifo<NpadCommonState> NpadInternalState::*lifo;
    u32 attributes;
};

class HidSharedMemoryStyle : public testing::TestWithParam<StyleCase> {};

TEST_P(HidSharedMemoryStyle, ConnectionAndSamples) {
    const StyleCase& style = GetParam();
    std::vector<u8> memory(kSharedMemorySize);
    InitializeSharedMemory(memory.data());
    WriteNpadConnection(memory.data(), 2, style.style);
    EXPECT_EQ(Npad(memory, 2).style_set, style.tag);
    EXPECT_EQ(Npad(memory, 2).device_type, style.device_type);
    EXPECT_EQ(Npad(memory, 2).joy_assignment_mode, style.assignment_mode);
    EXPECT_EQ(Npad(memory, 2).battery_level[0], 4u);

    NpadSamples samples{};
    samples[2] = {style.style, PadInput{kButtonA, 1234, 0, 0, -5}};
    for (u64 number = 1; number <= 20; ++number) {
        WriteSample(memory.data(), number, 16'666'667, samples);
    }
    const Lifo<NpadCommonState>& ring = Npad(memory, 2).*style.lifo;
    EXPECT_EQ(ring.header.count, kLifoEntries);
    EXPECT_EQ(ring.storage[ring.header.tail].sampling_number, 20u);
    EXPECT_EQ(Newest(ring).sampling_number, 20u);
    EXPECT_EQ(Newest(ring).buttons, kButtonA);
    EXPECT_EQ(Newest(ring).left.x, 1234);
    EXPECT_EQ(Newest(ring).right.y, -5);
    EXPECT_EQ(Newest(ring).attributes, style.attributes);
    const auto& before = ring.storage[(ring.header.tail + kLifoEntries - 1) % kLifoEntries];
    EXPECT_EQ(before.sampling_number, 19u);
    // Another style's ring of the same npad, and another npad, say "not connected".
    const auto other = style.style == PadStyle::ProController ? &NpadInternalState::handheld
                                                              : &NpadInternalState::full_key;
    EXPECT_EQ(Newest(Npad(memory, 2).*other).attributes, 0u);
    EXPECT_EQ(Newest(Npad(memory, 2).*other).sampling_number, 20u);
    EXPECT_EQ(Newest(Npad(memory, 0).*style.lifo).attributes, 0u);

    WriteNpadConnection(memory.data(), 2, std::nullopt);
    EXPECT_EQ(Npad(memory, 2).style_set, 0u);
    EXPECT_EQ(Npad(memory, 2).device_type, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Styles, HidSharedMemoryStyle,
    testing::Values(
        StyleCase{PadStyle::ProController, kStyleFullKey, kDeviceFullKey, 0,
                  &NpadInternalState::full_key, kAttributeConnected},
        StyleCase{PadStyle::Handheld, kStyleHandheld, kDeviceHandheldLeft | kDeviceHandheldRight, 0,
                  &NpadInternalState::handheld, 0x3f},
        StyleCase{PadStyle::JoyConPair, kStyleJoyDual, kDeviceJoyLeft | kDeviceJoyRight, 0,
                  &NpadInternalState::joy_dual,
                  kAttributeConnected | kAttributeLeftConnected | kAttributeRightConnected},
        StyleCase{PadStyle::JoyConLeft, kStyleJoyLeft, kDeviceJoyLeft, 1,
                  &NpadInternalState::joy_left, kAttributeConnected | kAttributeLeftConnected},
        StyleCase{PadStyle::JoyConRight, kStyleJoyRight, kDeviceJoyRight, 1,
                  &NpadInternalState::joy_right, kAttributeConnected | kAttributeRightConnected}));

TEST(HidSharedMemory, SixAxisOfTheConnectedStyleCarriesTheDelta) {
    std::vector<u8> memory(kSharedMemorySize);
    InitializeSharedMemory(memory.data());
    NpadSamples samples{};
    samples[0].style = PadStyle::ProController;
    WriteSample(memory.data(), 1, 16'666'667, samples);
    const auto& six_axis = Npad(memory, 0).full_key_six_axis;
    EXPECT_EQ(six_axis.header.count, 1u);
    EXPECT_EQ(Newest(six_axis).delta_time, 16'666'667u);
    EXPECT_EQ(Npad(memory, 0).handheld_six_axis.header.count, 0u);
}

}  // namespace
}  // namespace services::hid
