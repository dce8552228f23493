#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/run_profile.h"
#include "base/log.h"
#include "formats/game_image.h"
#include "formats/program_image.h"
#include "frontend/frontend.h"
#include "frontend/png_file.h"
#include "kernel/kernel.h"
#include "services/hid/script_runner.h"
#include "services/services.h"

namespace app {
namespace {

struct RunArguments {
    std::string path;
    std::vector<std::string> guest_arguments;
    bool print_memory_layout = false;
    bool precise_faults = false;
    bool strict_exclusives = false;
    unsigned cores = 3;
    bool deterministic = false;
    std::optional<std::string> profiles;
    std::optional<std::string> input;
    std::optional<std::string> pad_layout;
    bool window = false;
    std::optional<std::string> console;
    bool docked = false;
};

// The running program's RomFS and id for the services: an NRO's own RomFS, else the one the
// game image holds.
services::ServiceConfig ServiceConfigFor(const formats::ProgramImage& image,
                                         const std::string& path) {
    services::ServiceConfig config;
    config.program_id = image.npdm ? image.npdm->ProgramId() : 0;
    if (image.kind == "nro") {
        if (!image.assets.romfs.empty()) {
            config.romfs = formats::MakeMemoryStorage(image.assets.romfs, "romfs");
        }
    } else {
        config.romfs_tree = formats::OpenGame(path).romfs;
    }
    return config;
}

// A control script's `shot`: the last presented frame as a PNG, or a clear line when there is
// none yet.
void WriteShot(const services::vi::PresentedFrames& frames, const std::string& path) {
    const auto frame = frames.Latest();
    if (!frame) {
        LOG_WARNING("script", "shot {}: no frame has been presented yet; nothing written", path);
        return;
    }
    try {
        frontend::WritePng(path, *frame);
        LOG_INFO("script", "shot {}: frame {} ({}x{})", path, frames.Count(), frame->width,
                 frame->height);
    } catch (const base::Error& error) {
        LOG_ERROR("script", "shot {}: {}", path, error.what());
    }
}

int Run(const RunArguments& arguments) {
    const formats::ProgramImage image = formats::LoadProgram(arguments.path);
    kernel::RunOptions options;
    options.precise_faults = arguments.precise_faults;
    options.strict_exclusives = arguments.strict_exclusives;
    options.cores = arguments.cores;
    options.deterministic = arguments.deterministic;
    const profile::GameProfile game_profile = LoadRunProfile(image, arguments.profiles);
    const profile::ConsoleModel console = profile::ConsoleModelFor(
        game_profile, TitleIdOf(image), arguments.console, arguments.docked);
    options.memory = MemorySettingsFromProfile(game_profile, console);
    const profile::FirmwareVersion firmware = console.Firmware();
    options.hos_version = u32{firmware.major} << 16 | u32{firmware.minor} << 8 | firmware.micro;
    services::ServiceConfig service_config = ServiceConfigFor(image, arguments.path);
    service_config.console = console;
    services::hid::HidInputs& hid = service_config.hid_inputs;
    hid.layout = PadLayoutFor(game_profile, arguments.pad_layout);
    auto frames = std::make_shared<services::vi::PresentedFrames>();
    service_config.frames = frames;
    if (arguments.input) {
        hid.script = std::make_shared<const services::hid::InputScript>(
            services::hid::InputScript::Load(*arguments.input));
        hid.clock = std::make_shared<services::hid::ScriptClock>();
        options.launch_work.push_back(std::make_shared<services::hid::ScriptRunner>(
            *hid.script, hid.clock,
            [frames](const std::string& path) { WriteShot(*frames, path); }));
    }
    if (arguments.window) {
        hid.host_pads = std::make_shared<services::hid::HostPads>(hid.layout.Slots().size());
    }
    options.named_ports = services::MakeNamedPorts(service_config);
    options.arguments.push_back(arguments.path);
    options.arguments.insert(options.arguments.end(), arguments.guest_arguments.begin(),
                             arguments.guest_arguments.end());
    kernel::Process process(image, options);
    if (arguments.print_memory_layout) {
        fmt::print(stderr, "profile: {}\n",
                   game_profile.Source().empty() ? "defaults" : game_profile.Source());
        std::fputs(console.Describe().c_str(), stderr);
        std::fputs(process.DescribeMemory().c_str(), stderr);
    }
    kernel::RunResult result;
    if (arguments.window) {
        frontend::WindowOptions window;
        window.program_name = std::filesystem::path(arguments.path).stem().string();
        window.width = console.Display().width;
        window.height = console.Display().height;
        window.pads = hid.host_pads;
        window.frames = frames;
        frontend::RunInWindow(window, [&] { result = process.Run(); });
    } else {
        result = process.Run();
    }
    std::fflush(stdout);
    if (!result.report.empty()) {
        fmt::print(stderr, "nxhost: {}", result.report);
    }
    fmt::print(stderr,
               "nxhost: {} module{}, entry {:#x}, {} guest instructions, {:.3f} s, {} frame{} "
               "presented; {}",
               process.Modules().size(), process.Modules().size() == 1 ? "" : "s",
               process.EntryPoint(), result.instructions, result.seconds, frames->Count(),
               frames->Count() == 1 ? "" : "s", kernel::RunEndingName(result.ending));
    switch (result.ending) {
        case kernel::RunEnding::ReturnedToLoader:
            fmt::print(stderr, " with exit status {}\n", static_cast<s32>(result.exit_status));
            return static_cast<int>(result.exit_status & 0xff);
        case kernel::RunEnding::ExitProcess:
            fmt::print(stderr, "\n");
            return 0;
        default:
            fmt::print(stderr, "\n");
            return 2;
    }
}

}  // namespace

void AddRunCommand(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<RunArguments>();
    CLI::App* command = parent.add_subcommand("run", "Run an NRO file or an ExeFS folder");
    command->add_option("path", arguments->path, "NRO file or ExeFS folder")->required();
    command->add_option("arguments", arguments->guest_arguments, "Arguments for the guest");
    command->add_flag("--print-memory-layout", arguments->print_memory_layout,
                      "Print the process's address space before it runs");
    command->add_flag("--precise-faults", arguments->precise_faults,
                      "Stop a guest data fault at its own instruction (slower)");
    command->add_flag("--strict-exclusives", arguments->strict_exclusives,
                      "Track LDXR reservations across cores, so that another core's exclusive "
                      "store fails an STXR even when it wrote the same value (slower atomics; "
                      "by default an STXR succeeds when memory still holds what LDXR read)");
    command->add_option("--cores", arguments->cores, "Emulated CPU cores, 1 to 4 (default 3)")
        ->check(CLI::Range(1, 4));
    command->add_flag("--deterministic", arguments->deterministic,
                      "One core and a guest clock driven by guest instructions: the same "
                      "instruction count and output on every run");
    command->add_option("--profiles", arguments->profiles,
                        "Folder of game profiles (<title id>/game.tsv); default $NXHOST_PROFILES, "
                        "the repository's profiles/, then $XDG_DATA_HOME/nxhost/profiles");
    command->add_option("--input", arguments->input,
                        "Control script of timed pad input (\"45s A~0.2\", \"+5s LUp~3.5\"); "
                        "README.md lists the names");
    command->add_option("--pad-layout", arguments->pad_layout,
                        "Controllers the console reports, one a player: pro (default), handheld, "
                        "joycon-pair, joycon-left, joycon-right, as a comma list; over the "
                        "profile's pad_layout");
    command->add_flag("--window", arguments->window,
                      "A window that reads the keyboard and game controllers (SDL2); headless "
                      "without it");
    command->add_option("--console", arguments->console,
                        "The console to run as: switch1 or switch2 (default: from the title id, "
                        "04... ids are Switch 2; over the profile's console key)");
    command->add_flag("--docked", arguments->docked,
                      "Run docked (the TV's resolution) instead of handheld; also the profile "
                      "key `docked on`");
    command->callback([arguments, &exit_code] { exit_code = Run(*arguments); });
}

}  // namespace app
