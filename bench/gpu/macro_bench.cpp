// Macro instructions interpreted per second, both formats, on real-looking draw macros:
// deko3d's instanced Draw (Fermi format, 6 instructions per instance) and an MME64 instanced
// draw (4 groups per instance), against the same methods emitted by native code (what a
// high-level replacement of the macro, as yuzu and Ryujinx do by hash, would cost).
// Run: nx_macro_bench (results in bench/results/macro.md).
#include <benchmark/benchmark.h>

#include "sample_macros.h"

namespace {

using namespace gpu::macro;

class NullHost : public MacroHost {
public:
    void WriteMethod(u32, u32 value) override { benchmark::DoNotOptimize(value); }
    bool ReadMemory(u64, std::span<u32>) override { return false; }
    bool WriteMemory(u64, std::span<const u32>) override { return false; }
};

void RunDraw(benchmark::State& state, MacroFormat format, const std::vector<u32>& code,
             std::vector<u32> parameters) {
    MacroEngine engine(format);
    NullHost host;
    test::Upload(engine, host, 0, code);
    u64 instructions = 0;
    for (auto _ : state) {
        const MacroRun run = engine.Execute(0, parameters, host);
        instructions += run.instructions;
        benchmark::DoNotOptimize(run);
    }
    state.SetItemsProcessed(static_cast<int64_t>(instructions));
    state.counters["instructions_per_call"] =
        static_cast<double>(instructions) / static_cast<double>(state.iterations());
}

void BM_FermiDekoDraw(benchmark::State& state) {
    const u32 instances = static_cast<u32>(state.range(0));
    RunDraw(state, MacroFormat::Fermi, test::DekoDraw(), {4, 3, instances, 0, 7});
}
BENCHMARK(BM_FermiDekoDraw)->Arg(1)->Arg(1000);

// deko3d's Draw as native code: the methods draw.mme emits, through the same host.
void BM_NativeDekoDraw(benchmark::State& state) {
    const u32 instances = static_cast<u32>(state.range(0));
    NullHost null_host;
    // Opaque to the optimiser, so each method is a virtual call as the macro engine makes it.
    MacroHost* target = &null_host;
    benchmark::DoNotOptimize(target);
    MacroHost& host = *target;
    const u32 primitive = 4, count = 3, first = 0, base = 7;
    for (auto _ : state) {
        host.WriteMethod(test::kDrawArraysFirst, first);
        host.WriteMethod(test::kDrawBaseInstance, base);
        host.WriteMethod(test::kLoadConstbufOffset, 4);
        host.WriteMethod(test::kLoadConstbufOffset + 1, base);
        for (u32 i = 0; i < instances; ++i) {
            host.WriteMethod(test::kVertexBeginGl,
                             i == 0 ? primitive : primitive | test::kInstanceNext);
            host.WriteMethod(test::kDrawArraysCount, count);
            host.WriteMethod(test::kVertexEndGl, 0);
        }
        host.WriteMethod(test::kLoadConstbufOffset, 4);
        host.WriteMethod(test::kLoadConstbufOffset + 1, 0);
    }
}
BENCHMARK(BM_NativeDekoDraw)->Arg(1)->Arg(1000);

void BM_Mme64Draw(benchmark::State& state) {
    const u32 instances = static_cast<u32>(state.range(0));
    RunDraw(state, MacroFormat::Mme64, test::Mme64Draw(), {5, 100, 6, instances});
}
BENCHMARK(BM_Mme64Draw)->Arg(1)->Arg(1000);

// The MME64 draw as native code.
void BM_NativeMme64Draw(benchmark::State& state) {
    const u32 instances = static_cast<u32>(state.range(0));
    NullHost null_host;
    MacroHost* target = &null_host;
    benchmark::DoNotOptimize(target);
    MacroHost& host = *target;
    const u32 begin = 5, first = 100, count = 6;
    for (auto _ : state) {
        for (u32 i = 0; i < instances; ++i) {
            host.WriteMethod(test::kVertexBeginGl, i == 0 ? begin : begin | test::kInstanceNext);
            host.WriteMethod(test::kDrawArraysFirst, first);
            host.WriteMethod(test::kDrawArraysCount, count);
            host.WriteMethod(test::kVertexEndGl, 0);
        }
    }
}
BENCHMARK(BM_NativeMme64Draw)->Arg(1)->Arg(1000);

}  // namespace

BENCHMARK_MAIN();
