#pragma once

// An engine: the state machine of one class bound on a channel's subchannel. The channel hands
// it every method of index 0x40 and above sent to that subchannel, in order; each engine keeps
// a register file of what was written (NVIDIA's classes are registers with side effects on
// some writes). `is_last_call` is true for the last argument of a method run, which the macro
// methods need.

#include <memory>
#include <string_view>

#include "base/types.h"
#include "gpu/frame_work.h"
#include "gpu/gpu_dump.h"
#include "gpu/host_gpu.h"
#include "gpu/memory_manager.h"
#include "gpu/syncpoint_manager.h"

namespace gpu::engines {

// What an engine reaches of its channel.
struct EngineContext {
    u32 channel_id = 0;
    // The channel's address space (an empty one until nvhost-as-gpu binds it).
    std::shared_ptr<MemoryManager> memory = std::make_shared<MemoryManager>();
    // The most bytes one copy or inline transfer may move; larger launches are refused with a
    // log line. A bound for fuzzing; real surfaces stay well below the default.
    u64 largest_transfer = u64{256} << 20;
    // The host GPU the 3D work goes to; its Synchronize() comes before every write of the
    // engines and the host class to guest memory and every syncpoint operation.
    std::shared_ptr<HostGpu> host_gpu = MakeNoHostGpu();
    // The syncpoints the 3D class's own increments land in (the channel's; null: none).
    SyncpointManager* syncpoints = nullptr;
    // The readable record of the channel's work (NXHOST_GPU_DUMP; null: none).
    std::shared_ptr<GpuDump> dump = nullptr;
    // The frame statistics' counts of GPU work (the draws sent; null: not counted).
    std::shared_ptr<FrameWork> work = nullptr;
};

class Engine {
public:
    virtual ~Engine() = default;
    virtual u32 ClassNumber() const = 0;
    virtual void CallMethod(u32 method, u32 argument, bool is_last_call) = 0;
    // Work the engine holds back (a draw that may gain instances) goes out now: the channel
    // stops running.
    virtual void Flush() {}
};

// std::unique_ptr<Engine> for a class, or null for one nxhost has no engine for.
std::unique_ptr<Engine> MakeEngine(u32 class_id, EngineContext& context);

}  // namespace gpu::engines
