#pragma once

// How much work buffer hwopus asks a program for (IHardwareOpusDecoderManager's
// GetWorkBufferSize family): the console's libopus state sizes, a packet buffer and one frame
// of PCM. The sizes are the ones Ryujinx's HardwareOpusDecoderManager documents for the
// console (its libopus build's decoder, SILK and CELT state sizes).

#include "audio/opus_decoder.h"
#include "base/result.h"
#include "base/types.h"

namespace audio {

// `large_frames`: the Ex commands' flag for frames up to 120 ms (5760 samples at 48 kHz)
// instead of 40 ms (1920). Bad parameters answer the checks' results and leave `size` 0.
base::Result OpusWorkBufferSize(s32 sample_rate, s32 channel_count, bool large_frames, u32& size);
base::Result OpusMultiStreamWorkBufferSize(const OpusMultiStreamLayout& layout, bool large_frames,
                                           u32& size);

}  // namespace audio
