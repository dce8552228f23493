#pragma once

// The host's sound device (SDL2) as the console's output: the guest side writes into a
// HostAudioQueue, and SDL's audio thread drains it a fixed latency behind the guest's clock.
// The host volume and mute act here only, on what the host hears (never on a capture).

#include <memory>
#include <string>

#include "frontend/host_audio_queue.h"
#include "frontend/host_volume.h"
#include "services/audio/audio_sink.h"

namespace frontend {

class SdlAudioSink final : public services::audio::AudioSink {
public:
    // Opens the default device for 48 kHz stereo s16 (SDL converts if the device differs);
    // throws base::Error with SDL's reason when there is none.
    SdlAudioSink(u32 volume_percent, bool muted);
    ~SdlAudioSink() override;
    SdlAudioSink(const SdlAudioSink&) = delete;
    SdlAudioSink& operator=(const SdlAudioSink&) = delete;

    void Write(u64 position, std::span<const s16> stereo) override;
    void AdvanceTo(u64 position) override;

    // The volume and mute it plays at, which the window's keys change.
    HostVolume& Volume() { return volume_; }
    // The name SDL gives the device, for the log.
    const std::string& DeviceName() const { return device_name_; }

private:
    static void Fill(void* self, u8* stream, int bytes);

    HostAudioQueue queue_;
    HostVolume volume_;
    u32 device_ = 0;
    std::string device_name_;
};

}  // namespace frontend
