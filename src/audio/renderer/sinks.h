#pragma once

// Where the final mix goes. The device sink takes its input channels from the final mix's
// buffers and gives the console's stereo output: one channel to both sides, two as left and
// right, six (front left, front right, centre, LFE, back left, back right) downmixed with the
// program's coefficients (front, centre, LFE, back) or, when it gave none, the console's
// defaults (1, 0.707, 0, 0.707; yuzu's audio_core documents the same). The circular-buffer
// sink writes PCM16 into the program's buffer, one block of sample_count samples per input
// channel, and moves its position past them (wrapping at the buffer's size).

#include <span>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

// Adds the sink's stereo into `stereo` (interleaved, sample_count frames).
void MixDeviceSink(const Sink& sink, std::span<const float> buffers, u32 sample_count,
                   std::span<float> stereo);

void WriteCircularBufferSink(Sink& sink, std::span<const float> buffers, u32 sample_count,
                             SampleMemory& memory);

// A mix sample as PCM16: rounded, clipped.
s16 ToPcm16(float sample);

}  // namespace audio::renderer
