#include "frontend/host_volume.h"

#include <algorithm>

#include "audio/pcm_mix.h"

namespace frontend {

bool HostVolume::HandleKey(SDL_Scancode key) {
    if (key == SDL_SCANCODE_F7) {
        SetMuted(!Muted());
    } else if (key == SDL_SCANCODE_F8) {
        SetPercent(Percent() > kKeyStep ? Percent() - kKeyStep : 0);
    } else if (key == SDL_SCANCODE_F9) {
        SetPercent(Percent() + kKeyStep);
    } else {
        return false;
    }
    return true;
}

void HostVolume::Apply(std::span<s16> samples) const {
    if (Muted()) {
        std::fill(samples.begin(), samples.end(), s16{0});
    } else {
        audio::ScaleSaturating(samples, static_cast<float>(Percent()) / 100.0f);
    }
}

}  // namespace frontend
