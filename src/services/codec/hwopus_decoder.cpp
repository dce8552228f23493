#include "services/codec/hwopus_decoder.h"

#include <chrono>
#include <cstring>
#include <vector>

#include "base/log.h"
#include "ipc/request_context.h"

namespace services::codec {

base::Result HwopusDecoder::Decode(bool reset, const Input& input, const Output& output,
                                   u32& consumed, u32& samples, u64& time_us) {
    const auto start = std::chrono::steady_clock::now();
    // The guest's buffer has no alignment promise: decode into host samples, then copy.
    std::vector<s16> pcm(output.data.size() / sizeof(s16));
    const audio::OpusDecodeResult decoded = decoder_->DecodeInterleaved(input.data, pcm, reset);
    consumed = decoded.consumed_bytes;
    samples = decoded.sample_count;
    time_us = static_cast<u64>(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count());
    if (decoded.result.IsFailure()) {
        return decoded.result;  // the decoder logged why
    }
    std::memcpy(output.data.data(), pcm.data(),
                std::size_t{samples} * std::size_t(decoder_->ChannelCount()) * sizeof(s16));
    return base::ResultSuccess;
}

base::Result HwopusDecoder::DecodeInterleavedOld(Input input, Output output, ipc::Out<u32> consumed,
                                                 ipc::Out<u32> samples) {
    u64 time_us = 0;
    return Decode(false, input, output, *consumed, *samples, time_us);
}

base::Result HwopusDecoder::SetContext(Input context) {
    // The context is a blob of the console's own decoder; no public source gives its layout
    // (Ryujinx answers success without reading it, yuzu reads none of it and only maps the
    // decoder's work memory for the DSP, which nxhost's host decoder does not need). It cannot
    // be applied to libopus's state, so the command is refused rather than answered as done:
    // the decoder goes on from its own state.
    if (!logged_set_context_) {
        logged_set_context_ = true;
        LOG_WARNING("audio",
                    "hwopus SetContext: applying a {}-byte console decoder context is not built "
                    "(its layout is not public); answered 10-221 (unknown command), the decoder "
                    "keeps its state",
                    context.data.size());
    }
    return ipc::ResultUnknownCommandId;
}

base::Result HwopusDecoder::DecodeInterleavedWithPerfOld(Input input, Output output,
                                                         ipc::Out<u32> consumed,
                                                         ipc::Out<u32> samples,
                                                         ipc::Out<u64> time_us) {
    return Decode(false, input, output, *consumed, *samples, *time_us);
}

base::Result HwopusDecoder::DecodeInterleaved(bool reset, Input input, Output output,
                                              ipc::Out<u32> consumed, ipc::Out<u32> samples,
                                              ipc::Out<u64> time_us) {
    return Decode(reset, input, output, *consumed, *samples, *time_us);
}

}  // namespace services::codec
