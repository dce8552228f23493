#pragma once

// One voice's part of a frame: its samples taken from its wave buffers in order (PCM8,
// PCM16, PCM float and DSP-ADPCM; a buffer's start and end offsets, its loop, loop range and
// count, end of stream), converted from the voice's rate and pitch to the renderer's, through
// its two biquad filters, at its volume ramped across the frame. Wave buffers that finish are
// counted as consumed, the samples taken as played.

#include <span>
#include <vector>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

// Clears a voice's DSP state and counters (a voice the program marks new).
void ResetVoice(Voice& voice);

// Renders `out[c]` (out[c].size() samples at `target_rate`) for each of the voice's channels,
// c < channel_count.
void RenderVoice(Voice& voice, SampleMemory& memory, u32 target_rate,
                 std::span<std::vector<float>> out);

}  // namespace audio::renderer
