#pragma once

// Where the PCM an audio out has played goes: interleaved signed 16-bit samples of `channels`
// channels at `rate` frames a second, in play order. The default throws it away; the sound
// output (SDL2, a WAV capture) implements this later.
//
// Write is called from periodic work, with the kernel's scheduler lock held: it must be quick
// and must not call into the kernel (an SDL sink copies into its own ring buffer).

#include <memory>
#include <span>

#include "base/types.h"

namespace services::audio {

class AudioSink {
public:
    virtual ~AudioSink() = default;
    virtual void Write(std::span<const s16> samples, u32 channels, u32 rate) = 0;
};

class NullSink final : public AudioSink {
public:
    void Write(std::span<const s16>, u32, u32) override {}
};

}  // namespace services::audio
