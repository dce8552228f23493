#include "services/audio/audio_renderer.h"

#include <cstring>

#include "base/log.h"

namespace services::audio {
namespace {

// nn::audio renderer states.
constexpr u32 kStateStarted = 0;
constexpr u32 kStateStopped = 1;
constexpr u32 kFrameMicroseconds = 5000;

}  // namespace

RendererFrameWork::RendererFrameWork(const RendererParameters& parameters,
                                     std::shared_ptr<AudioOutput> output, cpu::GuestMemory* memory,
                                     std::shared_ptr<kernel::ReadableEvent> event)
    : parameters_(parameters),
      output_(output ? std::move(output) : std::make_shared<AudioOutput>(nullptr)),
      event_(std::move(event)),
      renderer_(RendererConfigOf(parameters)),
      memory_(memory, renderer_.State()),
      performance_(parameters.performance_frame_count,
                   RendererFeatures(parameters.revision).PerformanceMetricsVersion2()) {}

void RendererFrameWork::Run(u64 ticks, kernel::EventSignaller& events) {
    if (!Started()) {
        return;
    }
    // Every frame due by now is rendered (a few at most: the console's DSP does not wait for
    // a late host), each placed at the tick it began.
    std::vector<std::pair<u64, std::vector<s16>>> frames;
    {
        std::lock_guard lock(mutex_);
        if (next_frame_ticks_ + kMaxCatchUpFrames * kPeriodTicks < ticks) {
            next_frame_ticks_ = ticks - (kMaxCatchUpFrames - 1) * kPeriodTicks;
        }
        while (next_frame_ticks_ <= ticks) {
            frames.emplace_back(next_frame_ticks_, renderer_.RenderFrame(memory_));
            const auto& cost = renderer_.LastFramePerformance();
            performance_.Record(cost, next_frame_ticks_, cost.total_us > kFrameMicroseconds);
            next_frame_ticks_ += kPeriodTicks;
        }
    }
    if (frames.empty()) {
        return;  // started after this period's time: its first frame is the next period's
    }
    for (const auto& [start, pcm] : frames) {
        output_->Play(start, pcm, kOutputChannels, 1.0f);
    }
    frames_.fetch_add(frames.size(), std::memory_order_relaxed);
    events.Signal(*event_);
}

void RendererFrameWork::SetStarted(bool started, u64 now) {
    std::lock_guard lock(mutex_);
    if (started && !Started()) {
        frames_.store(0, std::memory_order_relaxed);
        next_frame_ticks_ = now;
    }
    started_.store(started, std::memory_order_relaxed);
}

void RendererFrameWork::SetTimeLimit(u32 percent) {
    std::lock_guard lock(mutex_);
    renderer_.State().rendering_time_limit_percent = percent;
}

base::Result RendererFrameWork::Update(std::span<const u8> input, std::span<u8> output,
                                       std::span<u8> performance, UpdateSummary& summary) {
    std::lock_guard lock(mutex_);
    const base::Result result = RunUpdate(parameters_, input, output, ElapsedFrames(), Started(),
                                          renderer_.State(), memory_, log_, summary);
    if (result.IsSuccess()) {
        const u32 history_size = performance_.CopyTo(performance);
        std::memcpy(output.data() + summary.performance_status_offset, &history_size, 4);
    }
    return result;
}

AudioRenderer::AudioRenderer(const RendererParameters& parameters,
                             std::shared_ptr<AudioOutput> output,
                             kernel::IpcEnvironment& environment)
    : parameters_(parameters),
      event_(std::make_shared<kernel::ReadableEvent>()),
      work_(std::make_shared<RendererFrameWork>(parameters, std::move(output),
                                                &environment.Memory(), event_)) {
    environment.StartPeriodicWork(work_);
}

base::Result AudioRenderer::GetSampleRate(ipc::Out<u32> rate) {
    *rate = parameters_.sample_rate;
    return base::ResultSuccess;
}

base::Result AudioRenderer::GetSampleCount(ipc::Out<u32> count) {
    *count = parameters_.sample_count;
    return base::ResultSuccess;
}

base::Result AudioRenderer::GetMixBufferCount(ipc::Out<u32> count) {
    *count = parameters_.mix_buffer_count;
    return base::ResultSuccess;
}

base::Result AudioRenderer::GetState(ipc::Out<u32> state) {
    *state = work_->Started() ? kStateStarted : kStateStopped;
    return base::ResultSuccess;
}

base::Result AudioRenderer::Update(std::span<const u8> input, std::span<u8> output,
                                   std::span<u8> performance) {
    UpdateSummary summary;
    const base::Result result = work_->Update(input, output, performance, summary);
    if (result.IsFailure()) {
        return result;
    }
    LOG_DEBUG("audio",
              "RequestUpdate: {} voices in use, {} pools attached, {} detached, {:#x} bytes of "
              "splitters, {} errors",
              summary.voices_in_use, summary.pools_attached, summary.pools_detached,
              summary.splitter_size, summary.errors);
    return result;
}

base::Result AudioRenderer::RequestUpdate(ipc::OutBuffer<ipc::kMapAlias> output,
                                          ipc::OutBuffer<ipc::kMapAlias> performance,
                                          ipc::InBuffer<ipc::kMapAlias> input) {
    return Update(input.data, output.data, performance.data);
}

base::Result AudioRenderer::Start(ipc::RequestEnvironment environment) {
    work_->SetStarted(true, environment->Ticks());
    return base::ResultSuccess;
}

base::Result AudioRenderer::Stop(ipc::RequestEnvironment environment) {
    work_->SetStarted(false, environment->Ticks());
    return base::ResultSuccess;
}

base::Result AudioRenderer::QuerySystemEvent(ipc::OutCopyHandle event) {
    *event.object = event_;
    return base::ResultSuccess;
}

base::Result AudioRenderer::SetRenderingTimeLimit(u32 percent) {
    time_limit_percent_.store(percent, std::memory_order_relaxed);
    work_->SetTimeLimit(percent);
    return base::ResultSuccess;
}

base::Result AudioRenderer::GetRenderingTimeLimit(ipc::Out<u32> percent) {
    *percent = time_limit_percent_.load(std::memory_order_relaxed);
    return base::ResultSuccess;
}

base::Result AudioRenderer::RequestUpdateAuto(ipc::OutBuffer<ipc::kAutoSelect> output,
                                              ipc::OutBuffer<ipc::kAutoSelect> performance,
                                              ipc::InBuffer<ipc::kAutoSelect> input) {
    return Update(input.data, output.data, performance.data);
}

}  // namespace services::audio
