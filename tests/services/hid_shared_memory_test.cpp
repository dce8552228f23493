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

TEST(HidSharedMemory, InitialLayout) {
    std::vector<u8> memory(kSharedMemorySize, 0xcc);
    InitializeSharedMemory(memory.data());
    EXPECT_EQ(At<LifoHeader>(memory, kDebugPadOffset).buffer_count, kLifoEntries);
    EXPECT_EQ(At<LifoHeader>(memory, kTouchScreenOffset).buffer_count, kLifoEntries);
    EXPECT_EQ(At<LifoHeader>(memory, kMouseOffset).count, 0u);
    EXPECT_EQ(Npad(memory, 0).style_set, kStyleFullKey);
    EXPECT_EQ(Npad(memory, 0).device_type, kDeviceFullKey);
    EXPECT_EQ(Npad(memory, kNpadHandheldIndex).style_set, kStyleHandheld);
    EXPECT_EQ(Npad(memory, 1).style_set, 0u);
    EXPECT_EQ(Npad(memory, 1).full_key.header.buffer_count, kLifoEntries);
    EXPECT_EQ(LatestSamplingNumber(memory.data()), 0u);
}

TEST(HidSharedMemory, SamplesFillTheRingsInOrder) {
    std::vector<u8> memory(kSharedMemorySize);
    InitializeSharedMemory(memory.data());
    PadInput input;
    input.buttons = kButtonA;
    input.left_x = 1234;
    for (u64 number = 1; number <= 20; ++number) {
        WriteSample(memory.data(), number, 16'666'667, input);
    }
    const Lifo<NpadCommonState>& ring = Npad(memory, 0).full_key;
    EXPECT_EQ(ring.header.count, kLifoEntries);
    const auto& newest = ring.storage[ring.header.tail];
    EXPECT_EQ(newest.sampling_number, 20u);
    EXPECT_EQ(newest.state.sampling_number, 20u);
    EXPECT_EQ(newest.state.buttons, kButtonA);
    EXPECT_EQ(newest.state.left.x, 1234);
    EXPECT_EQ(newest.state.attributes & kAttributeConnected, kAttributeConnected);
    const auto& before = ring.storage[(ring.header.tail + kLifoEntries - 1) % kLifoEntries];
    EXPECT_EQ(before.sampling_number, 19u);
    const auto& handheld = Npad(memory, kNpadHandheldIndex).handheld;
    EXPECT_EQ(handheld.storage[handheld.header.tail].state.buttons, kButtonA);
    const auto& six_axis = Npad(memory, 0).full_key_six_axis;
    EXPECT_EQ(six_axis.storage[six_axis.header.tail].state.delta_time, 16'666'667u);
    EXPECT_EQ(LatestSamplingNumber(memory.data()), 20u);
}

}  // namespace
}  // namespace services::hid
