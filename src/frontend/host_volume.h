#pragma once

// The host sound's volume and mute (--volume, --mute, F7/F8/F9 in the window): shared by the
// window, which changes them, and the sound device's thread, which applies them. They act on
// what the host hears only, never on the console's output or a capture of it.

#include <atomic>
#include <span>

#include <SDL_scancode.h>

#include "base/types.h"

namespace frontend {

class HostVolume {
public:
    static constexpr u32 kKeyStep = 10;  // percent, for F8 and F9

    HostVolume(u32 percent, bool muted) : percent_(percent > 100 ? 100 : percent), muted_(muted) {}

    u32 Percent() const { return percent_; }
    void SetPercent(u32 percent) { percent_ = percent > 100 ? 100 : percent; }
    bool Muted() const { return muted_; }
    void SetMuted(bool muted) { muted_ = muted; }

    // F7 mutes and unmutes, F8 and F9 turn the volume down and up by kKeyStep (within 0 to
    // 100). False for any other key.
    bool HandleKey(SDL_Scancode key);
    // Scales interleaved samples by the volume, or silences them when muted.
    void Apply(std::span<s16> samples) const;

private:
    std::atomic<u32> percent_;
    std::atomic<bool> muted_;
};

}  // namespace frontend
