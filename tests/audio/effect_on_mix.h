#pragma once

// One effect on a mix of kMaxEffectChannels buffers of one 240-sample frame, applied as the
// renderer applies it, with its parameter record written field by field: the reverb tests'
// way of reading a record at its offsets.

#include <cstring>
#include <vector>

#include "audio/renderer/effects.h"
#include "test_memory.h"

namespace audio::renderer {

struct EffectOnMix {
    static constexpr u32 kFrameSamples = 240;

    explicit EffectOnMix(EffectType type)
        : memory(0x100), buffers(kMaxEffectChannels * kFrameSamples) {
        mix.in_use = true;
        mix.buffer_count = kMaxEffectChannels;
        effect.type = type;
        effect.enabled = true;
        effect.usage = EffectUsage::New;
    }
    void Apply() { ApplyEffect(effect, mix, buffers, kFrameSamples, memory); }
    template <typename T>
    void Parameter(std::size_t offset, const T& value) {
        std::memcpy(effect.parameters.data() + offset, &value, sizeof(T));
    }

    TestMemory memory;
    Mix mix;
    Effect effect;
    std::vector<float> buffers;
};

}  // namespace audio::renderer
