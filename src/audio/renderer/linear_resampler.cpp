#include "audio/renderer/linear_resampler.h"

#include <cmath>

namespace audio::renderer {

u64 ResampleStep(u32 source_rate, float pitch, u32 target_rate) {
    if (target_rate == 0 || !(pitch > 0.0f) || !std::isfinite(pitch)) {
        return 0;
    }
    const double step = static_cast<double>(source_rate) * pitch / target_rate * 4294967296.0;
    return step >= static_cast<double>(kMaxResampleStep) ? kMaxResampleStep
                                                         : static_cast<u64>(std::llround(step));
}

void Resample(std::span<const float> in, std::span<float> out, u64 step, u64 fraction,
              ResamplerHistory& history) {
    const auto sample_at = [&](u64 index) {  // 0 and 1 are the history
        if (index < 2) {
            return history[index];
        }
        return index - 2 < in.size() ? in[index - 2] : 0.0f;
    };
    for (std::size_t i = 0; i < out.size(); ++i) {
        const u64 position = fraction + step * i;
        const u64 index = position >> 32;
        const float weight = static_cast<float>(position & 0xFFFFFFFFu) * (1.0f / 4294967296.0f);
        const float a = sample_at(index);
        const float b = sample_at(index + 1);
        out[i] = a + (b - a) * weight;
    }
    const u64 consumed = (fraction + step * out.size()) >> 32;
    history = {sample_at(consumed), sample_at(consumed + 1)};
}

}  // namespace audio::renderer
