// Translation speed on one core, cold and from the shader cache: shader::TranslateCompute over
// every kernel of every cubin in tests/shader/cuda, and shader::TranslateGraphics over the 34
// nvidia-modeset programs of ../shared/fixtures in both encodings (Ampere and Maxwell), with
// the SPIR-V's size and instruction count against the SASS it came from. Programs that fail to
// translate are counted and named; the rates are over those that translate.
// bench/shader/run_translate.sh records it.
//
// Usage: nx_shader_translate_bench [--rounds N] [--cubins FOLDER] [--dump-spirv FOLDER]
// (--dump-spirv writes each graphics program's SPIR-V there, SET.NAME.spv, for spirv-dis)
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "base/error.h"
#include "base/file.h"
#include "shader/cache/shader_cache.h"
#include "shader/compute.h"
#include "shader/graphics.h"
#include "shader/sass/cubin.h"

#include "modeset_programs.h"

namespace {

namespace fs = std::filesystem;
using namespace shader;

struct NamedKernel {
    std::string cubin;
    sass::CubinKernel kernel;
};

struct Failure {
    std::string kernel;
    std::string error;  // its first line
};

// A desktop NVIDIA GPU: 32-wide subgroups and every optional feature, so that the translator
// takes its most direct paths. CUDA launches these fixtures with 128 threads a block.
constexpr TargetProfile kTarget{.subgroup_size = 32,
                                .full_32_wide_subgroups = true,
                                .float64 = true,
                                .int64 = true,
                                .int16 = true,
                                .int8 = true,
                                .float16 = true,
                                .storage_8bit = true,
                                .storage_16bit = true,
                                .int64_atomics = true,
                                .float32_atomic_add = true,
                                .float32_atomic_add_shared = true,
                                .float64_atomic_add = true,
                                .float32_atomic_min_max = true,
                                .subgroup_ballot = true,
                                .subgroup_shuffle = true,
                                .subgroup_vote = true,
                                .subgroup_arithmetic = true,
                                .shader_clock = true};
constexpr ComputeState kState{.block = {128, 1, 1}};

double ThreadCpuSeconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// This thread's CPU time (what one core spent, whatever else the machine was doing) of the
// fastest round and of all of them, and the wall time of all of them.
struct RoundTimes {
    double best_cpu = 0;
    double total_cpu = 0;
    double total_wall = 0;
};

template <typename Round>
RoundTimes MeasureRounds(int rounds, Round round) {
    RoundTimes times{.best_cpu = std::numeric_limits<double>::infinity()};
    const auto wall_start = std::chrono::steady_clock::now();
    for (int i = 0; i < rounds; ++i) {
        const double cpu_start = ThreadCpuSeconds();
        round();
        const double cpu = ThreadCpuSeconds() - cpu_start;
        times.best_cpu = std::min(times.best_cpu, cpu);
        times.total_cpu += cpu;
    }
    times.total_wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    return times;
}

void PrintRates(std::string_view name, const RoundTimes& times, int rounds, std::size_t kernels,
                std::string_view unit = "kernel") {
    const double per_round = static_cast<double>(kernels);
    fmt::print("{:7} {:8.0f} {}s/s best round, {:8.0f} mean ({:8.0f} wall), {:7.1f} us a {}\n",
               name, per_round / times.best_cpu, unit, per_round * rounds / times.total_cpu,
               per_round * rounds / times.total_wall, times.best_cpu / per_round * 1e6, unit);
}

std::vector<NamedKernel> LoadKernels(const fs::path& folder) {
    std::vector<fs::path> cubins;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.path().extension() == ".cubin") {
            cubins.push_back(entry.path());
        }
    }
    std::sort(cubins.begin(), cubins.end());
    std::vector<NamedKernel> kernels;
    for (const fs::path& path : cubins) {
        const std::vector<u8> bytes = base::ReadFile(path);
        for (sass::CubinKernel& kernel : sass::ReadCubin(bytes, path.string()).kernels) {
            kernels.push_back({path.filename().string(), std::move(kernel)});
        }
    }
    return kernels;
}

std::string FirstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

// One program of a graphics fixture set, as its driver hands it to the translator.
struct GraphicsCase {
    std::string name;
    testing::GraphicsEnvironment environment;
    std::vector<u8> header;
    std::vector<u8> code;
    std::vector<u32> fixed_constants;  // the Maxwell programs' bank 1
    u64 sass_instructions = 0;         // Ampere: 16-byte words; Maxwell: 3 in each 32-byte bundle
};

std::vector<GraphicsCase> LoadGraphicsCases(const char* set, Architecture architecture,
                                            const TargetProfile& target) {
    const std::map<std::string, int> indices = testing::ModesetConstantIndices();
    std::vector<GraphicsCase> cases;
    for (const sass::testing::GraphicsProgramFixture& program :
         sass::testing::LoadGraphicsPrograms(set)) {
        const auto index = indices.find(program.name);
        const int const_index = index == indices.end() ? -1 : index->second;
        const bool ampere = architecture == Architecture::Ampere;
        GraphicsCase one{
            .name = program.name,
            .environment = ampere ? testing::AmpereEnvironment(program, target)
                                  : testing::MaxwellEnvironment(program, const_index, target),
            .header = program.header,
            .code = program.code,
            .fixed_constants = {},
            .sass_instructions = ampere ? program.code.size() / 16 : program.code.size() / 32 * 3,
        };
        if (!ampere && const_index >= 0) {
            one.fixed_constants = testing::ModesetConstantBuffer(const_index);
        }
        cases.push_back(std::move(one));
    }
    return cases;
}

// SPIR-V instructions after the 5-word header (each starts with its word count << 16).
u64 SpirvInstructions(const std::vector<u32>& spirv) {
    u64 count = 0;
    for (std::size_t at = 5; at < spirv.size(); ++count) {
        at += std::max<u32>(1, spirv[at] >> 16);
    }
    return count;
}

// The set translated for `target` (`target_name` in what is printed and dumped).
void RunGraphicsSet(int rounds, const char* set, Architecture architecture,
                    const TargetProfile& target, std::string_view target_name,
                    const fs::path& dump_folder) {
    const std::vector<GraphicsCase> cases = LoadGraphicsCases(set, architecture, target);
    std::vector<const GraphicsCase*> translatable;
    u64 sass_bytes = 0, sass_instructions = 0, spirv_bytes = 0, spirv_instructions = 0;
    std::vector<std::pair<double, std::string>> growth;  // SPIR-V / SASS instructions, by program
    for (const GraphicsCase& one : cases) {
        try {
            const GraphicsProgram program = TranslateGraphics(one.environment);
            if (!dump_folder.empty()) {
                base::WriteFileAtomic(
                    dump_folder / fmt::format("{}.{}.{}.spv", target_name, set, one.name),
                    {reinterpret_cast<const u8*>(program.spirv.data()), program.spirv.size() * 4});
            }
            translatable.push_back(&one);
            sass_bytes += one.code.size();
            sass_instructions += one.sass_instructions;
            spirv_bytes += program.spirv.size() * 4;
            spirv_instructions += SpirvInstructions(program.spirv);
            growth.emplace_back(static_cast<double>(SpirvInstructions(program.spirv)) /
                                    static_cast<double>(one.sass_instructions),
                                one.name);
        } catch (const std::exception& error) {
            fmt::print("  FAIL {} {}: {}\n", set, one.name, FirstLine(error.what()));
        }
    }
    fmt::print("{} for {}: {} programs, {} translate\n", set, target_name, cases.size(),
               translatable.size());
    if (translatable.empty()) {
        return;
    }
    fmt::print(
        "  SASS {} bytes, {} instructions; SPIR-V {} bytes ({:.2f}x), {} instructions "
        "({:.2f}x)\n",
        sass_bytes, sass_instructions, spirv_bytes,
        static_cast<double>(spirv_bytes) / static_cast<double>(sass_bytes), spirv_instructions,
        static_cast<double>(spirv_instructions) / static_cast<double>(sass_instructions));
    std::sort(growth.rbegin(), growth.rend());
    fmt::print("  SPIR-V instructions a SASS instruction, most and least:");
    for (std::size_t i = 0; i < growth.size(); ++i) {
        if (i < 3 || i + 2 >= growth.size()) {
            fmt::print(" {} {:.1f}x{}", growth[i].second, growth[i].first,
                       i + 1 < growth.size() ? "," : "\n");
        }
    }

    const RoundTimes cold = MeasureRounds(rounds, [&] {
        for (const GraphicsCase* one : translatable) {
            if (TranslateGraphics(one->environment).spirv.empty()) {
                base::Fail("{}: no SPIR-V", one->name);
            }
        }
    });
    const fs::path cache_folder =
        fs::temp_directory_path() /
        fmt::format("nxhost-graphics-translate-bench-{}", std::random_device()());
    ShaderCache cache(cache_folder, "bench");
    const auto key_of = [&](const GraphicsCase& one) {
        return MakeGraphicsCacheKey({.environment = set,
                                     .stage = one.environment.GetStage(),
                                     .header = one.header,
                                     .code = one.code,
                                     .fixed_constants = one.fixed_constants,
                                     .attribute_types = {},
                                     .build = cache.Build()},
                                    target);
    };
    for (const GraphicsCase* one : translatable) {
        cache.Store(key_of(*one), TranslateGraphics(one->environment));
    }
    // What a warm start pays a program: its key (a hash of the header, code and fixed constants)
    // and reading and checking the entry, which the OS has in its page cache here.
    const RoundTimes cached = MeasureRounds(rounds, [&] {
        for (const GraphicsCase* one : translatable) {
            if (!cache.LoadGraphics(key_of(*one))) {
                base::Fail("{}: not in the cache", one->name);
            }
        }
    });
    const ShaderCacheStats stats = cache.Stats();
    fs::remove_all(cache_folder);
    if (stats.stored != translatable.size() ||
        stats.hits != static_cast<u64>(rounds) * translatable.size()) {
        base::Fail("the cache stored {} of {} and hit {} times", stats.stored, translatable.size(),
                   stats.hits);
    }
    PrintRates("  cold:", cold, rounds, translatable.size(), "program");
    PrintRates("  cached:", cached, rounds, translatable.size(), "program");
    fmt::print("  cold against the goal of 5000 programs/s: {:.2f}x of it (best round)\n",
               static_cast<double>(translatable.size()) / cold.best_cpu / 5000.0);
}

int Run(int rounds, const fs::path& cubin_folder, const fs::path& dump_folder) {
    const std::vector<NamedKernel> all = LoadKernels(cubin_folder);
    std::vector<const NamedKernel*> translatable;
    std::vector<Failure> failures;
    for (const NamedKernel& named : all) {
        try {
            TranslateCompute(named.kernel, kTarget, kState);
            translatable.push_back(&named);
        } catch (const std::exception& error) {
            failures.push_back({named.cubin + " " + named.kernel.name, FirstLine(error.what())});
        }
    }
    fmt::print("kernels: {} in {}; {} translate, {} fail\n", all.size(), cubin_folder.string(),
               translatable.size(), failures.size());
    for (const Failure& failure : failures) {
        fmt::print("  FAIL {}: {}\n", failure.kernel, failure.error);
    }
    if (translatable.empty()) {
        fmt::print("nothing translates, so nothing to time\n");
        return 1;
    }

    const RoundTimes cold = MeasureRounds(rounds, [&] {
        for (const NamedKernel* named : translatable) {
            const ComputeProgram program = TranslateCompute(named->kernel, kTarget, kState);
            if (program.spirv.empty()) {
                base::Fail("{}: no SPIR-V", named->kernel.name);
            }
        }
    });

    const fs::path cache_folder = fs::temp_directory_path() /
                                  fmt::format("nxhost-translate-bench-{}", std::random_device()());
    ShaderCache cache(cache_folder);
    for (const NamedKernel* named : translatable) {
        cache.GetOrTranslate(named->kernel, kTarget, kState);
    }
    const ShaderCacheStats filled = cache.Stats();
    // What a warm start pays per kernel: the key (a hash of the code) plus reading and checking
    // the entry, which the OS has in its page cache here.
    const RoundTimes cached = MeasureRounds(rounds, [&] {
        for (const NamedKernel* named : translatable) {
            const ComputeProgram program = cache.GetOrTranslate(named->kernel, kTarget, kState);
            if (program.spirv.empty()) {
                base::Fail("{}: no SPIR-V from the cache", named->kernel.name);
            }
        }
    });
    const ShaderCacheStats stats = cache.Stats();
    fs::remove_all(cache_folder);
    const u64 expected_hits = static_cast<u64>(rounds) * translatable.size();
    if (filled.stored != translatable.size() || stats.hits - filled.hits != expected_hits) {
        base::Fail("the cache stored {} of {} and hit {} of {} times", filled.stored,
                   translatable.size(), stats.hits - filled.hits, expected_hits);
    }

    fmt::print("rounds: {}, {} kernels each, one thread; rates by this thread's CPU time\n", rounds,
               translatable.size());
    PrintRates("cold:", cold, rounds, translatable.size());
    PrintRates("cached:", cached, rounds, translatable.size());
    fmt::print("cached / cold: {:.1f}x faster (best rounds), {:.1f}x (means)\n",
               cold.best_cpu / cached.best_cpu, cold.total_cpu / cached.total_cpu);

    fmt::print("\ngraphics programs, one thread; rates by this thread's CPU time\n");
    // An NVIDIA-like device keeps denormals and fuses FMA as the guest's GPU does, so float
    // arithmetic translates directly; on a lavapipe-like one FADD, FMUL and FFMA take the exact
    // paths through doubles.
    for (const auto& [target, name] : {std::pair{testing::NvidiaLike(), "nvidia-like"},
                                       {testing::LavapipeLike(), "lavapipe-like"}}) {
        RunGraphicsSet(rounds, "nvidia-ampere-graphics", Architecture::Ampere, target, name,
                       dump_folder);
        RunGraphicsSet(rounds, "nvidia-maxwell-graphics", Architecture::Maxwell, target, name,
                       dump_folder);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 50;
    fs::path cubins = fs::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda";
    fs::path dump;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--rounds" && i + 1 < argc) {
            rounds = std::atoi(argv[++i]);
        } else if (argument == "--dump-spirv" && i + 1 < argc) {
            dump = argv[++i];
            fs::create_directories(dump);
        } else if (argument == "--cubins" && i + 1 < argc) {
            cubins = argv[++i];
        } else {
            fmt::print(stderr, "usage: {} [--rounds N] [--cubins FOLDER] [--dump-spirv FOLDER]\n",
                       argv[0]);
            return 2;
        }
    }
    if (rounds < 1) {
        fmt::print(stderr, "--rounds must be at least 1\n");
        return 2;
    }
    try {
        return Run(rounds, cubins, dump);
    } catch (const std::exception& error) {
        fmt::print(stderr, "nx_shader_translate_bench: {}\n", error.what());
        return 1;
    }
}
