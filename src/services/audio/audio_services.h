#pragma once

// The audio services: audout:u, audren:u and audin:u.

#include <memory>

#include "services/audio/audio_output.h"
#include "services/service_directory.h"

namespace services::audio {

// Registers every audio service; the audio outs play into `output` (null: one whose sound goes
// nowhere).
void AddAudioServices(ServiceDirectory& directory, std::shared_ptr<AudioOutput> output = nullptr);

}  // namespace services::audio
