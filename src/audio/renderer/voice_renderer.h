#pragma once

// One voice's part of a frame: its samples taken from its wave buffers in order (PCM8,
// PCM16, PCM24 (three bytes little-endian), PCM32, PCM float and mono DSP-ADPCM; a buffer's start
// and end offsets, its loop, loop range and count, end of stream), converted from the voice's rate
// and pitch to the renderer's, through its two biquad filters, at its volume ramped across the
// frame. Wave buffers that finish are counted as consumed, the samples taken as played.

#include <span>
#include <vector>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

// Whether voices of `format` with `channel_count` channels decode (the rest play silence).
// PCM24 and PCM32 are scaled to the mix buffers' PCM16 scale (1/256, 1/65536).
bool IsVoiceFormatBuilt(SampleFormat format, u32 channel_count);

// Clears a voice's DSP state and counters (a voice the program marks new).
void ResetVoice(Voice& voice);

// Renders `out[c]` (out[c].size() samples at `target_rate`) for each of the voice's channels,
// c < channel_count.
void RenderVoice(Voice& voice, SampleMemory& memory, u32 target_rate,
                 std::span<std::vector<float>> out);

}  // namespace audio::renderer
