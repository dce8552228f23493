#pragma once

// A channel over 1 MiB of host memory mapped at kBase: pushbuffers are written at its start,
// the engines' data further on.

#include <cstring>
#include <memory>
#include <vector>

#include "gpu/channel.h"
#include "gpu_test_memory.h"

namespace gpu_test {

struct Rig {
    static constexpr u64 kBase = 0x1'0000'0000;
    static constexpr u64 kData = kBase + 0x8'0000;  // where tests put their surfaces

    explicit Rig(u32 gpfifo_class = 0xB06F,
                 std::chrono::milliseconds stall_limit = std::chrono::milliseconds(5000),
                 std::shared_ptr<gpu::HostGpu> host_gpu = gpu::MakeNoHostGpu())
        : ram(std::make_shared<HostMemory>(0x10'0000)),
          memory(std::make_shared<gpu::MemoryManager>()),
          syncpoints(std::make_shared<gpu::SyncpointManager>()),
          channel(std::make_shared<gpu::Channel>(WithLimit(
              ChannelSetupFor(1, gpfifo_class, syncpoints), stall_limit, std::move(host_gpu)))) {
        memory->Map(kBase, ram->Size(), ram, 0, 0x1000, 0);
        channel->BindMemory(memory);
    }

    static gpu::ChannelSetup WithLimit(gpu::ChannelSetup setup, std::chrono::milliseconds limit,
                                       std::shared_ptr<gpu::HostGpu> host_gpu) {
        setup.stall_limit = limit;
        setup.host_gpu = std::move(host_gpu);
        return setup;
    }

    // The words as one main segment after those written before; the GP entry for it.
    u64 Segment(const std::vector<u32>& words, bool subroutine = false) {
        const u64 at = kBase + pushbuffer_used;
        std::memcpy(ram->bytes.data() + pushbuffer_used, words.data(), words.size() * 4);
        pushbuffer_used += words.size() * 4;
        return GpEntryFor(at, static_cast<u32>(words.size()), subroutine);
    }
    // Queues the words as one segment and runs the channel.
    gpu::ChannelProgress Execute(const std::vector<u32>& words) {
        channel->Queue(gpu::Submission{{}, {Segment(words)}, {}});
        return channel->Run();
    }
    u8* Data(u64 gpu_address) { return ram->bytes.data() + (gpu_address - kBase); }
    template <typename T>
    T Get(u64 gpu_address) {
        T value;
        std::memcpy(&value, Data(gpu_address), sizeof(T));
        return value;
    }
    template <typename T>
    void Put(u64 gpu_address, T value) {
        std::memcpy(Data(gpu_address), &value, sizeof(T));
    }

    std::shared_ptr<HostMemory> ram;
    std::shared_ptr<gpu::MemoryManager> memory;
    std::shared_ptr<gpu::SyncpointManager> syncpoints;
    std::shared_ptr<gpu::Channel> channel;
    u64 pushbuffer_used = 0;
};

inline u32 High(u64 address) {
    return static_cast<u32>(address >> 32);
}
inline u32 Low(u64 address) {
    return static_cast<u32>(address);
}

}  // namespace gpu_test
