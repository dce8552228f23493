#pragma once

// The records of a RequestUpdate's input, applied to the renderer's state: voice channel
// resources and voices, effects, splitters, mixes and sinks. Layouts from libnx
// (services/audren.h) and, where libnx has none (effects, splitters, revision 7's dirty mixes,
// revision 8's wave buffer loops), yuzu's audio_core (renderer/behavior/info_updater.cpp and
// the infos it reads). Each reader takes its section and says what it could not apply in the
// log; a wave buffer outside the attached pools is recorded as an error for the behaviour
// output, as the console reports it (ResultInvalidAddressInfo).

#include <cstring>
#include <span>
#include <vector>

#include "audio/renderer/renderer_state.h"
#include "audio/renderer/sample_memory.h"
#include "base/result.h"
#include "services/audio/renderer_parameters.h"

namespace services::audio {

template <typename T>
T ReadAt(std::span<const u8> bytes, std::size_t offset) {
    T value{};
    if (offset + sizeof(T) <= bytes.size()) {
        std::memcpy(&value, bytes.data() + offset, sizeof(T));
    }
    return value;
}

// An error the behaviour output reports (up to 10).
struct UpdateError {
    base::Result result;
    u64 address;
};

// What the readers tell the service once per renderer (unsupported formats, layouts).
struct InputLog {
    bool unsupported_format = false;
    bool pool_miss = false;
    bool splitter_layout = false;
};

struct InputContext {
    const RendererParameters& parameters;
    ::audio::renderer::RendererState& state;
    ::audio::renderer::SampleMemory& memory;  // for the voices' ADPCM parameters
    std::vector<UpdateError>& errors;
    InputLog& log;
};

// Returns the number of voices in use.
u32 ApplyVoiceInput(InputContext& context, std::span<const u8> channel_resources,
                    std::span<const u8> voices);
void ApplyEffectInput(InputContext& context, std::span<const u8> effects);
void ApplySplitterInput(InputContext& context, std::span<const u8> splitters);
void ApplyMixInput(InputContext& context, std::span<const u8> mixes);
void ApplySinkInput(InputContext& context, std::span<const u8> sinks);

}  // namespace services::audio
