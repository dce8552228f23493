#pragma once

// nn::audio::detail::IAudioDevice (audren:u's GetAudioDeviceService): the console's output
// devices and their volumes. Command ids from yuzu's and Ryujinx's reimplementations
// (0-5, their auto-select forms 6-8 and 10, and the events 11/12).

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ipc/service_object.h"
#include "kernel/event.h"

namespace services::audio {

class AudioDevice final : public ipc::Interface<AudioDevice> {
public:
    static constexpr auto kName = "nn::audio::detail::IAudioDevice";

    AudioDevice();

    base::Result ListAudioDeviceName(ipc::OutBuffer<ipc::kMapAlias> names, ipc::Out<u32> count);
    base::Result SetAudioDeviceOutputVolume(ipc::InBuffer<ipc::kMapAlias> name, float volume);
    base::Result GetAudioDeviceOutputVolume(ipc::InBuffer<ipc::kMapAlias> name,
                                            ipc::Out<float> volume);
    base::Result GetActiveAudioDeviceName(ipc::OutBuffer<ipc::kMapAlias> name);
    base::Result QueryAudioDeviceSystemEvent(ipc::OutCopyHandle event);
    base::Result GetActiveChannelCount(ipc::Out<u32> count);
    base::Result ListAudioDeviceNameAuto(ipc::OutBuffer<ipc::kAutoSelect> names,
                                         ipc::Out<u32> count);
    base::Result SetAudioDeviceOutputVolumeAuto(ipc::InBuffer<ipc::kAutoSelect> name, float volume);
    base::Result GetAudioDeviceOutputVolumeAuto(ipc::InBuffer<ipc::kAutoSelect> name,
                                                ipc::Out<float> volume);
    base::Result GetActiveAudioDeviceNameAuto(ipc::OutBuffer<ipc::kAutoSelect> name);
    base::Result QueryAudioDeviceInputEvent(ipc::OutCopyHandle event);
    base::Result QueryAudioDeviceOutputEvent(ipc::OutCopyHandle event);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioDevice::ListAudioDeviceName),
        NX_COMMAND(1, AudioDevice::SetAudioDeviceOutputVolume),
        NX_COMMAND(2, AudioDevice::GetAudioDeviceOutputVolume),
        NX_COMMAND(3, AudioDevice::GetActiveAudioDeviceName),
        NX_COMMAND(4, AudioDevice::QueryAudioDeviceSystemEvent),
        NX_COMMAND(5, AudioDevice::GetActiveChannelCount),
        NX_COMMAND(6, AudioDevice::ListAudioDeviceNameAuto),
        NX_COMMAND(7, AudioDevice::SetAudioDeviceOutputVolumeAuto),
        NX_COMMAND(8, AudioDevice::GetAudioDeviceOutputVolumeAuto),
        NX_COMMAND(10, AudioDevice::GetActiveAudioDeviceNameAuto),
        NX_COMMAND(11, AudioDevice::QueryAudioDeviceInputEvent),
        NX_COMMAND(12, AudioDevice::QueryAudioDeviceOutputEvent),
    };

private:
    u32 List(std::span<u8> names) const;
    void SetVolume(std::span<const u8> name, float volume);
    float GetVolume(std::span<const u8> name) const;

    std::shared_ptr<kernel::ReadableEvent> system_event_;
    std::shared_ptr<kernel::ReadableEvent> input_event_;
    std::shared_ptr<kernel::ReadableEvent> output_event_;
    mutable std::mutex mutex_;
    std::map<std::string, float> volumes_;
};

}  // namespace services::audio
