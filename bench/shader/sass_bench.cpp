// Instructions per second of Decode and of Decode + Disassemble over every instruction of the
// fixtures (NVIDIA's 34 graphics programs and our CUDA cubins). Run: nx_shader_bench.
#include <filesystem>

#include <benchmark/benchmark.h>

#include "base/file.h"
#include "shader/sass/cubin.h"
#include "shader/sass/instruction.h"

namespace {

using namespace shader::sass;

std::vector<Word> LoadWords() {
    std::vector<Word> words;
    const std::filesystem::path shared = NXHOST_SHARED_DIR;
    const auto blob = shared / "fixtures/nvidia-ampere-graphics/g_ampere_shaders.bin";
    if (std::filesystem::exists(blob)) {
        // The blob is SPH headers and code; every 16-byte word of it is a decoding workload.
        const std::vector<u8> bytes = base::ReadFile(blob);
        for (std::size_t at = 0; at + 16 <= bytes.size(); at += 16) {
            words.push_back(ToWord(bytes.data() + at));
        }
    }
    const std::filesystem::path cuda =
        std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda";
    if (std::filesystem::exists(cuda)) {
        for (const auto& entry : std::filesystem::directory_iterator(cuda)) {
            if (entry.path().extension() != ".cubin") {
                continue;
            }
            const std::vector<u8> bytes = base::ReadFile(entry.path());
            for (const CubinKernel& kernel : ReadCubin(bytes, entry.path().string()).kernels) {
                for (std::size_t at = 0; at + 16 <= kernel.code.size(); at += 16) {
                    words.push_back(ToWord(kernel.code.data() + at));
                }
            }
        }
    }
    return words;
}

const std::vector<Word>& Words() {
    static const std::vector<Word> words = LoadWords();
    return words;
}

void BM_Decode(benchmark::State& state) {
    const auto& words = Words();
    for (auto _ : state) {
        for (const Word& word : words) {
            auto instruction = Decode(word);
            benchmark::DoNotOptimize(instruction);
        }
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}
BENCHMARK(BM_Decode)->Unit(benchmark::kMillisecond);

void BM_DecodeAndDisassemble(benchmark::State& state) {
    const auto& words = Words();
    for (auto _ : state) {
        u64 address = 0;
        for (const Word& word : words) {
            if (const auto instruction = Decode(word)) {
                std::string text = Disassemble(*instruction, {.address = address});
                benchmark::DoNotOptimize(text);
            }
            address += 16;
        }
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}
BENCHMARK(BM_DecodeAndDisassemble)->Unit(benchmark::kMillisecond);

void BM_Assemble(benchmark::State& state) {
    // Our text (with the control prefix) of every decodable word, assembled back.
    std::vector<std::pair<std::string, u64>> lines;
    u64 address = 0;
    for (const Word& word : Words()) {
        if (const auto instruction = Decode(word)) {
            lines.emplace_back(
                Disassemble(*instruction, {.address = address, .with_control = true}), address);
        }
        address += 16;
    }
    for (auto _ : state) {
        for (const auto& [text, at] : lines) {
            Word word = Assemble(text, at);
            benchmark::DoNotOptimize(word);
        }
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lines.size()));
}
BENCHMARK(BM_Assemble)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
