#include "audio/renderer/effect_delay_line.h"

#include <algorithm>
#include <cmath>

namespace audio::renderer {

void DelayLine::Reset(u32 size) {
    samples.assign(std::max<u32>(size, 1), 0.0f);
    position = 0;
}

float DelayLine::Read(u32 ago) const {
    const u32 size = static_cast<u32>(samples.size());
    return samples[(position + size - std::clamp<u32>(ago, 1, size)) % size];
}

void DelayLine::Push(float value) {
    samples[position] = value;
    position = position + 1 == samples.size() ? 0 : position + 1;
}

float AllPass(DelayLine& line, u32 delay, float gain, float in) {
    const float z = line.Read(delay);
    const float w = in - gain * z;
    line.Push(w);
    return z + gain * w;
}

u32 SamplesForMs(u32 rate_khz, float ms, u32 most) {
    const float samples = std::round(static_cast<float>(rate_khz) * ms);
    if (!(samples > 0.0f)) {
        return 0;
    }
    return samples >= static_cast<float>(most) ? most : static_cast<u32>(samples);
}

}  // namespace audio::renderer
