#include "frontend/sound_outputs.h"

#include <vector>

#include "base/error.h"
#include "base/log.h"

namespace frontend {
namespace {

// The same output to several sinks.
class FanOutSink final : public services::audio::AudioSink {
public:
    explicit FanOutSink(std::vector<std::shared_ptr<services::audio::AudioSink>> sinks)
        : sinks_(std::move(sinks)) {}
    void Write(u64 position, std::span<const s16> stereo) override {
        for (const auto& sink : sinks_) {
            sink->Write(position, stereo);
        }
    }
    void AdvanceTo(u64 position) override {
        for (const auto& sink : sinks_) {
            sink->AdvanceTo(position);
        }
    }

private:
    std::vector<std::shared_ptr<services::audio::AudioSink>> sinks_;
};

}  // namespace

SoundOutputs::SoundOutputs(const SoundOptions& options) {
    std::vector<std::shared_ptr<services::audio::AudioSink>> sinks;
    if (options.capture) {
        capture_ = std::make_shared<WavCapture>(*options.capture);
        sinks.push_back(capture_);
    }
    if (options.host_sound) {
        try {
            host_ = std::make_shared<SdlAudioSink>(options.volume_percent, options.muted);
            LOG_INFO("audio", "host sound through SDL's {} driver, volume {}%{}",
                     host_->DeviceName(), host_->Volume().Percent(),
                     host_->Volume().Muted() ? ", muted" : "");
            sinks.push_back(host_);
        } catch (const base::Error& error) {
            LOG_WARNING("audio", "{}; the run goes on without it", error.what());
        }
    }
    if (sinks.size() == 1) {
        sink_ = sinks[0];
    } else if (sinks.size() > 1) {
        sink_ = std::make_shared<FanOutSink>(std::move(sinks));
    }
}

void SoundOutputs::Finish() {
    if (!capture_) {
        return;
    }
    const std::shared_ptr<WavCapture> capture = std::move(capture_);
    const u64 frames = capture->Finish();
    LOG_INFO("audio", "capture {}: {:.3f} s of 48 kHz stereo", capture->Path().string(),
             static_cast<double>(frames) / services::audio::kOutputSampleRate);
}

}  // namespace frontend
