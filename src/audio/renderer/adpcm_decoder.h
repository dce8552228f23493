#pragma once

// Nintendo's DSP-ADPCM, the renderer's compressed voice format: frames of 8 bytes, a header
// byte (high nibble: which of the voice's 8 coefficient pairs, low nibble: the scale exponent)
// then 14 signed 4-bit samples, high nibble first. Each sample is
//   clamp16(((nibble << scale) << 11) + 1024 + c0 * history0 + c1 * history1) >> 11)
// with (c0, c1) the frame's coefficient pair in Q11 and history0 the sample before it.
// Source: the DSP-ADPCM format as documented on switchbrew ("Audio services") and in
// Nintendo's published DSPADPCM notes; libnx's AudioRendererAdpcmParameters/Context layout.

#include <array>
#include <span>

#include "base/types.h"

namespace audio::renderer {

inline constexpr u32 kAdpcmFrameBytes = 8;
inline constexpr u32 kAdpcmSamplesPerFrame = 14;

// The decoder's state between samples (the SDK's AdpcmContext: predictor/scale byte, history).
struct AdpcmContext {
    u16 header = 0;  // of the frame the next sample is in
    s16 history0 = 0;
    s16 history1 = 0;
};

// 8 pairs (c0, c1) in Q11.
using AdpcmCoefficients = std::array<s16, 16>;

// Decodes samples [first, first + out.size()) of `data` (sample 0 is the first of its first
// frame), continuing from `context`, which is left after the last decoded sample. A frame's
// header is read when a sample of it is decoded first. Returns the number decoded: fewer
// than asked when `data` ends.
std::size_t DecodeAdpcm(std::span<const u8> data, u64 first, std::span<s16> out,
                        const AdpcmCoefficients& coefficients, AdpcmContext& context);

}  // namespace audio::renderer
