#pragma once

// Where a run's sound goes: a WAV capture (--audio-out), the host's sound device (the default
// with --window, --sound on headless), both, or neither; one AudioSink feeds them all.

#include <filesystem>
#include <memory>
#include <optional>

#include "frontend/sdl_audio_sink.h"
#include "frontend/wav_capture.h"

namespace frontend {

struct SoundOptions {
    std::optional<std::filesystem::path> capture;
    bool host_sound = false;
    u32 volume_percent = 100;  // host sound only
    bool muted = false;        // host sound only
};

class SoundOutputs {
public:
    // Opens them; a capture that cannot be created throws base::Error, a host without a sound
    // device is logged and the run goes on without host sound.
    explicit SoundOutputs(const SoundOptions& options);

    // Null when the sound goes nowhere.
    std::shared_ptr<services::audio::AudioSink> Sink() const { return sink_; }
    // Null without host sound.
    const std::shared_ptr<SdlAudioSink>& Host() const { return host_; }
    // Writes the capture into place (once; later calls do nothing) and logs its length.
    void Finish();

private:
    std::shared_ptr<WavCapture> capture_;
    std::shared_ptr<SdlAudioSink> host_;
    std::shared_ptr<services::audio::AudioSink> sink_;
};

}  // namespace frontend
