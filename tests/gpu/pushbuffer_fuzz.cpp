// libFuzzer: arbitrary bytes as a submission (GP entries and the segments they name) executed
// by a channel over a small address space. Must never crash, trip a sanitizer or hang: the
// channel's stall limit is 0 (a stalled acquire is passed on the next run) and its transfers
// are bounded, and the harness runs the channel a bounded number of times.
//
// Input: byte 0 picks the host class (bit 0: Ampere) and the entry count (bits 7:1, up to 63);
// then 8 bytes per entry; the rest fills the mapped memory from its start. Seven entries in
// eight have their address folded into the mapped window so that they reach the bytes given.

#include <cstring>

#include "base/log.h"
#include "gpu/channel.h"
#include "gpu_test_memory.h"

namespace {

constexpr u64 kBase = 0x1'0000'0000;
constexpr u64 kWindow = 0x1'0000;  // mapped bytes
constexpr int kMostRuns = 64;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    base::SetLogLevel(base::LogLevel::Error);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const u8* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    const bool ampere = data[0] & 1;
    const std::size_t entries = std::min<std::size_t>(data[0] >> 1, (size - 1) / 8);
    auto ram = std::make_shared<gpu_test::HostMemory>(kWindow);
    const std::size_t rest = size - 1 - entries * 8;
    std::memcpy(ram->bytes.data(), data + 1 + entries * 8, std::min<std::size_t>(rest, kWindow));
    auto memory = std::make_shared<gpu::MemoryManager>();
    memory->Map(kBase, kWindow, ram, 0, 0x1000, 0);
    memory->Reserve(0x10'0000, 0x1000, kBase + 0x10'0000, 0, true);  // sparse, after the window
    auto syncpoints = std::make_shared<gpu::SyncpointManager>();
    gpu::ChannelSetup setup = gpu_test::ChannelSetupFor(1, ampere ? 0xC76F : 0xB06F, syncpoints);
    setup.stall_limit = std::chrono::milliseconds(0);
    setup.largest_transfer = kWindow;
    gpu::Channel channel(setup);
    channel.BindMemory(memory);
    gpu::Submission submission;
    for (std::size_t i = 0; i < entries; ++i) {
        u64 raw;
        std::memcpy(&raw, data + 1 + i * 8, 8);
        if (i % 8 != 7) {
            // The address into the window, the length at most the window's words; FETCH,
            // PRIV, LEVEL and SYNC as given.
            const u64 address = kBase + ((raw & 0xFFFC) % kWindow);
            const u64 length = ((raw >> 42) & 0x3FFF) % (kWindow / 4);
            constexpr u64 kKept = 1 | u64{1} << 40 | u64{1} << 41 | u64{1} << 63;
            raw = (raw & kKept) | (address & 0xFFFF'FFFC) | ((address >> 32) & 0xFF) << 32 |
                  length << 42;
        }
        submission.entries.push_back(raw);
    }
    channel.Queue(std::move(submission));
    for (int run = 0; run < kMostRuns && channel.Run() != gpu::ChannelProgress::Idle; ++run) {
    }
    return 0;
}
