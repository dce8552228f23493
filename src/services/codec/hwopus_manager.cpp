#include "services/codec/hwopus_manager.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "audio/opus_decoder.h"
#include "audio/opus_work_buffer_size.h"
#include "base/log.h"
#include "kernel/memory_objects.h"
#include "services/codec/hwopus_decoder.h"

namespace services::codec {
namespace {

// The multistream parameters from their buffer; false (and the console's bad-argument
// result) when the buffer is shorter than the command's layout.
bool ReadLayout(const std::vector<u8>& buffer, bool ex, audio::OpusMultiStreamLayout& layout,
                bool& large_frames) {
    const std::size_t size =
        ex ? kHwopusMultiStreamParametersExSize : kHwopusMultiStreamParametersSize;
    if (buffer.size() < size) {
        LOG_WARNING("audio", "hwopus: multistream parameters of {} bytes, {:#x} needed",
                    buffer.size(), size);
        return false;
    }
    s32 header[4];
    std::memcpy(header, buffer.data(), sizeof(header));
    layout.sample_rate = header[0];
    layout.channel_count = header[1];
    layout.stream_count = header[2];
    layout.coupled_stream_count = header[3];
    u32 flags = 0;
    std::size_t mapping_at = 0x10;
    if (ex) {
        std::memcpy(&flags, buffer.data() + 0x10, sizeof(flags));
        mapping_at = 0x18;
    }
    large_frames = (flags & kHwopusLargeFrameFlag) != 0;
    std::memcpy(layout.mapping.data(), buffer.data() + mapping_at, layout.mapping.size());
    return true;
}

// The work buffer must be a transfer memory of at least `size` bytes, and `size` at least what
// GetWorkBufferSize answers. The console's result for a short one is not public; codec's
// invalid-length result is answered.
base::Result CheckWorkBuffer(const char* command, const ipc::InCopyHandle& work_buffer, u32 size,
                             u32 needed) {
    const auto memory = kernel::As<kernel::TransferMemory>(work_buffer.object);
    if (!memory || memory->Size() < size || size < needed) {
        LOG_WARNING("audio", "hwopus {}: work buffer of {:#x} bytes ({:#x} needed) in {}", command,
                    size, needed,
                    memory ? fmt::format("transfer memory of {:#x} bytes", memory->Size())
                           : std::string("no transfer memory"));
        return audio::kOpusResultInvalidLength;
    }
    return base::ResultSuccess;
}

base::Result Open(const char* command, s32 sample_rate, s32 channel_count, bool large_frames,
                  u32 work_buffer_size, const ipc::InCopyHandle& work_buffer,
                  ipc::OutObject decoder) {
    u32 needed = 0;
    if (const auto result =
            audio::OpusWorkBufferSize(sample_rate, channel_count, large_frames, needed);
        result.IsFailure()) {
        LOG_WARNING("audio", "hwopus {}: {} Hz, {} channels refused", command, sample_rate,
                    channel_count);
        return result;
    }
    if (const auto result = CheckWorkBuffer(command, work_buffer, work_buffer_size, needed);
        result.IsFailure()) {
        return result;
    }
    base::Result result;
    auto opus = audio::OpusStreamDecoder::Create(sample_rate, channel_count, result);
    if (!opus) {
        return result;
    }
    *decoder.object = std::make_shared<HwopusDecoder>(std::move(opus), work_buffer.object);
    LOG_INFO("audio", "hwopus: decoder opened, {} Hz, {} channels", sample_rate, channel_count);
    return base::ResultSuccess;
}

base::Result OpenMultiStream(const char* command, bool ex, u32 work_buffer_size,
                             const std::vector<u8>& parameters,
                             const ipc::InCopyHandle& work_buffer, ipc::OutObject decoder) {
    audio::OpusMultiStreamLayout layout;
    bool large_frames = false;
    if (!ReadLayout(parameters, ex, layout, large_frames)) {
        return audio::kOpusResultBadArg;
    }
    u32 needed = 0;
    if (const auto result = audio::OpusMultiStreamWorkBufferSize(layout, large_frames, needed);
        result.IsFailure()) {
        LOG_WARNING("audio", "hwopus {}: {} Hz, {} channels, {} streams ({} coupled) refused",
                    command, layout.sample_rate, layout.channel_count, layout.stream_count,
                    layout.coupled_stream_count);
        return result;
    }
    if (const auto result = CheckWorkBuffer(command, work_buffer, work_buffer_size, needed);
        result.IsFailure()) {
        return result;
    }
    base::Result result;
    auto opus = audio::OpusStreamDecoder::CreateMultiStream(layout, result);
    if (!opus) {
        return result;
    }
    *decoder.object = std::make_shared<HwopusDecoder>(std::move(opus), work_buffer.object);
    LOG_INFO("audio", "hwopus: multistream decoder opened, {} Hz, {} channels, {} streams",
             layout.sample_rate, layout.channel_count, layout.stream_count);
    return base::ResultSuccess;
}

base::Result MultiStreamSize(bool ex, const std::vector<u8>& parameters, u32& size) {
    size = 0;
    audio::OpusMultiStreamLayout layout;
    bool large_frames = false;
    if (!ReadLayout(parameters, ex, layout, large_frames)) {
        return audio::kOpusResultBadArg;
    }
    return audio::OpusMultiStreamWorkBufferSize(layout, large_frames, size);
}

}  // namespace

base::Result HwopusManager::OpenHardwareOpusDecoder(HwopusParameters parameters,
                                                    u32 work_buffer_size,
                                                    ipc::InCopyHandle work_buffer,
                                                    ipc::OutObject decoder) {
    return Open("OpenHardwareOpusDecoder", parameters.sample_rate, parameters.channel_count, false,
                work_buffer_size, work_buffer, decoder);
}

base::Result HwopusManager::GetWorkBufferSize(HwopusParameters parameters, ipc::Out<u32> size) {
    *size = 0;
    return audio::OpusWorkBufferSize(parameters.sample_rate, parameters.channel_count, false,
                                     *size);
}

base::Result HwopusManager::OpenHardwareOpusDecoderForMultiStream(u32 work_buffer_size,
                                                                  Parameters parameters,
                                                                  ipc::InCopyHandle work_buffer,
                                                                  ipc::OutObject decoder) {
    return OpenMultiStream("OpenHardwareOpusDecoderForMultiStream", false, work_buffer_size,
                           parameters.data, work_buffer, decoder);
}

base::Result HwopusManager::GetWorkBufferSizeForMultiStream(Parameters parameters,
                                                            ipc::Out<u32> size) {
    return MultiStreamSize(false, parameters.data, *size);
}

base::Result HwopusManager::OpenHardwareOpusDecoderEx(HwopusParametersEx parameters,
                                                      u32 work_buffer_size,
                                                      ipc::InCopyHandle work_buffer,
                                                      ipc::OutObject decoder) {
    return Open("OpenHardwareOpusDecoderEx", parameters.sample_rate, parameters.channel_count,
                (parameters.flags & kHwopusLargeFrameFlag) != 0, work_buffer_size, work_buffer,
                decoder);
}

base::Result HwopusManager::GetWorkBufferSizeEx(HwopusParametersEx parameters, ipc::Out<u32> size) {
    *size = 0;
    return audio::OpusWorkBufferSize(parameters.sample_rate, parameters.channel_count,
                                     (parameters.flags & kHwopusLargeFrameFlag) != 0, *size);
}

base::Result HwopusManager::OpenHardwareOpusDecoderForMultiStreamEx(u32 work_buffer_size,
                                                                    Parameters parameters,
                                                                    ipc::InCopyHandle work_buffer,
                                                                    ipc::OutObject decoder) {
    return OpenMultiStream("OpenHardwareOpusDecoderForMultiStreamEx", true, work_buffer_size,
                           parameters.data, work_buffer, decoder);
}

base::Result HwopusManager::GetWorkBufferSizeForMultiStreamEx(Parameters parameters,
                                                              ipc::Out<u32> size) {
    return MultiStreamSize(true, parameters.data, *size);
}

}  // namespace services::codec
