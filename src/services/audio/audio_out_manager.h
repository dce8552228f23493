#pragma once

// audout:u (nn::audio::detail::IAudioOutManager): one output device, "DeviceOut", of 48 kHz
// signed 16-bit PCM in 2 or 6 channels. Commands 0/1 take map-alias buffers, their 3.0.0+
// forms 2/3 auto-select ones (libnx services/audout.c; switchbrew "Audio services").

#include <memory>

#include "ipc/service_object.h"
#include "services/audio/audio_output.h"

namespace services::audio {

// nn::audio::SampleFormat.
inline constexpr u32 kPcmFormatInt16 = 2;

class AudioOutManager final : public ipc::Interface<AudioOutManager> {
public:
    static constexpr auto kName = "audout:u";

    explicit AudioOutManager(std::shared_ptr<AudioOutput> output) : output_(std::move(output)) {}

    base::Result ListAudioOuts(ipc::OutBuffer<ipc::kMapAlias> names, ipc::Out<u32> count);
    // `channel_count`: its low 16 bits are the channel count (0 means 2); `sample_rate` 0
    // means 48000. Replies with the device's rate, channel count, PCM format and state.
    base::Result OpenAudioOut(ipc::InBuffer<ipc::kMapAlias> name,
                              ipc::OutBuffer<ipc::kMapAlias> name_out, u32 sample_rate,
                              u32 channel_count, ipc::ClientProcessId pid,
                              ipc::InCopyHandle process, ipc::RequestEnvironment environment,
                              ipc::OutObject audio_out, ipc::Out<u32> out_sample_rate,
                              ipc::Out<u32> out_channel_count, ipc::Out<u32> pcm_format,
                              ipc::Out<u32> state);
    base::Result ListAudioOutsAuto(ipc::OutBuffer<ipc::kAutoSelect> names, ipc::Out<u32> count);
    base::Result OpenAudioOutAuto(ipc::InBuffer<ipc::kAutoSelect> name,
                                  ipc::OutBuffer<ipc::kAutoSelect> name_out, u32 sample_rate,
                                  u32 channel_count, ipc::ClientProcessId pid,
                                  ipc::InCopyHandle process, ipc::RequestEnvironment environment,
                                  ipc::OutObject audio_out, ipc::Out<u32> out_sample_rate,
                                  ipc::Out<u32> out_channel_count, ipc::Out<u32> pcm_format,
                                  ipc::Out<u32> state);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioOutManager::ListAudioOuts),
        NX_COMMAND(1, AudioOutManager::OpenAudioOut),
        NX_COMMAND(2, AudioOutManager::ListAudioOutsAuto),
        NX_COMMAND(3, AudioOutManager::OpenAudioOutAuto),
    };

private:
    struct Opened {
        u32 sample_rate;
        u32 channel_count;
        u32 pcm_format;
        u32 state;
    };
    base::Result Open(std::span<const u8> name, std::span<u8> name_out, u32 sample_rate,
                      u32 channel_count, kernel::IpcEnvironment& environment,
                      std::shared_ptr<ipc::ServiceObject>& audio_out, Opened& opened);

    std::shared_ptr<AudioOutput> output_;
};

}  // namespace services::audio
