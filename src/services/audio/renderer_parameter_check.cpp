#include "services/audio/renderer_parameter_check.h"

#include "base/log.h"
#include "services/audio/audio_results.h"
#include "services/audio/work_buffer_size.h"

namespace services::audio {

namespace {

// The frame length the renderer has at `sample_rate` (0: a rate it does not run at). libnx's
// audren.c sends exactly these pairs (AUDREN_SAMPLES_PER_FRAME_32KHZ / _48KHZ), and the
// renderer's final mix and sinks work at 48 kHz only or at 32 kHz upsampled (yuzu's and
// Ryujinx's UpsamplerManager). The reimplementations do not say which result the service
// gives another rate; nxhost gives the audio module's InvalidSampleRate, the result audout:u
// gives a rate it does not take.
u32 FrameSamplesAt(u32 sample_rate) {
    switch (sample_rate) {
        case 32000:
            return kRendererFrameSamplesAt32k;
        case 48000:
            return kRendererFrameSamplesAt48k;
        default:
            return 0;
    }
}

}  // namespace

base::Result CheckRendererParameters(const RendererParameters& p, u64 work_buffer_size) {
    // The order of yuzu's System::Initialize and Ryujinx's AudioRenderSystem.Initialize:
    // the revision, the work buffer's size, then the allocations out of it.
    if (!IsValidRevision(p.revision)) {
        LOG_WARNING("audio",
                    "OpenAudioRenderer: revision {:#x} not supported; refused with "
                    "2153-1537",
                    p.revision);
        return ResultInvalidRevision;
    }
    const u32 frame_samples = FrameSamplesAt(p.sample_rate);
    if (frame_samples == 0) {
        LOG_WARNING("audio",
                    "OpenAudioRenderer: sample rate {} Hz (the renderer runs at 32000 or 48000); "
                    "refused with 2153-0003",
                    p.sample_rate);
        return ResultInvalidSampleRate;
    }
    if (p.sample_count != frame_samples) {
        LOG_WARNING("audio",
                    "OpenAudioRenderer: {} samples a frame at {} Hz (a 5 ms frame is {}); "
                    "refused with 2153-0003",
                    p.sample_count, p.sample_rate, frame_samples);
        return ResultInvalidSampleRate;
    }
    const u64 needed = WorkBufferSize(p);
    if (work_buffer_size < needed) {
        LOG_WARNING("audio",
                    "OpenAudioRenderer: work buffer of {:#x} bytes, {:#x} needed; refused with "
                    "2153-0004",
                    work_buffer_size, needed);
        return ResultInsufficientBuffer;
    }
    // Both reimplementations take the voices, sinks and the depop buffer (one entry per mix
    // buffer) from the work buffer and refuse with InsufficientBuffer when an allocation comes
    // out empty, which a count of zero gives.
    const char* empty = p.voice_count == 0        ? "voices"
                        : p.sink_count == 0       ? "sinks"
                        : p.mix_buffer_count == 0 ? "mix buffers"
                                                  : nullptr;
    if (empty != nullptr) {
        LOG_WARNING("audio", "OpenAudioRenderer: no {} asked for; refused with 2153-0004", empty);
        return ResultInsufficientBuffer;
    }
    return base::ResultSuccess;
}

}  // namespace services::audio
