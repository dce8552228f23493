#pragma once

// hwopus (nn::codec::detail::IHardwareOpusDecoderManager): opens Opus decoders over a work
// buffer of the program's transfer memory and says how large that buffer must be. Command ids
// and parameter layouts from switchbrew's "Audio services" page and Ryujinx's
// HardwareOpusDecoderManager: the plain parameters travel as raw data, the multistream ones
// in a pointer (X) buffer.

#include "ipc/service_object.h"

namespace services::codec {

// HardwareOpusDecoderParameterInternal (8 bytes) and its Ex form (0x10 bytes: flags, bit 0
// for frames up to 120 ms).
struct HwopusParameters {
    s32 sample_rate;
    s32 channel_count;
};
struct HwopusParametersEx {
    s32 sample_rate;
    s32 channel_count;
    u32 flags;
    u32 reserved;
};
static_assert(sizeof(HwopusParameters) == 8 && sizeof(HwopusParametersEx) == 0x10);

inline constexpr u32 kHwopusLargeFrameFlag = 1;
// The multistream parameters' sizes in their buffer: rate, channels, streams, coupled streams,
// (Ex: flags and 4 reserved bytes), then 256 bytes of channel mapping.
inline constexpr std::size_t kHwopusMultiStreamParametersSize = 0x110;
inline constexpr std::size_t kHwopusMultiStreamParametersExSize = 0x118;

class HwopusManager final : public ipc::Interface<HwopusManager> {
public:
    static constexpr auto kName = "hwopus";

    using Parameters = ipc::InBuffer<ipc::kPointer>;

    base::Result OpenHardwareOpusDecoder(HwopusParameters parameters, u32 work_buffer_size,
                                         ipc::InCopyHandle work_buffer, ipc::OutObject decoder);
    base::Result GetWorkBufferSize(HwopusParameters parameters, ipc::Out<u32> size);
    base::Result OpenHardwareOpusDecoderForMultiStream(u32 work_buffer_size, Parameters parameters,
                                                       ipc::InCopyHandle work_buffer,
                                                       ipc::OutObject decoder);
    base::Result GetWorkBufferSizeForMultiStream(Parameters parameters, ipc::Out<u32> size);
    base::Result OpenHardwareOpusDecoderEx(HwopusParametersEx parameters, u32 work_buffer_size,
                                           ipc::InCopyHandle work_buffer, ipc::OutObject decoder);
    base::Result GetWorkBufferSizeEx(HwopusParametersEx parameters, ipc::Out<u32> size);
    base::Result OpenHardwareOpusDecoderForMultiStreamEx(u32 work_buffer_size,
                                                         Parameters parameters,
                                                         ipc::InCopyHandle work_buffer,
                                                         ipc::OutObject decoder);
    base::Result GetWorkBufferSizeForMultiStreamEx(Parameters parameters, ipc::Out<u32> size);

    // 8 and 9 (GetWorkBufferSize...ExEx, 16.0.0+) size the decoder the console runs on its DSP,
    // whose state size is not public; the Ex sizes are answered, which are enough for the host
    // decoder (it keeps its state outside the work buffer).
    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HwopusManager::OpenHardwareOpusDecoder),
        NX_COMMAND(1, HwopusManager::GetWorkBufferSize),
        NX_COMMAND(2, HwopusManager::OpenHardwareOpusDecoderForMultiStream),
        NX_COMMAND(3, HwopusManager::GetWorkBufferSizeForMultiStream),
        NX_COMMAND(4, HwopusManager::OpenHardwareOpusDecoderEx),
        NX_COMMAND(5, HwopusManager::GetWorkBufferSizeEx),
        NX_COMMAND(6, HwopusManager::OpenHardwareOpusDecoderForMultiStreamEx),
        NX_COMMAND(7, HwopusManager::GetWorkBufferSizeForMultiStreamEx),
        NX_COMMAND(8, HwopusManager::GetWorkBufferSizeEx),
        NX_COMMAND(9, HwopusManager::GetWorkBufferSizeForMultiStreamEx),
    };
};

}  // namespace services::codec
