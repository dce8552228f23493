#pragma once

// What GPU tests, the pushbuffer fuzzer and the benchmark build GPU memory from: a memory
// source over host bytes, and pushbuffer words written as a driver writes them.

#include <vector>

#include "gpu/channel.h"
#include "gpu/memory_manager.h"
#include "gpu/memory_source.h"

namespace gpu_test {

class HostMemory final : public gpu::MemorySource {
public:
    explicit HostMemory(u64 size) : bytes(size) {}
    u64 Size() const override { return bytes.size(); }
    u8* HostPointer(u64 offset, u64 size, bool) override {
        return offset + size <= bytes.size() ? bytes.data() + offset : nullptr;
    }
    std::vector<u8> bytes;
};

// A channel's setup with the defaults for the rest.
inline gpu::ChannelSetup ChannelSetupFor(u32 id, u32 gpfifo_class,
                                         std::shared_ptr<gpu::SyncpointManager> syncpoints) {
    gpu::ChannelSetup setup;
    setup.id = id;
    setup.gpfifo_class = gpfifo_class;
    setup.syncpoints = std::move(syncpoints);
    return setup;
}

// Method headers (dev_ram.ref.txt FIFO_DMA): SEC_OP, count, subchannel, method index.
inline u32 Incrementing(u32 subchannel, u32 method, u32 count) {
    return (1u << 29) | (count << 16) | (subchannel << 13) | method;
}
inline u32 NonIncrementing(u32 subchannel, u32 method, u32 count) {
    return (3u << 29) | (count << 16) | (subchannel << 13) | method;
}
inline u32 Immediate(u32 subchannel, u32 method, u32 value) {
    return (4u << 29) | (value << 16) | (subchannel << 13) | method;
}
inline u32 IncrementOnce(u32 subchannel, u32 method, u32 count) {
    return (5u << 29) | (count << 16) | (subchannel << 13) | method;
}
inline constexpr u32 kEndSegment = 7u << 29;

// A GP entry for `words` words at `address`.
inline u64 GpEntryFor(u64 address, u32 words, bool subroutine = false) {
    const u64 word0 = address & 0xFFFF'FFFC;
    const u64 word1 = ((address >> 32) & 0xFF) | (u64{subroutine} << 9) | (u64{words} << 10);
    return word1 << 32 | word0;
}

// Appends a method and its arguments as one incrementing run.
inline void Method(std::vector<u32>& words, u32 subchannel, u32 method,
                   std::initializer_list<u32> arguments) {
    words.push_back(Incrementing(subchannel, method, static_cast<u32>(arguments.size())));
    words.insert(words.end(), arguments);
}

}  // namespace gpu_test
