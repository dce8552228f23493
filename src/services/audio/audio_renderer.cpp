#include "services/audio/audio_renderer.h"

#include "base/log.h"
#include "services/audio/renderer_update.h"

namespace services::audio {
namespace {

// nn::audio renderer states.
constexpr u32 kStateStarted = 0;
constexpr u32 kStateStopped = 1;

}  // namespace

void RendererFrameWork::Run(u64, kernel::EventSignaller& events) {
    if (Started()) {
        frames_.fetch_add(1, std::memory_order_relaxed);
        events.Signal(*event_);
    }
}

void RendererFrameWork::SetStarted(bool started) {
    if (started) {
        frames_.store(0, std::memory_order_relaxed);
    }
    started_.store(started, std::memory_order_relaxed);
}

AudioRenderer::AudioRenderer(const RendererParameters& parameters,
                             kernel::IpcEnvironment& environment)
    : parameters_(parameters),
      event_(std::make_shared<kernel::ReadableEvent>()),
      work_(std::make_shared<RendererFrameWork>(event_)) {
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

base::Result AudioRenderer::Update(std::span<const u8> input, std::span<u8> output) {
    UpdateSummary summary;
    const base::Result result =
        RunUpdate(parameters_, input, output, work_->ElapsedFrames(), summary);
    if (result.IsFailure()) {
        return result;
    }
    if (!logged_initial_state_.exchange(true)) {
        LOG_INFO("audio",
                 "audio renderer REV{}: header, memory pools and render info answered; voices, "
                 "effects, sinks, performance and behaviour answered in their initial state "
                 "(nothing is mixed yet)",
                 RevisionNumber(parameters_.revision));
    }
    LOG_DEBUG("audio",
              "RequestUpdate: {} voices in use, {} pools attached, {} detached, {:#x} bytes of "
              "splitters",
              summary.voices_in_use, summary.pools_attached, summary.pools_detached,
              summary.splitter_size);
    return result;
}

base::Result AudioRenderer::RequestUpdate(ipc::OutBuffer<ipc::kMapAlias> output,
                                          ipc::OutBuffer<ipc::kMapAlias>,
                                          ipc::InBuffer<ipc::kMapAlias> input) {
    return Update(input.data, output.data);
}

base::Result AudioRenderer::Start() {
    work_->SetStarted(true);
    return base::ResultSuccess;
}

base::Result AudioRenderer::Stop() {
    work_->SetStarted(false);
    return base::ResultSuccess;
}

base::Result AudioRenderer::QuerySystemEvent(ipc::OutCopyHandle event) {
    *event.object = event_;
    return base::ResultSuccess;
}

base::Result AudioRenderer::SetRenderingTimeLimit(u32 percent) {
    time_limit_percent_.store(percent, std::memory_order_relaxed);
    return base::ResultSuccess;
}

base::Result AudioRenderer::GetRenderingTimeLimit(ipc::Out<u32> percent) {
    *percent = time_limit_percent_.load(std::memory_order_relaxed);
    return base::ResultSuccess;
}

base::Result AudioRenderer::RequestUpdateAuto(ipc::OutBuffer<ipc::kAutoSelect> output,
                                              ipc::OutBuffer<ipc::kAutoSelect>,
                                              ipc::InBuffer<ipc::kAutoSelect> input) {
    return Update(input.data, output.data);
}

}  // namespace services::audio
