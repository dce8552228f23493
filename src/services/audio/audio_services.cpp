#include "services/audio/audio_services.h"

#include "services/audio/audio_in_manager.h"
#include "services/audio/audio_out_manager.h"
#include "services/audio/audio_renderer_manager.h"
#include "services/codec/hwopus_manager.h"

namespace services::audio {

void AddAudioServices(ServiceDirectory& directory, std::shared_ptr<AudioOutput> output) {
    if (!output) {
        output = std::make_shared<AudioOutput>(nullptr);
    }
    directory.Add("audout:u", [output] { return std::make_shared<AudioOutManager>(output); });
    directory.Add("audren:u", [output] { return std::make_shared<AudioRendererManager>(output); });
    directory.Add("audin:u", [] { return std::make_shared<AudioInManager>(); });
    directory.Add("hwopus", [] { return std::make_shared<codec::HwopusManager>(); });
}

}  // namespace services::audio
