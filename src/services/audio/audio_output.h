#pragma once

// The console's sound output, which every audio out plays into: a buffer that began playing at
// a guest tick lands on the output's timeline of 48 kHz stereo frames, downmixed from 5.1 when
// it has six channels and scaled by its audio out's volume, and goes to the sink.
//
// The timeline counts frames from the launch of the run's first program; a program launched
// next (hbmenu's choice) continues where the one before ended, so that a capture of a chain is
// one timeline even where each process's guest clock starts anew (deterministic runs).
//
// Used from periodic work under the kernel's scheduler lock (the audio outs' and the output
// clock's); its own mutex guards the timeline.

#include <memory>
#include <mutex>
#include <span>

#include "base/types.h"
#include "services/audio/audio_sink.h"

namespace services::audio {

// 400 ticks of the 19.2 MHz guest clock a frame at 48 kHz.
inline constexpr u64 kTicksPerFrame = 19'200'000 / kOutputSampleRate;

class AudioOutput {
public:
    explicit AudioOutput(std::shared_ptr<AudioSink> sink);

    const std::shared_ptr<AudioSink>& Sink() const { return sink_; }
    // A program was launched at guest tick `ticks`: its timeline continues from the furthest
    // position reached so far.
    void Launch(u64 ticks);
    // The output clock (`AudioOutputClock`): the console has played up to guest tick `ticks`.
    void AdvanceTo(u64 ticks);
    // Interleaved PCM of `channels` (2 or 6) channels that began playing at guest tick `start`,
    // at `volume` (the audio out's SetAudioOutVolume).
    void Play(u64 start, std::span<const s16> pcm, u32 channels, float volume);
    // The timeline's frame at guest tick `ticks` of the current program.
    u64 PositionOf(u64 ticks) const;

private:
    u64 PositionLocked(u64 ticks) const;

    const std::shared_ptr<AudioSink> sink_;
    mutable std::mutex mutex_;
    bool launched_ = false;
    u64 origin_ticks_ = 0;     // the current program's launch
    u64 origin_position_ = 0;  // the timeline's frame at its launch
    u64 reached_ = 0;          // the furthest frame written or played so far
};

}  // namespace services::audio
