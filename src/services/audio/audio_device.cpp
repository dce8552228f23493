#include "services/audio/audio_device.h"

#include "base/log.h"
#include "services/audio/device_names.h"

namespace services::audio {
namespace {

// The console's output devices (yuzu audio_core/renderer/audio_device.cpp); the active one
// is the TV output.
constexpr std::string_view kDeviceNames[] = {"AudioStereoJackOutput", "AudioBuiltInSpeakerOutput",
                                             "AudioTvOutput"};
constexpr std::string_view kActiveDevice = "AudioTvOutput";
constexpr u32 kActiveChannels = 2;

}  // namespace

AudioDevice::AudioDevice()
    : system_event_(std::make_shared<kernel::ReadableEvent>()),
      input_event_(std::make_shared<kernel::ReadableEvent>()),
      output_event_(std::make_shared<kernel::ReadableEvent>()) {}

u32 AudioDevice::List(std::span<u8> names) const {
    return WriteDeviceNames(names, kDeviceNames);
}

void AudioDevice::SetVolume(std::span<const u8> name, float volume) {
    std::lock_guard lock(mutex_);
    volumes_[ReadDeviceName(name)] = volume;
}

float AudioDevice::GetVolume(std::span<const u8> name) const {
    std::lock_guard lock(mutex_);
    const auto found = volumes_.find(ReadDeviceName(name));
    return found == volumes_.end() ? 1.0f : found->second;
}

base::Result AudioDevice::ListAudioDeviceName(ipc::OutBuffer<ipc::kMapAlias> names,
                                              ipc::Out<u32> count) {
    *count = List(names.data);
    return base::ResultSuccess;
}

base::Result AudioDevice::SetAudioDeviceOutputVolume(ipc::InBuffer<ipc::kMapAlias> name,
                                                     float volume) {
    SetVolume(name.data, volume);
    return base::ResultSuccess;
}

base::Result AudioDevice::GetAudioDeviceOutputVolume(ipc::InBuffer<ipc::kMapAlias> name,
                                                     ipc::Out<float> volume) {
    *volume = GetVolume(name.data);
    return base::ResultSuccess;
}

base::Result AudioDevice::GetActiveAudioDeviceName(ipc::OutBuffer<ipc::kMapAlias> name) {
    const std::string_view active[] = {kActiveDevice};
    WriteDeviceNames(name.data, active);
    return base::ResultSuccess;
}

base::Result AudioDevice::QueryAudioDeviceSystemEvent(ipc::OutCopyHandle event) {
    *event.object = system_event_;
    return base::ResultSuccess;
}

base::Result AudioDevice::GetActiveChannelCount(ipc::Out<u32> count) {
    *count = kActiveChannels;
    return base::ResultSuccess;
}

base::Result AudioDevice::ListAudioDeviceNameAuto(ipc::OutBuffer<ipc::kAutoSelect> names,
                                                  ipc::Out<u32> count) {
    *count = List(names.data);
    return base::ResultSuccess;
}

base::Result AudioDevice::SetAudioDeviceOutputVolumeAuto(ipc::InBuffer<ipc::kAutoSelect> name,
                                                         float volume) {
    SetVolume(name.data, volume);
    return base::ResultSuccess;
}

base::Result AudioDevice::GetAudioDeviceOutputVolumeAuto(ipc::InBuffer<ipc::kAutoSelect> name,
                                                         ipc::Out<float> volume) {
    *volume = GetVolume(name.data);
    return base::ResultSuccess;
}

base::Result AudioDevice::GetActiveAudioDeviceNameAuto(ipc::OutBuffer<ipc::kAutoSelect> name) {
    const std::string_view active[] = {kActiveDevice};
    WriteDeviceNames(name.data, active);
    return base::ResultSuccess;
}

base::Result AudioDevice::QueryAudioDeviceInputEvent(ipc::OutCopyHandle event) {
    *event.object = input_event_;
    return base::ResultSuccess;
}

base::Result AudioDevice::QueryAudioDeviceOutputEvent(ipc::OutCopyHandle event) {
    *event.object = output_event_;
    return base::ResultSuccess;
}

}  // namespace services::audio
