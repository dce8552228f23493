#pragma once

// The effects a mix runs on its buffers before it sends them on. Built: the auxiliary buffer
// (send / return through the program's memory, as the SDK's and libnx's aux effects use it)
// and the biquad filter. The others (buffer mixer, delay, reverb, I3DL2 reverb, limiter,
// capture, compressor) are not: their signal passes through unchanged and their usage stays
// New, as it stays for an effect the console has not processed; `Renderer` logs each type once.
//
// Parameter layouts (the effect record's 0xA0 bytes after its header) as yuzu's audio_core
// documents them (effect/aux_.h, effect/biquad_filter.h):
//   aux: inputs[24] s8, outputs[24] s8, mix buffer count u32 @0x30, sample rate @0x34,
//        count_max (samples the send and return buffers hold) @0x38, send info @0x40,
//        send buffer @0x48, return info @0x50, return buffer @0x58;
//   biquad: inputs[6] s8, outputs[6] s8 @6, numerator[3] s16 @0xC, denominator[2] s16 @0x12,
//        channel count s8 @0x16.
// An aux info is the DSP's read offset (u32 @0) and write offset (u32 @4), in samples of
// s32; each frame writes one block of sample_count samples per channel, one after another,
// and moves the offset past them all (yuzu's command generator does the same).

#include <span>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"

namespace audio::renderer {

// Whether `type` is processed (the rest pass their signal through).
bool IsEffectBuilt(EffectType type);

// Runs `effect` on `mix`'s buffers (each `sample_count` long, starting at the mix's offset in
// `buffers`).
void ApplyEffect(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count,
                 SampleMemory& memory);

}  // namespace audio::renderer
