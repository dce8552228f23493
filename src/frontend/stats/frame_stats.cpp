#include "frontend/stats/frame_stats.h"

namespace frontend::stats {
namespace {

constexpr double kTicksPerMs = 19'200.0;  // the guest clock's 19.2 MHz

double Ms(u64 nanoseconds) {
    return static_cast<double>(nanoseconds) / 1e6;
}

}  // namespace

FrameStats::FrameStats(std::shared_ptr<gpu::FrameWork> gpu_work, bool recording)
    : gpu_work_(std::move(gpu_work)), recording_(recording) {}

void FrameStats::AttachProgram(u64 launch_ticks, std::function<u64()> cpu_nanoseconds) {
    std::lock_guard lock(mutex_);
    launch_ticks_ = launch_ticks;
    cpu_nanoseconds_ = std::move(cpu_nanoseconds);
    last_cpu_ns_ = cpu_nanoseconds_();
    // The program's first frame takes its time from the launch.
    last_shown_ = std::chrono::steady_clock::now();
}

void FrameStats::DetachProgram() {
    std::lock_guard lock(mutex_);
    cpu_nanoseconds_ = nullptr;
}

void FrameStats::SetRecording(bool on) {
    std::lock_guard lock(mutex_);
    recording_ = on;
}

void FrameStats::FrameShown(const services::vi::FrameShown& shown) {
    const gpu::FrameWorkCounts work = gpu_work_->Take();
    std::lock_guard lock(mutex_);
    const u64 cpu_ns = cpu_nanoseconds_ ? cpu_nanoseconds_() : last_cpu_ns_;
    FrameRecord record;
    record.frame = shown.number;
    record.guest_ms =
        shown.guest_ticks > launch_ticks_ ? (shown.guest_ticks - launch_ticks_) / kTicksPerMs : 0;
    record.frame_ms =
        last_shown_
            ? std::chrono::duration<double, std::milli>(shown.host_time - *last_shown_).count()
            : 0;
    record.cpu_ms = Ms(cpu_ns - last_cpu_ns_);
    record.gpu_span_ms = Ms(work.gpu_span_ns);
    record.gpu_sum_ms = Ms(work.gpu_sum_ns);
    record.submissions = work.submissions;
    record.draws = work.draws;
    record.pipelines = work.pipelines_built;
    record.shaders = work.shaders_translated;
    record.upload_bytes = work.bytes_uploaded;
    record.shader_ms = Ms(work.translate_ns);
    record.pipeline_ms = Ms(work.pipeline_ns);
    record.upload_ms = Ms(work.upload_ns);
    last_shown_ = shown.host_time;
    last_cpu_ns_ = cpu_ns;
    if (recording_) {
        records_.push_back(record);
    }
}

std::vector<FrameRecord> FrameStats::Records() const {
    std::lock_guard lock(mutex_);
    return records_;
}

}  // namespace frontend::stats
