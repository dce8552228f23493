#pragma once

// One audio out's playback on the guest clock: buffers appended while it is started play one
// after another at 48 kHz, so a buffer of N frames is released N / 48000 s (N * 400 ticks of
// the 19.2 MHz clock) after it began playing, in the order they were appended. Released
// buffers wait until the program takes their tags (GetReleasedAudioOutBuffers), and their PCM
// goes to the console's output as they are released, placed at the tick each began playing.
//
// Requests (on the guest's thread) and the periodic work (under the scheduler lock) both use
// it; its own mutex guards it, and it never calls into the kernel.

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "base/result.h"
#include "base/types.h"
#include "services/audio/audio_output.h"

namespace services::audio {

// nn::audio::AudioOutState.
enum class AudioOutState : u32 { Started = 0, Stopped = 1 };

// Buffers an audio out holds at once, appended or released but not yet taken back.
inline constexpr std::size_t kMaxBuffers = 32;

class AudioOutStream {
public:
    AudioOutStream(u32 channels, std::shared_ptr<AudioOutput> output);

    u32 Channels() const { return channels_; }
    AudioOutState State() const;
    // Starting a started stream fails, as on the console.
    base::Result Start(u64 now);
    // Stops a started stream at `now`; every buffer not yet played is released, and the part of
    // the playing one that played by then goes to the output. True when any was released.
    bool Stop(u64 now);
    // Queues a buffer of interleaved s16 PCM under the client's tag.
    base::Result Append(u64 tag, std::vector<s16> pcm, u64 now);
    // Releases the buffers that finished playing by `ticks`; true when any did.
    bool Advance(u64 ticks);
    // Takes released buffers' tags, oldest first, as many as fit.
    u32 TakeReleased(std::span<u64> tags);
    bool Contains(u64 tag) const;
    // Buffers appended and not yet released.
    u32 QueuedCount() const;
    // Frames played so far, the one playing now included as far as it has played by `now`.
    u64 PlayedSampleCount(u64 now) const;
    // Releases every queued buffer at `now` (the part of the playing one that played by then
    // goes to the output); false (and nothing done) when stopped. `released_any` says whether
    // there was one.
    bool Flush(u64 now, bool& released_any);
    float Volume() const;
    void SetVolume(float volume);
    // Whether a buffer is waiting to be released by Advance (the periodic work may wake
    // threads waiting for it).
    bool Playing() const { return playing_.load(std::memory_order_relaxed); }

private:
    struct Buffer {
        u64 tag;
        std::vector<s16> pcm;
        u64 frames;
    };
    u64 DurationTicks(const Buffer& buffer) const { return buffer.frames * kTicksPerFrame; }
    struct Played {
        u64 start;
        std::vector<s16> pcm;
    };
    // Releases every queued buffer, keeping what of the first had played by `now`; mutex_ held.
    Played ReleaseQueued(u64 now);
    void UpdatePlaying();  // with mutex_ held

    const u32 channels_;
    const std::shared_ptr<AudioOutput> output_;
    mutable std::mutex mutex_;
    AudioOutState state_ = AudioOutState::Stopped;
    std::deque<Buffer> queued_;
    std::deque<u64> released_;
    u64 head_start_ = 0;  // when the first queued buffer began playing (started only)
    u64 played_frames_ = 0;
    float volume_ = 1.0f;
    std::atomic<bool> playing_{false};
};

}  // namespace services::audio
