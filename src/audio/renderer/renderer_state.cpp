#include "audio/renderer/renderer_state.h"

namespace audio::renderer {

RendererState::RendererState(const RendererConfig& renderer_config)
    : config(renderer_config),
      channel_resources(config.voice_count),
      voices(config.voice_count),
      mixes(config.sub_mix_count + 1),
      splitters(config.splitter_count),
      splitter_destinations(config.splitter_destination_count),
      effects(config.effect_count),
      sinks(config.sink_count) {}

bool InAttachedPool(const RendererState& state, u64 address, u64 size) {
    for (const MemoryPool& pool : state.pools) {
        if (pool.attached && address >= pool.address && size <= pool.size &&
            address - pool.address <= pool.size - size) {
            return true;
        }
    }
    return false;
}

}  // namespace audio::renderer
