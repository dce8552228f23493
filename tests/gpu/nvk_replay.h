#pragma once

// A replay of an NVK capture (nvk_capture.h) through nxhost's GPU layer: each buffer object
// becomes host memory, each VM_BIND maps it into one MemoryManager at its GPU address, the
// CPU's writes land in the objects, and each EXEC's pushes go to a Channel (one per capture
// channel, class AMPERE_CHANNEL_GPFIFO_A) as GP entries, as nvhost-gpu's SUBMIT_GPFIFO queues
// them, run to the end before the next record (NXHOST_GPU_DUMP=FILE dumps what runs). Records that
// break the capture's own rules (an object not made, a write or binding outside its object) throw
// base::Error.

#include <map>
#include <memory>
#include <vector>

#include "gpu/channel.h"
#include "gpu/memory_manager.h"
#include "gpu_test_memory.h"
#include "nvk_capture.h"

namespace gpu_test {

class NvkReplay {
public:
    explicit NvkReplay(std::shared_ptr<gpu::HostGpu> host_gpu);

    void Run(const std::vector<NvkRecord>& records);
    // `bytes` bytes at `address` as the GPU left them (zeros where nothing is mapped).
    std::vector<u8> Read(u64 address, u64 bytes) const;
    u32 Submissions() const { return submissions_; }

private:
    void Apply(const NvkBufferObject& bo);
    void Apply(const NvkClose& close);
    void Apply(const NvkBind& bind);
    void Apply(const NvkWrite& write);
    void Apply(const NvkExec& exec);
    const std::shared_ptr<HostMemory>& Object(u32 handle, const char* what);
    gpu::Channel& ChannelFor(u32 id);

    std::shared_ptr<gpu::HostGpu> host_gpu_;
    std::shared_ptr<gpu::MemoryManager> memory_;
    std::shared_ptr<gpu::SyncpointManager> syncpoints_;
    std::shared_ptr<gpu::GpuDump> dump_;  // NXHOST_GPU_DUMP=FILE: every method executed
    std::map<u32, std::shared_ptr<HostMemory>> objects_;  // by handle
    std::map<u32, std::shared_ptr<gpu::Channel>> channels_;
    u32 submissions_ = 0;
};

}  // namespace gpu_test
