#include "services/audio/audio_out_stream.h"

#include <algorithm>

#include "services/audio/audio_results.h"

namespace services::audio {

AudioOutStream::AudioOutStream(u32 channels, std::shared_ptr<AudioOutput> output)
    : channels_(channels),
      output_(output ? std::move(output) : std::make_shared<AudioOutput>(nullptr)) {}

AudioOutState AudioOutStream::State() const {
    std::lock_guard lock(mutex_);
    return state_;
}

base::Result AudioOutStream::Start(u64 now) {
    std::lock_guard lock(mutex_);
    if (state_ == AudioOutState::Started) {
        return ResultOperationFailed;
    }
    state_ = AudioOutState::Started;
    head_start_ = now;
    UpdatePlaying();
    return base::ResultSuccess;
}

AudioOutStream::Played AudioOutStream::ReleaseQueued(u64 now) {
    Played played{head_start_, {}};
    if (!queued_.empty() && now > head_start_) {
        const Buffer& head = queued_.front();
        const u64 frames = std::min(head.frames, (now - head_start_) / kTicksPerFrame);
        played.pcm.assign(head.pcm.begin(), head.pcm.begin() + frames * channels_);
    }
    for (const Buffer& buffer : queued_) {
        released_.push_back(buffer.tag);
    }
    queued_.clear();
    UpdatePlaying();
    return played;
}

bool AudioOutStream::Stop(u64 now) {
    Played played;
    float volume = 1.0f;
    bool any = false;
    {
        std::lock_guard lock(mutex_);
        if (state_ != AudioOutState::Started) {
            return false;  // buffers appended while stopped stay queued
        }
        state_ = AudioOutState::Stopped;
        any = !queued_.empty();
        played = ReleaseQueued(now);
        volume = volume_;
    }
    if (!played.pcm.empty()) {
        output_->Play(played.start, played.pcm, channels_, volume);
    }
    return any;
}

base::Result AudioOutStream::Append(u64 tag, std::vector<s16> pcm, u64 now) {
    std::lock_guard lock(mutex_);
    if (queued_.size() + released_.size() >= kMaxBuffers) {
        return ResultBufferCountReached;
    }
    if (queued_.empty()) {
        head_start_ = now;  // after an underrun, playback resumes with this buffer
    }
    const u64 frames = pcm.size() / channels_;
    queued_.push_back(Buffer{tag, std::move(pcm), frames});
    UpdatePlaying();
    return base::ResultSuccess;
}

bool AudioOutStream::Advance(u64 ticks) {
    struct Released {
        u64 start;
        Buffer buffer;
    };
    std::vector<Released> done;
    float volume = 1.0f;
    {
        std::lock_guard lock(mutex_);
        if (state_ != AudioOutState::Started) {
            return false;
        }
        while (!queued_.empty() && ticks >= head_start_ + DurationTicks(queued_.front())) {
            Buffer& buffer = queued_.front();
            const u64 start = head_start_;
            head_start_ += DurationTicks(buffer);  // the next one starts where this one ended
            played_frames_ += buffer.frames;
            released_.push_back(buffer.tag);
            done.push_back(Released{start, std::move(buffer)});
            queued_.pop_front();
        }
        UpdatePlaying();
        volume = volume_;
    }
    for (const Released& released : done) {
        output_->Play(released.start, released.buffer.pcm, channels_, volume);
    }
    return !done.empty();
}

u32 AudioOutStream::TakeReleased(std::span<u64> tags) {
    std::lock_guard lock(mutex_);
    u32 count = 0;
    while (!released_.empty() && count < tags.size()) {
        tags[count++] = released_.front();
        released_.pop_front();
    }
    return count;
}

bool AudioOutStream::Contains(u64 tag) const {
    std::lock_guard lock(mutex_);
    return std::any_of(queued_.begin(), queued_.end(),
                       [tag](const Buffer& buffer) { return buffer.tag == tag; }) ||
           std::find(released_.begin(), released_.end(), tag) != released_.end();
}

u32 AudioOutStream::QueuedCount() const {
    std::lock_guard lock(mutex_);
    return static_cast<u32>(queued_.size());
}

u64 AudioOutStream::PlayedSampleCount(u64 now) const {
    std::lock_guard lock(mutex_);
    u64 frames = played_frames_;
    if (state_ == AudioOutState::Started && !queued_.empty() && now > head_start_) {
        frames += std::min(queued_.front().frames, (now - head_start_) / kTicksPerFrame);
    }
    return frames;
}

bool AudioOutStream::Flush(u64 now, bool& released_any) {
    Played played;
    float volume = 1.0f;
    {
        std::lock_guard lock(mutex_);
        released_any = false;
        if (state_ != AudioOutState::Started) {
            return false;
        }
        released_any = !queued_.empty();
        played = ReleaseQueued(now);
        volume = volume_;
    }
    if (!played.pcm.empty()) {
        output_->Play(played.start, played.pcm, channels_, volume);
    }
    return true;
}

float AudioOutStream::Volume() const {
    std::lock_guard lock(mutex_);
    return volume_;
}

void AudioOutStream::SetVolume(float volume) {
    std::lock_guard lock(mutex_);
    volume_ = volume;
}

void AudioOutStream::UpdatePlaying() {
    playing_.store(state_ == AudioOutState::Started && !queued_.empty(), std::memory_order_relaxed);
}

}  // namespace services::audio
