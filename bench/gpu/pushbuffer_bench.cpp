// Pushbuffer methods per second: a 3D-state-like stream (incrementing runs of register writes,
// non-incrementing uploads, immediates) decoded alone by the reader, and executed by a channel
// into the 3D class's register file.

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

#include "gpu/channel.h"
#include "gpu/gpu_test_memory.h"
#include "gpu/pushbuffer_reader.h"

namespace {

using namespace gpu_test;

constexpr u64 kBase = 0x1'0000'0000;

// About 1 MiB of words; the count of method calls they make. The registers written lie in
// 0x800-0x17FF (bytes), state the 3D class only stores, as most of a frame's methods are.
std::vector<u32> Stream(u64& calls) {
    std::mt19937 random(7);
    std::vector<u32> words;
    Method(words, 0, 0, {0xB197});
    calls = 1;
    while (words.size() < 256 * 1024) {
        switch (random() % 3) {
            case 0: {
                const u32 count = 1 + random() % 8;
                words.push_back(Incrementing(0, 0x200 + random() % 0x400, count));
                for (u32 i = 0; i < count; ++i) {
                    words.push_back(random());
                }
                calls += count;
                break;
            }
            case 1: {
                const u32 count = 1 + random() % 16;
                words.push_back(NonIncrementing(0, 0x8E4, count));  // LOAD_CONSTANT_BUFFER(0)
                for (u32 i = 0; i < count; ++i) {
                    words.push_back(random());
                }
                calls += count;
                break;
            }
            default:
                words.push_back(Immediate(0, 0x200 + random() % 0x400, random() & 0x1FFF));
                calls += 1;
                break;
        }
    }
    return words;
}

void BM_DecodeOnly(benchmark::State& state) {
    u64 calls = 0;
    const std::vector<u32> words = Stream(calls);
    for (auto _ : state) {
        gpu::PushbufferReader reader;
        bool ended = false;
        u64 sum = 0;
        reader.Feed(words, 0, ended, [&](const gpu::MethodCall& call) {
            sum += call.argument;
            return true;
        });
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<s64>(state.iterations() * calls));
}

void BM_ExecuteIntoTheThreedRegisters(benchmark::State& state) {
    u64 calls = 0;
    const std::vector<u32> words = Stream(calls);
    auto ram = std::make_shared<HostMemory>(words.size() * 4);
    std::memcpy(ram->bytes.data(), words.data(), words.size() * 4);
    auto memory = std::make_shared<gpu::MemoryManager>();
    memory->Map(kBase, ram->Size(), ram, 0, 0x1000, 0);
    auto syncpoints = std::make_shared<gpu::SyncpointManager>();
    gpu::Channel channel(ChannelSetupFor(1, 0xB06F, syncpoints));
    channel.BindMemory(memory);
    for (auto _ : state) {
        channel.Queue(gpu::Submission{{}, {GpEntryFor(kBase, static_cast<u32>(words.size()))}, {}});
        channel.Run();
    }
    state.SetItemsProcessed(static_cast<s64>(state.iterations() * calls));
}

BENCHMARK(BM_DecodeOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ExecuteIntoTheThreedRegisters)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
