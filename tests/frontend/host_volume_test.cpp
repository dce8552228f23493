// The host sound's volume keys: F7 mutes and unmutes, F8 and F9 step by 10 % within 0 to 100;
// the volume scales what the device plays, mute silences it.

#include <gtest/gtest.h>

#include <vector>

#include "frontend/host_volume.h"

namespace frontend {
namespace {

TEST(HostVolume, KeysStepAndMute) {
    HostVolume volume(95, false);
    EXPECT_TRUE(volume.HandleKey(SDL_SCANCODE_F9));
    EXPECT_EQ(volume.Percent(), 100u);  // not past 100
    EXPECT_TRUE(volume.HandleKey(SDL_SCANCODE_F8));
    EXPECT_EQ(volume.Percent(), 90u);
    for (int i = 0; i < 12; ++i) {
        volume.HandleKey(SDL_SCANCODE_F8);
    }
    EXPECT_EQ(volume.Percent(), 0u);  // not below 0
    EXPECT_TRUE(volume.HandleKey(SDL_SCANCODE_F7));
    EXPECT_TRUE(volume.Muted());
    EXPECT_TRUE(volume.HandleKey(SDL_SCANCODE_F7));
    EXPECT_FALSE(volume.Muted());
    EXPECT_FALSE(volume.HandleKey(SDL_SCANCODE_F10));  // the dock's key, not the sound's
}

TEST(HostVolume, ScalesOrSilencesThePlayedSamples) {
    std::vector<s16> samples = {1000, -1000, 32767, -32768};
    HostVolume(50, false).Apply(samples);
    EXPECT_EQ(samples, (std::vector<s16>{500, -500, 16384, -16384}));
    HostVolume(100, true).Apply(samples);
    EXPECT_EQ(samples, (std::vector<s16>{0, 0, 0, 0}));
    std::vector<s16> loud = {123, -456};
    HostVolume(250, false).Apply(loud);  // 250 is taken as 100: the host volume only attenuates
    EXPECT_EQ(loud, (std::vector<s16>{123, -456}));
}

}  // namespace
}  // namespace frontend
