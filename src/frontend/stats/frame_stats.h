#pragma once

// Frame statistics of a run (`nxhost run --stats FILE.tsv`, and the summary every run ends
// with): a FrameRecord for each frame vi's display shows, with the guest's CPU time and the GPU
// work counted since the frame before. A control file's `stats start` / `stats stop` limit
// them to its windows.

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "frontend/stats/frame_record.h"
#include "gpu/frame_work.h"
#include "services/vi/presented_frames.h"

namespace frontend::stats {

class FrameStats {
public:
    // `recording`: whether frames count from the start (false when a control file opens
    // windows with `stats start`).
    FrameStats(std::shared_ptr<gpu::FrameWork> gpu_work, bool recording);

    // A program starts (hbmenu's chain runs several): its guest clock at launch, in ticks, and
    // the CPU time of its cores' threads so far.
    void AttachProgram(u64 launch_ticks, std::function<u64()> cpu_nanoseconds);
    // It has ended; its CPU time can no longer be read.
    void DetachProgram();
    void SetRecording(bool on);
    // Called at each frame the display shows (a PresentedFrames observer).
    void FrameShown(const services::vi::FrameShown& shown);

    std::vector<FrameRecord> Records() const;

private:
    std::shared_ptr<gpu::FrameWork> gpu_work_;
    mutable std::mutex mutex_;
    bool recording_;
    u64 launch_ticks_ = 0;
    std::function<u64()> cpu_nanoseconds_;
    u64 last_cpu_ns_ = 0;
    std::optional<std::chrono::steady_clock::time_point> last_shown_;  // or the launch
    std::vector<FrameRecord> records_;
};

}  // namespace frontend::stats
