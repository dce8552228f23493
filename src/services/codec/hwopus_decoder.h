#pragma once

// nn::codec::detail::IHardwareOpusDecoder: one decoder that hwopus opened, over
// audio::OpusStreamDecoder. Command ids and layouts from switchbrew's "Audio services" page
// (hwopus) and Ryujinx's IHardwareOpusDecoder; libnx's audio/hwopus.c sends them so: the
// output buffer (B, map alias) and the framed input packet (A, map alias), an optional reset
// flag, and back the bytes consumed, the samples a channel and (with perf) the decode's time
// in microseconds.

#include <memory>

#include "audio/opus_decoder.h"
#include "ipc/service_object.h"
#include "kernel/kernel_object.h"

namespace services::codec {

class HwopusDecoder final : public ipc::Interface<HwopusDecoder> {
public:
    static constexpr auto kName = "nn::codec::detail::IHardwareOpusDecoder";

    // `work_buffer`: the program's transfer memory, kept for as long as the decoder lives (the
    // console's decoder state lives in it).
    HwopusDecoder(std::unique_ptr<audio::OpusStreamDecoder> decoder,
                  std::shared_ptr<kernel::KernelObject> work_buffer)
        : decoder_(std::move(decoder)), work_buffer_(std::move(work_buffer)) {}

    using Input = ipc::InBuffer<ipc::kMapAlias>;
    using Output = ipc::OutBuffer<ipc::kMapAlias>;

    base::Result DecodeInterleavedOld(Input input, Output output, ipc::Out<u32> consumed,
                                      ipc::Out<u32> samples);
    // Refused (10-221, logged once): the console's context blob cannot be applied to the host
    // decoder.
    base::Result SetContext(Input context);
    base::Result DecodeInterleavedWithPerfOld(Input input, Output output, ipc::Out<u32> consumed,
                                              ipc::Out<u32> samples, ipc::Out<u64> time_us);
    base::Result DecodeInterleaved(bool reset, Input input, Output output, ipc::Out<u32> consumed,
                                   ipc::Out<u32> samples, ipc::Out<u64> time_us);

    // The multistream forms (2, 3, 5, 7, 9) carry the same arguments; the decoder knows
    // whether it decodes one stream or several.
    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HwopusDecoder::DecodeInterleavedOld),
        NX_COMMAND(1, HwopusDecoder::SetContext),
        NX_COMMAND(2, HwopusDecoder::DecodeInterleavedOld),
        NX_COMMAND(3, HwopusDecoder::SetContext),
        NX_COMMAND(4, HwopusDecoder::DecodeInterleavedWithPerfOld),
        NX_COMMAND(5, HwopusDecoder::DecodeInterleavedWithPerfOld),
        NX_COMMAND(6, HwopusDecoder::DecodeInterleaved),
        NX_COMMAND(7, HwopusDecoder::DecodeInterleaved),
        NX_COMMAND(8, HwopusDecoder::DecodeInterleaved),
        NX_COMMAND(9, HwopusDecoder::DecodeInterleaved),
    };

private:
    base::Result Decode(bool reset, const Input& input, const Output& output, u32& consumed,
                        u32& samples, u64& time_us);

    std::unique_ptr<audio::OpusStreamDecoder> decoder_;
    std::shared_ptr<kernel::KernelObject> work_buffer_;
    bool logged_set_context_ = false;
};

}  // namespace services::codec
