#include "services/audio/audio_output.h"

#include <algorithm>
#include <vector>

#include "audio/downmix.h"
#include "audio/pcm_mix.h"

namespace services::audio {

AudioOutput::AudioOutput(std::shared_ptr<AudioSink> sink)
    : sink_(sink ? std::move(sink) : std::make_shared<NullSink>()) {}

void AudioOutput::Launch(u64 ticks) {
    std::lock_guard lock(mutex_);
    launched_ = true;
    origin_ticks_ = ticks;
    origin_position_ = reached_;
}

u64 AudioOutput::PositionLocked(u64 ticks) const {
    if (ticks <= origin_ticks_) {
        return origin_position_;
    }
    // Rounded to the nearest frame; buffers that follow one another keep whole frames apart,
    // so they land next to each other whatever the rounding.
    return origin_position_ + (ticks - origin_ticks_ + kTicksPerFrame / 2) / kTicksPerFrame;
}

u64 AudioOutput::PositionOf(u64 ticks) const {
    std::lock_guard lock(mutex_);
    return PositionLocked(ticks);
}

void AudioOutput::AdvanceTo(u64 ticks) {
    u64 position = 0;
    {
        std::lock_guard lock(mutex_);
        position = PositionLocked(ticks);
        reached_ = std::max(reached_, position);
    }
    sink_->AdvanceTo(position);
}

void AudioOutput::Play(u64 start, std::span<const s16> pcm, u32 channels, float volume) {
    std::vector<s16> stereo = channels == ::audio::kSurroundChannels
                                  ? ::audio::DownmixSurroundToStereo(pcm)
                                  : std::vector<s16>(pcm.begin(), pcm.end());
    ::audio::ScaleSaturating(stereo, volume);
    u64 position = 0;
    {
        std::lock_guard lock(mutex_);
        if (!launched_) {
            // No output clock (a unit test, a run without a sink): the first sound starts it.
            launched_ = true;
            origin_ticks_ = start;
        }
        position = PositionLocked(start);
        reached_ = std::max(reached_, position + stereo.size() / kOutputChannels);
    }
    sink_->Write(position, stereo);
}

}  // namespace services::audio
