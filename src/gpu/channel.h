#pragma once

// A GPU channel (one per nvhost-gpu device): its GPFIFO of submitted GP entries, the
// pushbuffer reader of each segment level, the subchannels' bindings (SET_OBJECT) and their
// engines, and the host class. Run() executes queued work in order until it is done, a
// semaphore acquire or syncpoint wait stalls it, or a YIELD gives the GPU to other channels.
// A stall that lasts longer than the setup's limit is named in the log and passed, where the
// hardware would wait for ever (or its watchdog would end the channel).

#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "gpu/engines/engine.h"
#include "gpu/gp_entry.h"
#include "gpu/gpu_dump.h"
#include "gpu/host_methods.h"
#include "gpu/pushbuffer_reader.h"
#include "gpu/syncpoint_manager.h"

namespace gpu {

// One submission: the driver's words before the GP entries (a fence wait), the entries, and
// the driver's words after them (the fence's increments), as nvhost adds them around a
// program's entries.
struct Submission {
    std::vector<u32> prologue;
    std::vector<u64> entries;
    std::vector<u32> epilogue;
};

struct ChannelSetup {
    u32 id = 0;
    u32 gpfifo_class = 0xB06F;
    std::shared_ptr<SyncpointManager> syncpoints = nullptr;
    std::shared_ptr<GpuDump> dump = nullptr;  // null: no dump
    std::chrono::milliseconds stall_limit{5000};
    u64 largest_transfer = u64{256} << 20;
    std::shared_ptr<HostGpu> host_gpu = MakeNoHostGpu();
    std::shared_ptr<FrameWork> work = nullptr;  // where draws are counted (null: nowhere)
};

enum class ChannelProgress { Idle, Stalled, Yielded };

class Channel {
public:
    static constexpr u32 kSubchannels = 8;

    explicit Channel(ChannelSetup setup);

    u32 Id() const { return setup_.id; }
    // The address space its GP entries and engines use (nvhost-as-gpu's BIND_CHANNEL).
    void BindMemory(std::shared_ptr<MemoryManager> memory);
    void Queue(Submission submission);
    // Whether segments are queued (a stalled method aside: Run answers Stalled for it).
    bool HasWork() const;
    ChannelProgress Run();
    // Ends the channel: waits for a Run under way to stop and drops the queued work; later
    // Runs do nothing.
    void Cancel();

    // The engine bound on a subchannel, or null (for tests and reports).
    const engines::Engine* EngineOn(u32 subchannel) const;
    u64 MethodsExecuted() const { return methods_executed_; }

private:
    struct Segment {
        bool driver_words = false;  // the driver's own words, not a GP entry
        GpEntry entry;
        std::vector<u32> words;
        bool loaded = false;
        std::size_t position = 0;
    };

    ChannelProgress RunSegments();
    bool Load(Segment& segment);
    HostOutcome Execute(const MethodCall& call);
    void Bind(u32 subchannel, u32 class_id);
    // Sends the work the engines hold back (a draw that may gain instances) on.
    void FlushEngines();

    ChannelSetup setup_;
    engines::EngineContext context_;
    HostMethods host_;
    mutable std::mutex queue_mutex_;
    std::deque<Segment> segments_;
    std::mutex run_mutex_;
    std::atomic<bool> cancelled_ = false;
    PushbufferReader main_reader_;
    PushbufferReader subroutine_reader_;
    std::optional<MethodCall> stalled_;
    std::chrono::steady_clock::time_point stalled_since_;
    std::map<u32, std::unique_ptr<engines::Engine>> engines_;  // by class, kept across rebinds
    std::array<engines::Engine*, kSubchannels> subchannels_{};
    std::array<u32, kSubchannels> bound_class_{};
    u32 unbound_named_ = 0;  // subchannels whose unbound use is already named
    bool control_named_ = false;
    u64 methods_executed_ = 0;
};

}  // namespace gpu
