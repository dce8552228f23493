#pragma once

// The effects a mix runs on its buffers before it sends them on. Built: the auxiliary buffer
// (send / return through the program's memory, as the SDK's and libnx's aux effects use it),
// the buffer mixer, the biquad filter, the delay (delay_effect.h), the reverb
// (reverb_effect.h), the I3DL2 reverb (i3dl2_reverb_effect.h), the limiter (limiter_effect.h),
// the compressor (compressor_effect.h) and the capture buffer (aux's send half). A type not
// built passes its signal through unchanged and its usage stays New, as it stays for an
// effect the console has not processed; `Renderer` logs each such type once.
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

// What the program reads back as an effect's state (EffectOutStatus byte 0): Ryujinx's
// Parameter/EffectOutStatus.cs numbers them Enabled 3 and Disabled 4 (older yuzu's
// UsageStatus: Used 3, Removed 4). While the renderer runs, an effect is Disabled when its
// last frame ran it disabled, Enabled otherwise; while it is stopped, Enabled only when New
// (Ryujinx Server/Effect/BaseEffect.cs StoreStatus).
enum class EffectOutState : u8 { Enabled = 3, Disabled = 4 };
EffectOutState EffectStatusOf(const Effect& effect, bool renderer_active);

// Whether `type` is processed (the rest pass their signal through).
bool IsEffectBuilt(EffectType type);

// Runs `effect` on `mix`'s buffers (each `sample_count` long, starting at the mix's offset in
// `buffers`).
void ApplyEffect(Effect& effect, const Mix& mix, std::span<float> buffers, u32 sample_count,
                 SampleMemory& memory);

}  // namespace audio::renderer
