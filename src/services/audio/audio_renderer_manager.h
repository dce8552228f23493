#pragma once

// audren:u (nn::audio::detail::IAudioRendererManager): opens audio renderers, says how much
// work buffer one needs, and hands out the audio device service. Command ids and layouts
// from libnx services/audren.c, yuzu and Ryujinx.

#include <memory>

#include "ipc/service_object.h"
#include "services/audio/audio_output.h"
#include "services/audio/renderer_parameters.h"

namespace services::audio {

class AudioRendererManager final : public ipc::Interface<AudioRendererManager> {
public:
    static constexpr auto kName = "audren:u";

    // The renderers it opens play into `output` (none: their sound goes nowhere).
    explicit AudioRendererManager(std::shared_ptr<AudioOutput> output = nullptr)
        : output_(std::move(output)) {}

    // `applet_resource_user_id` is also the process id placeholder of the message.
    base::Result OpenAudioRenderer(RendererParameters parameters, u64 work_buffer_size,
                                   u64 applet_resource_user_id, ipc::InCopyHandle work_buffer,
                                   ipc::InCopyHandle process, ipc::RequestEnvironment environment,
                                   ipc::OutObject renderer);
    base::Result GetWorkBufferSize(RendererParameters parameters, ipc::Out<u64> size);
    base::Result GetAudioDeviceService(u64 applet_resource_user_id, ipc::OutObject device);
    base::Result GetAudioDeviceServiceWithRevisionInfo(u32 revision, u64 applet_resource_user_id,
                                                       ipc::OutObject device);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioRendererManager::OpenAudioRenderer),
        NX_COMMAND(1, AudioRendererManager::GetWorkBufferSize),
        NX_COMMAND(2, AudioRendererManager::GetAudioDeviceService),
        NX_COMMAND(4, AudioRendererManager::GetAudioDeviceServiceWithRevisionInfo),
    };

private:
    std::shared_ptr<AudioOutput> output_;
};

}  // namespace services::audio
