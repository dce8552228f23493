// `nxhost shader`: disasm (a cubin, DKSH or raw code as nvdisasm prints it), translate (SPIR-V of
// its kernels) and run (one CUDA kernel launch on the Vulkan device, optionally checked against a
// manifest).
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/shader_disasm.h"
#include "base/error.h"
#include "base/file.h"
#include "cuda_runner/buffer_compare.h"
#include "cuda_runner/kernel_runner.h"
#include "cuda_runner/launch_manifest.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"
#include "video/compute_device.h"

namespace app {
namespace {

struct ShaderRunOptions {
    std::string cubin;
    std::string manifest;
    std::string kernel;
    std::string grid = "1,1,1";
    std::string block = "1,1,1";
    u32 shared = 0;
    std::vector<std::string> arguments;
    std::string output_dir;
    u32 repeat = 1;
    std::string device;
};

struct ShaderTranslateOptions {
    std::string cubin;
    std::string kernel;
    std::string block = "32,1,1";
    std::string output;
    std::string device;
};

// "X,Y,Z" (or "X" or "X,Y"; missing sides are 1).
std::array<u32, 3> ParseDimensions(std::string_view text, std::string_view option) {
    std::array<u32, 3> value{1, 1, 1};
    std::size_t axis = 0;
    for (std::size_t start = 0; start <= text.size(); ++axis) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) {
            comma = text.size();
        }
        const std::string_view part = text.substr(start, comma - start);
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(),
                                                  axis < 3 ? value[axis] : value[0]);
        if (axis >= 3 || part.empty() || error != std::errc{} || end != part.data() + part.size()) {
            base::Fail("{} '{}' is not X,Y,Z with whole numbers", option, text);
        }
        start = comma + 1;
    }
    return value;
}

shader::sass::CubinKernel FindKernel(const std::filesystem::path& path, std::string_view name) {
    const shader::sass::Cubin cubin = shader::sass::ReadCubin(base::ReadFile(path), path.string());
    std::string names;
    for (const shader::sass::CubinKernel& kernel : cubin.kernels) {
        if (kernel.name == name) {
            return kernel;
        }
        names += (names.empty() ? "" : ", ") + kernel.name;
    }
    base::Fail("{} has no kernel '{}' (it has {})", path.string(), name, names);
}

std::string Dimensions(const std::array<u32, 3>& value) {
    return fmt::format("{}x{}x{}", value[0], value[1], value[2]);
}

std::string GpuTime(const std::optional<u64>& nanoseconds, u32 repeat) {
    if (!nanoseconds) {
        return "not measured (the queue has no timestamps)";
    }
    const double each = static_cast<double>(*nanoseconds) / repeat;
    return fmt::format("{:.3f} ms per dispatch ({} dispatches, {:.3f} ms in all)", each / 1e6,
                       repeat, static_cast<double>(*nanoseconds) / 1e6);
}

int RunShader(const ShaderRunOptions& options) {
    std::optional<cuda_runner::LaunchManifest> manifest;
    std::filesystem::path cubin_path;
    std::string kernel_name;
    cuda_runner::KernelLaunch launch;
    if (!options.manifest.empty()) {
        if (!options.cubin.empty() || !options.kernel.empty() || !options.arguments.empty()) {
            base::Fail("shader run: --manifest gives the cubin, kernel and arguments itself");
        }
        manifest = cuda_runner::ReadLaunchManifest(options.manifest);
        if (!manifest->globals.empty()) {
            base::Fail(
                "{}: sets the module-scope variable '{}', and the translator binds no constant "
                "bank other than 0 yet: not runnable",
                manifest->globals.front().where, manifest->globals.front().symbol);
        }
        cubin_path = manifest->cubin;
        kernel_name = manifest->kernel;
        launch = manifest->launch;
    } else {
        if (options.cubin.empty() || options.kernel.empty()) {
            base::Fail("shader run: give a CUBIN and --kernel NAME, or --manifest FILE");
        }
        cubin_path = options.cubin;
        kernel_name = options.kernel;
        launch.grid = ParseDimensions(options.grid, "--grid");
        launch.block = ParseDimensions(options.block, "--block");
        launch.dynamic_shared_bytes = options.shared;
        for (const std::string& text : options.arguments) {
            launch.arguments.push_back(cuda_runner::ParseKernelArgument(text));
        }
    }
    launch.repeat = options.repeat;
    const shader::sass::CubinKernel kernel = FindKernel(cubin_path, kernel_name);

    const std::unique_ptr<video::ComputeDevice> device =
        video::ComputeDevice::Open({.device = options.device});
    std::printf("device: %s (%s)\n", device->Name().c_str(), device->Driver().c_str());
    std::printf("kernel: %s of %s, grid %s, block %s, %u dynamic shared bytes\n",
                kernel_name.c_str(), cubin_path.string().c_str(), Dimensions(launch.grid).c_str(),
                Dimensions(launch.block).c_str(), launch.dynamic_shared_bytes);
    const cuda_runner::KernelResult result = cuda_runner::RunKernel(*device, kernel, launch);
    std::printf("gpu time: %s\n", GpuTime(result.gpu_time_ns, launch.repeat).c_str());

    for (const auto& [index, bytes] : result.buffers) {
        if (options.output_dir.empty()) {
            std::printf("param%u: %zu bytes\n", index, bytes.size());
            continue;
        }
        const std::filesystem::path path =
            std::filesystem::path(options.output_dir) / fmt::format("param{}.bin", index);
        std::filesystem::create_directories(options.output_dir);
        base::WriteFileAtomic(path, bytes);
        std::printf("param%u: %zu bytes written to %s\n", index, bytes.size(),
                    path.string().c_str());
    }
    if (!manifest) {
        return 0;
    }
    if (launch.repeat != 1) {
        std::printf("(the buffers saw %u dispatches: the comparison expects one)\n", launch.repeat);
    }
    bool all_match = true;
    for (const cuda_runner::ExpectedBuffer& expected : manifest->expected) {
        const cuda_runner::CompareResult compared = cuda_runner::CompareBuffers(
            expected.bytes, result.buffers.at(expected.parameter), expected.compare);
        all_match = all_match && compared.Ok();
        std::printf("param%u against %s [%s]: %s\n", expected.parameter,
                    expected.file.filename().string().c_str(), expected.compare.text.c_str(),
                    cuda_runner::DescribeResult(compared).c_str());
    }
    std::printf("%s\n", all_match ? "match" : "MISMATCH");
    return all_match ? 0 : 1;
}

shader::TargetProfile FullTarget() {
    shader::TargetProfile target;
    target.subgroup_size = 32;
    target.full_32_wide_subgroups = true;
    target.float64 = target.int64 = target.int16 = target.int8 = target.float16 = true;
    target.storage_8bit = target.storage_16bit = target.int64_atomics = true;
    target.float32_atomic_add = target.float32_atomic_add_shared = true;
    target.float64_atomic_add = target.float32_atomic_min_max = true;
    target.subgroup_ballot = target.subgroup_shuffle = target.subgroup_vote = true;
    target.subgroup_arithmetic = true;
    return target;
}

int TranslateShader(const ShaderTranslateOptions& options) {
    const std::filesystem::path path = options.cubin;
    const shader::sass::Cubin cubin = shader::sass::ReadCubin(base::ReadFile(path), path.string());
    shader::TargetProfile target;
    if (options.device == "none") {
        target = FullTarget();
        std::printf("target: a 32-wide device with every optional feature\n");
    } else {
        const auto device = video::ComputeDevice::Open({.device = options.device});
        target = device->Target();
        std::printf("target: %s\n", device->Name().c_str());
    }
    shader::ComputeState state;
    state.block = ParseDimensions(options.block, "--block");
    int failures = 0;
    int translated = 0;
    for (const shader::sass::CubinKernel& kernel : cubin.kernels) {
        if (!options.kernel.empty() && kernel.name != options.kernel) {
            continue;
        }
        ++translated;
        try {
            const shader::ComputeProgram program = shader::TranslateCompute(kernel, target, state);
            std::string written;
            if (!options.output.empty()) {
                std::filesystem::path out = options.output;
                if (options.kernel.empty()) {  // one file per kernel: OUT.KERNEL.spv
                    out.replace_extension(kernel.name + out.extension().string());
                }
                const auto* bytes = reinterpret_cast<const u8*>(program.spirv.data());
                base::WriteFileAtomic(out, {bytes, program.spirv.size() * 4});
                written = " -> " + out.string();
            }
            std::printf("%s: ok, %zu words%s\n", kernel.name.c_str(), program.spirv.size(),
                        written.c_str());
        } catch (const base::Error& error) {
            ++failures;
            std::printf("%s: %s\n", kernel.name.c_str(), error.what());
        }
    }
    if (translated == 0) {
        base::Fail("{} has no kernel '{}'", path.string(), options.kernel);
    }
    std::printf("%d of %d kernels translated\n", translated - failures, translated);
    return failures == 0 ? 0 : 1;
}

void AddRun(CLI::App& shader, int& exit_code) {
    auto options = std::make_shared<ShaderRunOptions>();
    CLI::App* run =
        shader.add_subcommand("run", "Translate one CUDA kernel and run it on the Vulkan device");
    run->add_option("cubin", options->cubin, "cubin holding the kernel");
    run->add_option("--manifest", options->manifest,
                    "launch manifest (tests/shader/cuda/runs/*.run): launch and compare");
    run->add_option("--kernel", options->kernel, "the kernel's name");
    run->add_option("--grid", options->grid, "blocks, X,Y,Z (default 1,1,1)");
    run->add_option("--block", options->block, "threads per block, X,Y,Z (default 1,1,1)");
    run->add_option("--shared", options->shared, "dynamic shared memory bytes");
    run->add_option("--arg", options->arguments,
                    "one per parameter, in order: in:FILE inout:FILE out:BYTES i32:V u32:V i64:V "
                    "u64:V f32:V f64:V");
    run->add_option("--output-dir", options->output_dir,
                    "write each out/inout buffer as "
                    "DIR/paramN.bin");
    run->add_option("--repeat", options->repeat, "dispatches in one submission, for timing")
        ->check(CLI::Range(1u, 1000000u));
    run->add_option("--device", options->device,
                    "Vulkan device: index or part of its name (default NXHOST_VULKAN_DEVICE)");
    run->callback([options, &exit_code] { exit_code = RunShader(*options); });
}

void AddTranslate(CLI::App& shader, int& exit_code) {
    auto options = std::make_shared<ShaderTranslateOptions>();
    CLI::App* translate =
        shader.add_subcommand("translate", "Translate a cubin's kernels to SPIR-V");
    translate->add_option("cubin", options->cubin, "cubin (ELF)")->required();
    translate->add_option("--kernel", options->kernel, "only this kernel");
    translate->add_option("--block", options->block, "block size, X,Y,Z (default 32,1,1)");
    translate->add_option("-o,--output", options->output,
                          "SPIR-V file (with several kernels: OUT.KERNEL.spv each)");
    translate->add_option("--device", options->device,
                          "Vulkan device whose features to target; 'none': a full-featured "
                          "32-wide target without opening one");
    translate->callback([options, &exit_code] { exit_code = TranslateShader(*options); });
}

}  // namespace

void AddShaderCommands(CLI::App& parent, int& exit_code) {
    CLI::App* shader = parent.add_subcommand("shader", "NVIDIA shader tools");
    shader->require_subcommand(1);
    auto path = std::make_shared<std::string>();
    auto arch = std::make_shared<ShaderArch>(ShaderArch::Auto);
    CLI::App* disasm = shader->add_subcommand(
        "disasm", "Disassemble a cubin, a DKSH file or raw code as nvdisasm prints it");
    disasm->add_option("file", *path, "cubin (ELF), deko3d DKSH or raw SASS code")->required();
    disasm->add_option("--arch", *arch, "raw code's generation: maxwell (SM53) or ampere (SM86)")
        ->transform(CLI::CheckedTransformer(std::map<std::string, ShaderArch>{
            {"maxwell", ShaderArch::Maxwell}, {"ampere", ShaderArch::Ampere}}));
    disasm->callback([path, arch, &exit_code] {
        const std::vector<u8> bytes = base::ReadFile(*path);
        std::size_t undecoded = 0;
        std::fputs(DisassembleShaderFile(bytes, *path, *arch, undecoded).c_str(), stdout);
        if (undecoded != 0) {
            std::fprintf(stderr, "%s: %zu words no instruction form explains\n", path->c_str(),
                         undecoded);
        }
        exit_code = undecoded == 0 ? 0 : 1;
    });
    AddRun(*shader, exit_code);
    AddTranslate(*shader, exit_code);
}

}  // namespace app
