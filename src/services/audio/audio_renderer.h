#pragma once

// nn::audio::detail::IAudioRenderer: one opened audio renderer (audren:u's OpenAudioRenderer).
// RequestUpdate applies the program's parameters to the renderer (renderer_update.h); while it
// is started, every 5 ms of guest time the frame work renders one frame
// (src/audio/renderer), plays the device sinks' output into the console's `AudioOutput` at
// the guest tick the frame began, and signals the system event, which is what a program's
// audio thread waits on. Command ids from libnx services/audren.c and yuzu's reimplementation.
//
// Threading: requests run on the guest's thread, the frame work under the scheduler lock; the
// work's mutex guards the renderer, and nothing calls the kernel while holding it.

#include <atomic>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "audio/renderer/renderer.h"
#include "ipc/service_object.h"
#include "kernel/event.h"
#include "kernel/periodic_work.h"
#include "services/audio/audio_output.h"
#include "services/audio/performance_history.h"
#include "services/audio/renderer_memory.h"
#include "services/audio/renderer_parameters.h"
#include "services/audio/renderer_update.h"

namespace services::audio {

class RendererFrameWork final : public kernel::PeriodicWork {
public:
    static constexpr u64 kPeriodTicks = 19'200'000 / 200;  // 5 ms
    // Frames rendered at most to catch up periods the host missed.
    static constexpr u64 kMaxCatchUpFrames = 4;

    RendererFrameWork(const RendererParameters& parameters, std::shared_ptr<AudioOutput> output,
                      cpu::GuestMemory* memory, std::shared_ptr<kernel::ReadableEvent> event);
    u64 PeriodTicks() const override { return kPeriodTicks; }
    bool MayWakeWaiters() const override { return Started(); }
    void Run(u64 ticks, kernel::EventSignaller& events) override;

    bool Started() const { return started_.load(std::memory_order_relaxed); }
    void SetStarted(bool started, u64 now);
    u64 ElapsedFrames() const { return frames_.load(std::memory_order_relaxed); }
    void SetTimeLimit(u32 percent);

    // RequestUpdate: `performance` (its second output buffer) takes the kept performance
    // frames.
    base::Result Update(std::span<const u8> input, std::span<u8> output, std::span<u8> performance,
                        UpdateSummary& summary);

private:
    const RendererParameters parameters_;
    const std::shared_ptr<AudioOutput> output_;
    const std::shared_ptr<kernel::ReadableEvent> event_;
    std::mutex mutex_;  // guards the renderer, its memory view and the log flags
    ::audio::renderer::Renderer renderer_;
    RendererMemory memory_;
    InputLog log_;
    PerformanceHistory performance_;
    u64 next_frame_ticks_ = 0;  // when the next frame is due (started only)
    std::atomic<bool> started_{false};
    std::atomic<u64> frames_{0};
};

class AudioRenderer final : public ipc::Interface<AudioRenderer> {
public:
    static constexpr auto kName = "nn::audio::detail::IAudioRenderer";

    // Starts the frame work in the requesting process.
    AudioRenderer(const RendererParameters& parameters, std::shared_ptr<AudioOutput> output,
                  kernel::IpcEnvironment& environment);

    base::Result GetSampleRate(ipc::Out<u32> rate);
    base::Result GetSampleCount(ipc::Out<u32> count);
    base::Result GetMixBufferCount(ipc::Out<u32> count);
    base::Result GetState(ipc::Out<u32> state);
    base::Result RequestUpdate(ipc::OutBuffer<ipc::kMapAlias> output,
                               ipc::OutBuffer<ipc::kMapAlias> performance,
                               ipc::InBuffer<ipc::kMapAlias> input);
    base::Result Start(ipc::RequestEnvironment environment);
    base::Result Stop(ipc::RequestEnvironment environment);
    base::Result QuerySystemEvent(ipc::OutCopyHandle event);
    base::Result SetRenderingTimeLimit(u32 percent);
    base::Result GetRenderingTimeLimit(ipc::Out<u32> percent);
    base::Result RequestUpdateAuto(ipc::OutBuffer<ipc::kAutoSelect> output,
                                   ipc::OutBuffer<ipc::kAutoSelect> performance,
                                   ipc::InBuffer<ipc::kAutoSelect> input);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, AudioRenderer::GetSampleRate),
        NX_COMMAND(1, AudioRenderer::GetSampleCount),
        NX_COMMAND(2, AudioRenderer::GetMixBufferCount),
        NX_COMMAND(3, AudioRenderer::GetState),
        NX_COMMAND(4, AudioRenderer::RequestUpdate),
        NX_COMMAND(5, AudioRenderer::Start),
        NX_COMMAND(6, AudioRenderer::Stop),
        NX_COMMAND(7, AudioRenderer::QuerySystemEvent),
        NX_COMMAND(8, AudioRenderer::SetRenderingTimeLimit),
        NX_COMMAND(9, AudioRenderer::GetRenderingTimeLimit),
        NX_COMMAND(10, AudioRenderer::RequestUpdateAuto),
    };

    const std::shared_ptr<RendererFrameWork>& Work() const { return work_; }

private:
    base::Result Update(std::span<const u8> input, std::span<u8> output, std::span<u8> performance);

    const RendererParameters parameters_;
    std::shared_ptr<kernel::ReadableEvent> event_;
    std::shared_ptr<RendererFrameWork> work_;
    std::atomic<u32> time_limit_percent_{100};
};

}  // namespace services::audio
