// Times the translated (SASS -> SPIR-V) fixture kernels on a Vulkan device, for the comparison
// with the same kernels run natively in CUDA (bench/shader/gpu/run.sh).
//
//   nx_translated_timer [--runs DIR] [--threads T] [--repeat N] [--trials K] [--emit DIR]
//                       [--spirv DIR] [--only NAME] [--skip NAME]...
//                       [--assume-float-controls]
//
// For every launch manifest DIR/NAME.run (tests/shader/cuda/runs/README.md): translates the
// kernel for the device (shader::TranslateCompute), runs the manifest's own launch once and
// compares the buffers with the NVIDIA GPU's expected files, then scales the launch up to about
// T threads (ScaleLaunch below) and times K submissions of N back-to-back dispatches each
// (Vulkan timestamps around the N dispatches; N shrinks, down to 10, where N dispatches would
// take over 0.2 s). Prints one tab-separated line per manifest:
//
//   NAME  status  grid  block  repeat  best_ns_per_dispatch  matches  note
//
// status is `timed`, `untranslated` (note: the translator's message), `error` or `skipped`
// (--skip, which may be given several times). --assume-float-controls is an experiment, not an
// exact translation: it translates as if the device promised to keep f32/f64 denormals, signed
// zeros, infinities and NaNs and to fuse Fma (TargetProfile's float flags), so that FADD, FMUL,
// FFMA, DADD and DMUL are native even where the device does not promise that; the `matches`
// column then says whether the device gave NVIDIA's results anyway on these inputs.
// --emit writes the scaled launch as a manifest DIR/NAME.run with its input files beside it, so
// that the native side (tests/shader/cuda/runs/reference_runner.cu --repeat) runs exactly the
// same grid, block, buffers and scalars. --spirv writes each translated kernel's SPIR-V as
// DIR/NAME.spv. The device is NXHOST_VULKAN_DEVICE's choice (video::ComputeDeviceOptions).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.h"
#include "base/file.h"
#include "cuda_runner/buffer_compare.h"
#include "cuda_runner/kernel_runner.h"
#include "cuda_runner/launch_manifest.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "video/compute_device.h"

namespace {

namespace fs = std::filesystem;

struct Options {
    fs::path runs = fs::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda/runs";
    u64 threads = 1u << 18;
    u32 repeat = 1000;
    u32 trials = 3;
    fs::path emit;
    fs::path spirv;
    std::string only;
    std::vector<std::string> skip;
    bool assume_float_controls = false;
};

// How a kernel's launch may grow (read from tests/shader/cuda/*.cu). Every kernel gets a grid
// K times wider in x. Kernels that index by blockIdx.x * blockDim.x + threadIdx.x get every
// buffer K times larger (the input files' bytes repeated K times, out buffers K times the size)
// and their bound n (the scalar parameter `bound_parameter`) times K, so each block works on
// its own data. All other kernels index by threadIdx.x alone: their extra blocks repeat the
// first block's work on the same buffers (same reads, same values written; atomics add up).
struct ScaleRule {
    bool buffers_scale = false;
    int bound_parameter = -1;
    bool fixed = false;  // not scaled at all (see the note)
    const char* note = "";
};

ScaleRule RuleFor(std::string_view kernel) {
    if (kernel == "int32_ops")
        return {.buffers_scale = true, .bound_parameter = 3};
    if (kernel == "vector_copy")
        return {.buffers_scale = true, .bound_parameter = 2};
    if (kernel == "float_ops" || kernel == "shared_reverse")
        return {.buffers_scale = true};
    if (kernel == "surfaces") {
        // y = blockIdx.x: more blocks would read rows the surface does not have (CUDA traps).
        return {.fixed = true, .note = "unscaled: blockIdx.x is the surface row"};
    }
    if (kernel == "divergent") {
        // Its loop counts depend on out[] (inout), which other blocks would rewrite meanwhile:
        // the work would differ between the two sides.
        return {.fixed = true, .note = "unscaled: loop counts depend on racing writes"};
    }
    return {};
}

u64 Threads(const std::array<u32, 3>& v) {
    return u64{v[0]} * v[1] * v[2];
}

u32 ScaleFactor(const cuda_runner::KernelLaunch& launch, const ScaleRule& rule,
                u64 target_threads) {
    if (rule.fixed)
        return 1;
    const u64 threads = Threads(launch.grid) * Threads(launch.block);
    return static_cast<u32>(std::max<u64>(1, target_threads / std::max<u64>(threads, 1)));
}

cuda_runner::KernelLaunch ScaleLaunch(const cuda_runner::KernelLaunch& launch,
                                      const ScaleRule& rule, u32 k) {
    cuda_runner::KernelLaunch scaled = launch;
    scaled.grid[0] *= k;
    for (std::size_t i = 0; i < scaled.arguments.size(); ++i) {
        cuda_runner::KernelArgument& arg = scaled.arguments[i];
        if (cuda_runner::IsBuffer(arg.kind) && rule.buffers_scale) {
            const std::vector<u8> one = arg.bytes;
            arg.bytes.clear();
            arg.bytes.reserve(one.size() * k);
            for (u32 j = 0; j < k; ++j)
                arg.bytes.insert(arg.bytes.end(), one.begin(), one.end());
        } else if (static_cast<int>(i) == rule.bound_parameter) {
            arg.scalar = static_cast<u32>(static_cast<u32>(arg.scalar) * k);
        }
    }
    return scaled;
}

void WriteBytes(const fs::path& path, const std::vector<u8>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out)
        base::Fail("cannot write {}", path.string());
}

// A texture or surface argument as a manifest writes it (tests/shader/cuda/runs/README.md),
// its texels in `file`; a surface's contents afterwards are compared with nothing that matters
// for timing (`file`.after, exact).
std::string ImageArgumentText(const cuda_runner::KernelArgument& arg, const std::string& file) {
    const cuda_runner::ImageArgument& image = *arg.image;
    const bool texture = arg.kind == cuda_runner::ArgumentKind::Texture;
    const u32 axes = image.dim == shader::ImageDim::D1   ? 1
                     : image.dim == shader::ImageDim::D2 ? 2
                                                         : 3;
    std::string kind = texture ? (image.linear_memory ? "tex1dfetch" : "tex") : "surf";
    if (!image.linear_memory) {
        kind += std::to_string(axes) + "d";
    }
    std::string text = kind + " " + file;
    for (u32 i = 0; i < axes; ++i) {
        text += " " + std::to_string(image.size[i]);
    }
    const char* type = image.type == cuda_runner::TexelType::F32   ? "f32"
                       : image.type == cuda_runner::TexelType::I32 ? "i32"
                                                                   : "u32";
    text += fmt::format(" {}x{}", type, image.channels);
    if (!texture) {
        return text + " " + file + ".after exact";
    }
    if (!image.linear_memory) {
        static constexpr const char* kAddress[] = {"clamp", "wrap", "mirror", "border"};
        text += fmt::format(" {} {} {}",
                            image.filter == cuda_runner::TextureFilter::Point ? "point" : "linear",
                            kAddress[static_cast<int>(image.address)], image.normalized ? 1 : 0);
    }
    return text;
}

// The scaled launch as a manifest the CUDA reference runner reads: scalars as raw hex bits
// (f32/f64 as the integer kinds of their size, which pass the same bytes).
void EmitManifest(const fs::path& dir, const std::string& name,
                  const cuda_runner::LaunchManifest& m, const cuda_runner::KernelLaunch& launch) {
    std::ostringstream text;
    text << "# " << name << " scaled for timing by nx_translated_timer\n";
    text << "cubin " << m.cubin.filename().string() << "\n";
    text << "kernel " << m.kernel << "\n";
    text << "grid " << launch.grid[0] << ' ' << launch.grid[1] << ' ' << launch.grid[2] << "\n";
    text << "block " << launch.block[0] << ' ' << launch.block[1] << ' ' << launch.block[2] << "\n";
    if (launch.dynamic_shared_bytes != 0)
        text << "shared " << launch.dynamic_shared_bytes << "\n";
    for (const cuda_runner::ManifestGlobal& global : m.globals) {
        const std::string file = name + ".global." + global.symbol + ".bin";
        WriteBytes(dir / file, global.bytes);
        text << "global " << global.symbol << ' ' << file << "\n";
    }
    for (std::size_t i = 0; i < launch.arguments.size(); ++i) {
        const cuda_runner::KernelArgument& arg = launch.arguments[i];
        const std::string file = name + ".arg" + std::to_string(i) + ".bin";
        switch (arg.kind) {
            case cuda_runner::ArgumentKind::In:
                WriteBytes(dir / file, arg.bytes);
                text << "arg in " << file << "\n";
                break;
            case cuda_runner::ArgumentKind::Out:
                text << "arg out " << arg.bytes.size() << ' ' << file << " exact\n";
                break;
            case cuda_runner::ArgumentKind::InOut:
                WriteBytes(dir / file, arg.bytes);
                text << "arg inout " << file << ' ' << file << ".after exact\n";
                break;
            case cuda_runner::ArgumentKind::I32:
            case cuda_runner::ArgumentKind::U32:
            case cuda_runner::ArgumentKind::F32: {
                char hex[32];
                std::snprintf(hex, sizeof hex, "0x%08x",
                              static_cast<unsigned>(arg.scalar & 0xffffffffu));
                text << "arg u32 " << hex << "\n";
                break;
            }
            case cuda_runner::ArgumentKind::I64:
            case cuda_runner::ArgumentKind::U64:
            case cuda_runner::ArgumentKind::F64: {
                char hex[32];
                std::snprintf(hex, sizeof hex, "0x%016llx",
                              static_cast<unsigned long long>(arg.scalar));
                text << "arg u64 " << hex << "\n";
                break;
            }
            case cuda_runner::ArgumentKind::Texture:
            case cuda_runner::ArgumentKind::Surface:
                WriteBytes(dir / file, arg.bytes);
                text << "arg " << ImageArgumentText(arg, file) << "\n";
                break;
        }
    }
    const std::string s = text.str();
    WriteBytes(dir / (name + ".run"), std::vector<u8>(s.begin(), s.end()));
}

std::string OneLine(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\t', ' ');
    return text;
}

std::string Dim(const std::array<u32, 3>& v) {
    return std::to_string(v[0]) + "x" + std::to_string(v[1]) + "x" + std::to_string(v[2]);
}

// Whether the manifest's own launch gives what the NVIDIA GPU gave ("yes", or what differs).
std::string CheckAgainstExpected(const cuda_runner::LaunchManifest& m,
                                 const cuda_runner::KernelResult& result) {
    for (const cuda_runner::ExpectedBuffer& expected : m.expected) {
        const auto it = result.buffers.find(expected.parameter);
        if (it == result.buffers.end())
            return "no buffer " + std::to_string(expected.parameter);
        const cuda_runner::CompareResult compared =
            cuda_runner::CompareBuffers(expected.bytes, it->second, expected.compare, 1);
        if (!compared.Ok()) {
            return "no (" + expected.file.filename().string() + ": " +
                   std::to_string(compared.mismatched_elements) + " mismatched)";
        }
    }
    return "yes";
}

void TimeManifest(video::ComputeDevice& device, const fs::path& path, const Options& options) {
    const std::string name = path.stem().string();
    const cuda_runner::LaunchManifest m = cuda_runner::ReadLaunchManifest(path);
    const shader::sass::Cubin cubin =
        shader::sass::ReadCubin(base::ReadFile(m.cubin), m.cubin.string());
    const auto kernel = std::find_if(cubin.kernels.begin(), cubin.kernels.end(),
                                     [&](const auto& k) { return k.name == m.kernel; });
    if (kernel == cubin.kernels.end())
        base::Fail("no kernel {} in {}", m.kernel, m.cubin.string());

    const ScaleRule rule = RuleFor(m.kernel);
    const u32 k = ScaleFactor(m.launch, rule, options.threads);
    cuda_runner::KernelLaunch scaled = ScaleLaunch(m.launch, rule, k);
    scaled.repeat = options.repeat;
    if (!options.emit.empty())
        EmitManifest(options.emit, name, m, scaled);

    const shader::ComputeState state = cuda_runner::LaunchComputeState(*kernel, m.launch);
    std::optional<shader::ComputeProgram> program;
    try {
        shader::TargetProfile target = device.Target();
        if (options.assume_float_controls) {
            target.denorm_preserve_f32 = target.denorm_preserve_f64 = true;
            target.signed_zero_inf_nan_preserve_f32 = true;
            target.signed_zero_inf_nan_preserve_f64 = true;
            target.fused_fma_f32 = true;
        }
        program = shader::TranslateCompute(*kernel, target, state);
    } catch (const base::Error& error) {
        std::printf("%s\tuntranslated\t%s\t%s\t-\t-\t-\t%s\n", name.c_str(),
                    Dim(scaled.grid).c_str(), Dim(scaled.block).c_str(),
                    OneLine(error.what()).c_str());
        return;
    }
    if (!options.spirv.empty()) {
        std::vector<u8> bytes(program->spirv.size() * sizeof(u32));
        std::memcpy(bytes.data(), program->spirv.data(), bytes.size());
        WriteBytes(options.spirv / (name + ".spv"), bytes);
    }
    std::string matches;
    try {
        matches = CheckAgainstExpected(
            m, cuda_runner::RunTranslatedKernel(device, *kernel, *program, m.launch));
    } catch (const base::Error& error) {
        std::printf("%s\terror\t%s\t%s\t-\t-\t-\t%s\n", name.c_str(), Dim(scaled.grid).c_str(),
                    Dim(scaled.block).c_str(), OneLine(error.what()).c_str());
        return;
    }

    // A warm-up submission (pipeline creation, clocks), then the best of `trials`.
    cuda_runner::KernelLaunch warm = scaled;
    warm.repeat = std::min<u32>(scaled.repeat, 10);
    const cuda_runner::KernelResult warmed =
        cuda_runner::RunTranslatedKernel(device, *kernel, *program, warm);
    // Slow kernels (contended atomics) get fewer repeats: about 0.2 s a timing at most. The
    // repeat count printed is the one the native side must use too.
    if (warmed.gpu_time_ns && *warmed.gpu_time_ns > 0) {
        const double per_dispatch = static_cast<double>(*warmed.gpu_time_ns) / warm.repeat;
        const double fit = 2e8 / per_dispatch;
        scaled.repeat = static_cast<u32>(std::clamp<double>(fit, warm.repeat, scaled.repeat));
    }
    double best = std::numeric_limits<double>::infinity();
    for (u32 t = 0; t < options.trials; ++t) {
        const cuda_runner::KernelResult result =
            cuda_runner::RunTranslatedKernel(device, *kernel, *program, scaled);
        if (!result.gpu_time_ns)
            base::Fail("the device has no timestamps");
        best = std::min(best, static_cast<double>(*result.gpu_time_ns) / scaled.repeat);
    }
    std::printf("%s\ttimed\t%s\t%s\t%u\t%.1f\t%s\t%s\n", name.c_str(), Dim(scaled.grid).c_str(),
                Dim(scaled.block).c_str(), scaled.repeat, best, matches.c_str(), rule.note);
    std::fflush(stdout);
}

u64 NumberArg(int& i, int argc, char** argv) {
    if (i + 1 >= argc)
        base::Fail("{} needs a value", argv[i]);
    return std::strtoull(argv[++i], nullptr, 0);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        Options options;
        for (int i = 1; i < argc; ++i) {
            const std::string_view a = argv[i];
            auto text = [&]() -> std::string {
                if (i + 1 >= argc)
                    base::Fail("{} needs a value", a);
                return argv[++i];
            };
            if (a == "--runs") {
                options.runs = text();
            } else if (a == "--threads") {
                options.threads = NumberArg(i, argc, argv);
            } else if (a == "--repeat") {
                options.repeat = static_cast<u32>(std::max<u64>(1, NumberArg(i, argc, argv)));
            } else if (a == "--trials") {
                options.trials = static_cast<u32>(std::max<u64>(1, NumberArg(i, argc, argv)));
            } else if (a == "--emit") {
                options.emit = text();
            } else if (a == "--spirv") {
                options.spirv = text();
            } else if (a == "--only") {
                options.only = text();
            } else if (a == "--skip") {
                options.skip.push_back(text());
            } else if (a == "--assume-float-controls") {
                options.assume_float_controls = true;
            } else {
                base::Fail(
                    "unknown option {} (see the top of bench/shader/gpu/translated_timer.cpp)", a);
            }
        }
        for (const fs::path& dir : {options.emit, options.spirv}) {
            if (!dir.empty())
                fs::create_directories(dir);
        }
        std::vector<fs::path> manifests;
        for (const auto& entry : fs::directory_iterator(options.runs)) {
            if (entry.path().extension() == ".run")
                manifests.push_back(entry.path());
        }
        std::sort(manifests.begin(), manifests.end());

        const std::unique_ptr<video::ComputeDevice> device = video::ComputeDevice::Open();
        std::printf("# device\t%s\t%s\n", device->Name().c_str(), device->Driver().c_str());
        const shader::TargetProfile& target = device->Target();
        std::printf(
            "# float: f32 denormals %s, f64 denormals %s, f32 signed zero/inf/nan %s, "
            "f32 fma %s\n",
            target.denorm_preserve_f32 ? "preserved" : "may flush",
            target.denorm_preserve_f64 ? "preserved" : "may flush",
            target.signed_zero_inf_nan_preserve_f32 ? "preserved" : "not promised",
            target.fused_fma_f32 ? "fused" : "not fused");
        if (options.assume_float_controls)
            std::printf("# --assume-float-controls: translated as if all five were promised\n");
        std::printf("# threads %llu, repeat %u, trials %u\n",
                    static_cast<unsigned long long>(options.threads), options.repeat,
                    options.trials);
        for (const fs::path& path : manifests) {
            if (!options.only.empty() && path.stem().string() != options.only)
                continue;
            if (std::ranges::find(options.skip, path.stem().string()) != options.skip.end()) {
                std::printf("%s\tskipped\t-\t-\t-\t-\t-\tnot run (--skip)\n",
                            path.stem().string().c_str());
                continue;
            }
            try {
                TimeManifest(*device, path, options);
            } catch (const base::Error& error) {
                std::printf("%s\terror\t-\t-\t-\t-\t-\t%s\n", path.stem().string().c_str(),
                            OneLine(error.what()).c_str());
            }
            std::fflush(stdout);
        }
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "nx_translated_timer: %s\n", error.what());
        return 1;
    }
}
