#include "services/audio/audio_renderer_manager.h"

#include <string>

#include <fmt/format.h>

#include "base/log.h"
#include "kernel/memory_objects.h"
#include "services/audio/audio_device.h"
#include "services/audio/audio_renderer.h"
#include "services/audio/audio_results.h"
#include "services/audio/renderer_parameter_check.h"
#include "services/audio/work_buffer_size.h"

namespace services::audio {

base::Result AudioRendererManager::OpenAudioRenderer(
    RendererParameters parameters, u64 work_buffer_size, u64, ipc::InCopyHandle work_buffer,
    ipc::InCopyHandle, ipc::RequestEnvironment environment, ipc::OutObject renderer) {
    if (const auto checked = CheckRendererParameters(parameters, work_buffer_size);
        checked.IsFailure()) {
        return checked;
    }
    // The renderer's state lives in the work buffer on the console, so the buffer the
    // program hands over bounds what it may ask for (and what the host allocates for it).
    const auto memory = kernel::As<kernel::TransferMemory>(work_buffer.object);
    if (!memory || memory->Size() < work_buffer_size) {
        LOG_WARNING("audio",
                    "OpenAudioRenderer: the work buffer handle names {} for {:#x} bytes; "
                    "refused with 2153-0004",
                    memory ? fmt::format("transfer memory of {:#x} bytes", memory->Size())
                           : std::string("no transfer memory"),
                    work_buffer_size);
        return ResultInsufficientBuffer;
    }
    *renderer.object = std::make_shared<AudioRenderer>(parameters, output_, *environment);
    LOG_INFO("audio",
             "audio renderer opened: REV{}, {} Hz, {} samples a frame, {} mix buffers, {} "
             "sub-mixes, {} voices, {} sinks, {} effects, {} splitters",
             RevisionNumber(parameters.revision), parameters.sample_rate, parameters.sample_count,
             parameters.mix_buffer_count, parameters.sub_mix_count, parameters.voice_count,
             parameters.sink_count, parameters.effect_count, parameters.splitter_count);
    return base::ResultSuccess;
}

base::Result AudioRendererManager::GetWorkBufferSize(RendererParameters parameters,
                                                     ipc::Out<u64> size) {
    if (!IsValidRevision(parameters.revision)) {
        LOG_WARNING("audio", "GetWorkBufferSize: revision {:#x} not supported",
                    parameters.revision);
        *size = 0;
        return ResultInvalidRevision;
    }
    *size = WorkBufferSize(parameters);
    return base::ResultSuccess;
}

base::Result AudioRendererManager::GetAudioDeviceService(u64, ipc::OutObject device) {
    *device.object = std::make_shared<AudioDevice>();
    return base::ResultSuccess;
}

base::Result AudioRendererManager::GetAudioDeviceServiceWithRevisionInfo(u32, u64,
                                                                         ipc::OutObject device) {
    *device.object = std::make_shared<AudioDevice>();
    return base::ResultSuccess;
}

}  // namespace services::audio
