#include "services/hid/hid_state.h"

#include <gtest/gtest.h>

#include <vector>

#include "base/error.h"
#include "kernel/guest_clock.h"
#include "support/recording_signaller.h"

namespace services::hid {
namespace {

using test_support::RecordingSignaller;

const NpadInternalState& Npad(const HidState& state, u64 index) {
    return *reinterpret_cast<const NpadInternalState*>(state.Memory()->HostData() + kNpadOffset +
                                                       index * kNpadEntrySize);
}

const NpadCommonState& Newest(const Lifo<NpadCommonState>& lifo) {
    return lifo.storage[lifo.header.tail].state;
}

const u64 kPeriod = kernel::GuestClock::NanosecondsToTicks(Sampler::kPeriodNs);

TEST(HidState, HostPadsPlugAndUnplugTheirNpad) {
    auto pads = std::make_shared<HostPads>(2);
    pads->SetConnected(0, true);
    auto state = std::make_shared<HidState>(
        HidInputs{nullptr, PadLayout::Parse("pro,joycon-pair", "t"), pads, nullptr});
    EXPECT_EQ(Npad(*state, 0).style_set, kStyleFullKey);
    EXPECT_EQ(Npad(*state, 1).style_set, 0u);
    EXPECT_TRUE(state->StyleSetUpdateEvent(0)->signaled);  // connected from the start
    EXPECT_FALSE(state->StyleSetUpdateEvent(1)->signaled);
    EXPECT_EQ(state->StyleSetUpdateEvent(0x21), nullptr);

    RecordingSignaller events;
    state->Sample(1000 + kPeriod, kPeriod, events);
    EXPECT_TRUE(events.signalled.empty());

    pads->SetConnected(1, true);
    pads->SetInput(1, PadInput{kButtonB, 0, 0, 0, 0});
    state->Sample(1000 + 2 * kPeriod, kPeriod, events);
    ASSERT_EQ(events.signalled.size(), 1u);
    EXPECT_EQ(events.signalled[0], state->StyleSetUpdateEvent(1).get());
    EXPECT_EQ(Npad(*state, 1).style_set, kStyleJoyDual);
    EXPECT_EQ(Newest(Npad(*state, 1).joy_dual).buttons, kButtonB);
    EXPECT_EQ(Newest(Npad(*state, 1).joy_dual).sampling_number, 2u);
    EXPECT_EQ(Newest(Npad(*state, 0).full_key).buttons, 0u);

    pads->SetConnected(1, false);
    state->Sample(1000 + 3 * kPeriod, kPeriod, events);
    ASSERT_EQ(events.signalled.size(), 2u);
    EXPECT_EQ(events.signalled[1], state->StyleSetUpdateEvent(1).get());
    EXPECT_EQ(Npad(*state, 1).style_set, 0u);
    EXPECT_EQ(Newest(Npad(*state, 1).joy_dual).attributes, 0u);
}

TEST(HidState, HostPadsMustMatchTheLayout) {
    EXPECT_THROW(HidState(HidInputs{nullptr, PadLayout::Parse("pro,pro", "t"),
                                    std::make_shared<HostPads>(1), nullptr}),
                 base::Error);
}

// Sample k after the applet resource's start sees the script at k periods: A from 0.1 s for
// 0.1 s is in samples 6 to 11 (16.7 ms apart), whatever the clock's origin.
TEST(HidState, ScriptTimesFollowTheSampleTimes) {
    const auto script =
        std::make_shared<const InputScript>(InputScript::Parse("0.1s A~0.1\n", "t"));
    for (const u64 origin : {u64{0}, u64{123'456'789}}) {
        auto state = std::make_shared<HidState>(HidInputs{script, PadLayout(), nullptr, nullptr});
        RecordingSignaller events;
        std::vector<u64> pressed;
        for (u64 k = 1; k <= 20; ++k) {
            state->Sample(origin + k * kPeriod, kPeriod, events);
            const NpadCommonState& newest = Newest(Npad(*state, 0).full_key);
            EXPECT_EQ(newest.sampling_number, k);
            if (newest.buttons & kButtonA) {
                pressed.push_back(k);
            }
        }
        EXPECT_EQ(pressed, (std::vector<u64>{6, 7, 8, 9, 10, 11}));
    }
}

}  // namespace
}  // namespace services::hid
