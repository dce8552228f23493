#pragma once

// The audio services: audout:u, audren:u and audin:u.

#include <memory>

#include "services/audio/audio_sink.h"
#include "services/service_directory.h"

namespace services::audio {

// Registers every audio service; the audio outs' played PCM goes to `sink` (null: nowhere).
void AddAudioServices(ServiceDirectory& directory, std::shared_ptr<AudioSink> sink = nullptr);

}  // namespace services::audio
