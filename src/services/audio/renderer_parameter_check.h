#pragma once

// The checks OpenAudioRenderer makes on a program's renderer parameters before it builds a
// renderer, each refusal with the console's result and a log line naming what was wrong.

#include "base/result.h"
#include "services/audio/renderer_parameters.h"

namespace services::audio {

// The rates the renderer runs at and the samples one 5 ms frame holds at each.
inline constexpr u32 kRendererFrameSamplesAt32k = 160;
inline constexpr u32 kRendererFrameSamplesAt48k = 240;

// Success, or why a renderer of `parameters` in a work buffer of `work_buffer_size` bytes is
// refused: an unknown revision 2153-1537; a rate other than 32000 / 48000 Hz, or a frame
// length other than the rate's 5 ms, 2153-0003; a work buffer smaller than WorkBufferSize, or
// no voice, sink, mix buffer or sample to allocate, 2153-0004.
base::Result CheckRendererParameters(const RendererParameters& parameters, u64 work_buffer_size);

}  // namespace services::audio
