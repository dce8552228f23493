#pragma once

// audin:u (nn::audio::detail::IAudioInManager): the console has no microphone here, so the
// lists are empty and opening fails with ResultNotFound. Command ids from switchbrew "Audio
// services" and yuzu.

#include "ipc/service_object.h"

namespace services::audio {

class AudioInManager final : public ipc::Interface<AudioInManager> {
public:
    static constexpr auto kName = "audin:u";

    base::Result ListAudioIns(ipc::OutBuffer<ipc::kMapAlias> names, ipc::Out<u32> count);
    base::Result OpenAudioIn();
    base::Result ListAudioInsAuto(ipc::OutBuffer<ipc::kAutoSelect> names, ipc::Out<u32> count);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioInManager::ListAudioIns),     NX_COMMAND(1, AudioInManager::OpenAudioIn),
        NX_COMMAND(2, AudioInManager::ListAudioInsAuto), NX_COMMAND(3, AudioInManager::OpenAudioIn),
        NX_COMMAND(4, AudioInManager::ListAudioInsAuto),  // ListAudioInsAutoFiltered
        NX_COMMAND(5, AudioInManager::OpenAudioIn),       // OpenAudioInProtocolSpecified
    };
};

}  // namespace services::audio
