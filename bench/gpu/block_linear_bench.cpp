// Block-linear de-swizzling speed against a plain memcpy of the same bytes, side by side in one
// run (bench/results/block_linear.md): a 1024x1024 RGBA8 texture with blocks 16 GOBs tall, and
// a 256x256x16 3D one with blocks 4 GOBs tall and 4 deep.

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "gpu/block_linear.h"

namespace {

const gpu::BlockLinearSurface kTwoD{1024 * 4, 1024, 4};
const gpu::BlockLinearSurface kThreeD{256 * 4, 256, 2, 16, 2};

void Deswizzle(benchmark::State& state, const gpu::BlockLinearSurface& surface) {
    std::vector<u8> tiled(surface.SizeBytes(), 0x5A);
    std::vector<u8> linear(u64{surface.width_bytes} * surface.height * surface.depth);
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            gpu::DeswizzleBlockLinear(surface, tiled, linear, surface.width_bytes));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * linear.size()));
}

void Memcpy(benchmark::State& state, const gpu::BlockLinearSurface& surface) {
    std::vector<u8> from(surface.SizeBytes(), 0x5A);
    std::vector<u8> to(u64{surface.width_bytes} * surface.height * surface.depth);
    for (auto _ : state) {
        std::memcpy(to.data(), from.data(), to.size());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * to.size()));
}

// The copy as it was before GOB-at-a-time: every 16-byte run placed by Offset().
void ByOffset(benchmark::State& state, const gpu::BlockLinearSurface& surface) {
    std::vector<u8> tiled(surface.SizeBytes(), 0x5A);
    std::vector<u8> linear(u64{surface.width_bytes} * surface.height * surface.depth);
    for (auto _ : state) {
        for (u32 z = 0; z < surface.depth; ++z) {
            for (u32 y = 0; y < surface.height; ++y) {
                for (u32 x = 0; x < surface.width_bytes; x += 16) {
                    std::memcpy(
                        linear.data() + (u64{z} * surface.height + y) * surface.width_bytes + x,
                        tiled.data() + surface.Offset(x, y, z), 16);
                }
            }
        }
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * linear.size()));
}

void BM_ByOffset2D(benchmark::State& state) {
    ByOffset(state, kTwoD);
}
void BM_Deswizzle2D(benchmark::State& state) {
    Deswizzle(state, kTwoD);
}
void BM_Memcpy2D(benchmark::State& state) {
    Memcpy(state, kTwoD);
}
void BM_Deswizzle3D(benchmark::State& state) {
    Deswizzle(state, kThreeD);
}
void BM_Memcpy3D(benchmark::State& state) {
    Memcpy(state, kThreeD);
}

BENCHMARK(BM_ByOffset2D);
BENCHMARK(BM_Deswizzle2D);
BENCHMARK(BM_Memcpy2D);
BENCHMARK(BM_Deswizzle3D);
BENCHMARK(BM_Memcpy3D);

}  // namespace

BENCHMARK_MAIN();
