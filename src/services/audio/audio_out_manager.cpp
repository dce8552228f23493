#include "services/audio/audio_out_manager.h"

#include "base/log.h"
#include "services/audio/audio_out.h"
#include "services/audio/audio_results.h"
#include "services/audio/device_names.h"

namespace services::audio {
namespace {

constexpr std::string_view kDefaultOut = "DeviceOut";

}  // namespace

base::Result AudioOutManager::Open(std::span<const u8> name, std::span<u8> name_out,
                                   u32 sample_rate, u32 channel_count,
                                   kernel::IpcEnvironment& environment,
                                   std::shared_ptr<ipc::ServiceObject>& audio_out, Opened& opened) {
    const std::string requested = ReadDeviceName(name);
    if (!requested.empty() && requested != kDefaultOut) {
        LOG_WARNING("audio", "OpenAudioOut: no device \"{}\"", requested);
        return ResultNotFound;
    }
    if (sample_rate != 0 && sample_rate != kOutputSampleRate) {
        LOG_WARNING("audio", "OpenAudioOut: sample rate {} (only 48000)", sample_rate);
        return ResultInvalidSampleRate;
    }
    const u32 channels_in = channel_count & 0xffff;
    if (channels_in != 0 && channels_in != 2 && channels_in != 6) {
        LOG_WARNING("audio", "OpenAudioOut: {} channels (2 or 6)", channels_in);
        return ResultInvalidChannelCount;
    }
    const u32 channels = channels_in <= 2 ? 2 : 6;
    const std::string_view names[] = {kDefaultOut};
    WriteDeviceNames(name_out, names);
    auto stream = std::make_shared<AudioOutStream>(channels, output_);
    audio_out = std::make_shared<AudioOut>(stream, environment);
    opened = Opened{kOutputSampleRate, channels, kPcmFormatInt16,
                    static_cast<u32>(AudioOutState::Stopped)};
    LOG_INFO("audio", "audio out opened: {} Hz, {} channels, s16", kOutputSampleRate, channels);
    return base::ResultSuccess;
}

base::Result AudioOutManager::ListAudioOuts(ipc::OutBuffer<ipc::kMapAlias> names,
                                            ipc::Out<u32> count) {
    const std::string_view list[] = {kDefaultOut};
    *count = WriteDeviceNames(names.data, list);
    return base::ResultSuccess;
}

base::Result AudioOutManager::OpenAudioOut(ipc::InBuffer<ipc::kMapAlias> name,
                                           ipc::OutBuffer<ipc::kMapAlias> name_out, u32 sample_rate,
                                           u32 channel_count, ipc::ClientProcessId,
                                           ipc::InCopyHandle, ipc::RequestEnvironment environment,
                                           ipc::OutObject audio_out, ipc::Out<u32> out_sample_rate,
                                           ipc::Out<u32> out_channel_count,
                                           ipc::Out<u32> pcm_format, ipc::Out<u32> state) {
    Opened opened{};
    const base::Result result = Open(name.data, name_out.data, sample_rate, channel_count,
                                     *environment, *audio_out.object, opened);
    *out_sample_rate = opened.sample_rate;
    *out_channel_count = opened.channel_count;
    *pcm_format = opened.pcm_format;
    *state = opened.state;
    return result;
}

base::Result AudioOutManager::ListAudioOutsAuto(ipc::OutBuffer<ipc::kAutoSelect> names,
                                                ipc::Out<u32> count) {
    const std::string_view list[] = {kDefaultOut};
    *count = WriteDeviceNames(names.data, list);
    return base::ResultSuccess;
}

base::Result AudioOutManager::OpenAudioOutAuto(
    ipc::InBuffer<ipc::kAutoSelect> name, ipc::OutBuffer<ipc::kAutoSelect> name_out,
    u32 sample_rate, u32 channel_count, ipc::ClientProcessId, ipc::InCopyHandle,
    ipc::RequestEnvironment environment, ipc::OutObject audio_out, ipc::Out<u32> out_sample_rate,
    ipc::Out<u32> out_channel_count, ipc::Out<u32> pcm_format, ipc::Out<u32> state) {
    Opened opened{};
    const base::Result result = Open(name.data, name_out.data, sample_rate, channel_count,
                                     *environment, *audio_out.object, opened);
    *out_sample_rate = opened.sample_rate;
    *out_channel_count = opened.channel_count;
    *pcm_format = opened.pcm_format;
    *state = opened.state;
    return result;
}

}  // namespace services::audio
