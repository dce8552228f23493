#pragma once

// The size of the work buffer (transfer memory) an audio renderer of these parameters needs,
// computed as the console's audio service does (IAudioRendererManager::GetWorkBufferSize).

#include "services/audio/renderer_parameters.h"

namespace services::audio {

u64 WorkBufferSize(const RendererParameters& parameters);

}  // namespace services::audio
