#pragma once

// Where the console's sound output goes: one timeline of stereo signed 16-bit frames at
// 48 kHz, counted from the run's launch on the guest clock (`AudioOutput` places every audio
// out's released buffers on it). The default throws it away; the frontend's sinks (a WAV
// capture, the host's sound device) implement it.
//
// Both calls come from periodic work, with the kernel's scheduler lock held: they must be
// quick and must not call into the kernel (a device sink copies into its own ring buffer).

#include <span>

#include "base/types.h"

namespace services::audio {

// The console's default output is stereo (IAudioDevice's AudioTvOutput reports 2 channels).
inline constexpr u32 kOutputChannels = 2;
inline constexpr u32 kOutputSampleRate = 48000;

class AudioSink {
public:
    virtual ~AudioSink() = default;
    // Interleaved stereo frames that played from frame `position` of the timeline on. Writes
    // may overlap (two audio outs playing at once): overlapping samples mix. A buffer arrives
    // when it has finished playing, so writes come in roughly, not strictly, in time order.
    virtual void Write(u64 position, std::span<const s16> stereo) = 0;
    // The output's clock, every 5 ms of guest time: the console has played up to `position`
    // (what nothing was written for is silence; a buffer still playing arrives later).
    virtual void AdvanceTo(u64 position) = 0;
};

class NullSink final : public AudioSink {
public:
    void Write(u64, std::span<const s16>) override {}
    void AdvanceTo(u64) override {}
};

}  // namespace services::audio
