#include "services/audio/audio_in_manager.h"

#include "base/log.h"
#include "services/audio/audio_results.h"

namespace services::audio {

base::Result AudioInManager::ListAudioIns(ipc::OutBuffer<ipc::kMapAlias>, ipc::Out<u32> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result AudioInManager::OpenAudioIn() {
    LOG_INFO("audio", "OpenAudioIn: no audio input devices");
    return ResultNotFound;
}

base::Result AudioInManager::ListAudioInsAuto(ipc::OutBuffer<ipc::kAutoSelect>,
                                              ipc::Out<u32> count) {
    *count = 0;
    return base::ResultSuccess;
}

}  // namespace services::audio
