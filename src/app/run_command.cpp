#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/host_machine.h"
#include "app/run_arguments.h"
#include "app/run_host_gpu.h"
#include "app/run_profile.h"
#include "base/file.h"
#include "base/host_memory.h"
#include "base/log.h"
#include "formats/game_image.h"
#include "formats/program_image.h"
#include "frontend/frontend.h"
#include "frontend/png_file.h"
#include "frontend/sound_outputs.h"
#include "frontend/stats/frame_record.h"
#include "frontend/stats/frame_stats.h"
#include "frontend/stats/frame_summary.h"
#include "gpu/gpu_timer.h"
#include "kernel/guest_clock.h"
#include "kernel/kernel.h"
#include "services/audio/audio_output_clock.h"
#include "services/bsd/hosts_file.h"
#include "services/fs/fs_context.h"
#include "services/hid/script_runner.h"
#include "services/services.h"
#include "shader/cache/shader_cache.h"

namespace app {
namespace {

// The running program's RomFS and id for the services: an NRO's own RomFS, else the one the
// game image holds.
services::ServiceConfig ServiceConfigFor(const formats::ProgramImage& image,
                                         const std::string& path) {
    services::ServiceConfig config;
    config.program_id = image.npdm ? image.npdm->ProgramId() : 0;
    if (image.npdm) {
        config.service_access = image.npdm->aci.service_access;
    }
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

// What the programs of one run share: the frames shown and their statistics, the control
// script and its clock, the window's pads. hbmenu launching a program starts a new process, as
// nx-hbloader reloads.
struct RunSession {
    std::shared_ptr<services::vi::PresentedFrames> frames =
        std::make_shared<services::vi::PresentedFrames>();
    std::shared_ptr<gpu::FrameWork> gpu_work = std::make_shared<gpu::FrameWork>();
    // What the profiles' frame-step patches answer.
    std::shared_ptr<services::vi::FrameStep> frame_step =
        std::make_shared<services::vi::FrameStep>();
    std::shared_ptr<frontend::stats::FrameStats> stats;
    std::shared_ptr<const services::hid::InputScript> script;
    std::shared_ptr<services::hid::ScriptClock> clock;
    std::shared_ptr<kernel::PeriodicWork> script_runner;
    std::shared_ptr<services::hid::HostPads> host_pads;
    std::shared_ptr<services::am::OperationModeSwitch> operation_mode;  // the window's F10
    services::bsd::NetworkConfig network;
    // The console's sound output (--audio-out, host sound); null when the sound goes nowhere.
    std::shared_ptr<services::audio::AudioOutput> audio_output;
    std::shared_ptr<gpu::HostGpu> host_gpu;  // --gpu's, opened once for the run
    u64 max_memory_bytes = 0;                // --max-memory's ceiling; 0: none
};

// One program of the chain: where it is, its arguments, and what the one before returned.
struct Launch {
    std::filesystem::path path;
    std::vector<std::string> guest_arguments;  // argv after argv[0]
    u32 last_load_result = 0;
};

std::filesystem::path UserDataFolder() {
    return services::fs::DefaultUserDataFolder();
}

// argv[0] of an NRO: its path on the SD card, where libnx opens its own file. One outside the
// SD card's folder is shown there read-only, at sdmc:/switch/<name>.nro, for the run.
std::string SdCardPathOf(const std::filesystem::path& nro, services::ServiceConfig& config) {
    const auto sd = std::filesystem::weakly_canonical(UserDataFolder() / "sdmc");
    const auto file = std::filesystem::weakly_canonical(nro);
    const auto relative = file.lexically_relative(sd);
    if (!relative.empty() && *relative.begin() != "..") {
        return "sdmc:/" + relative.generic_string();
    }
    const std::filesystem::path shown = std::filesystem::path("switch") / file.filename();
    config.sd_card_files.emplace_back(shown, file);
    return "sdmc:/" + shown.generic_string();
}

// The host file behind a next-load path ("sdmc:/switch/x.nro"), or nullopt when it names
// nothing nxhost can load.
std::optional<std::filesystem::path> HostPathOfNextLoad(const std::string& path,
                                                        const Launch& current) {
    constexpr std::string_view kSdCard = "sdmc:/";
    if (!path.starts_with(kSdCard)) {
        return std::nullopt;
    }
    const std::filesystem::path relative = path.substr(kSdCard.size());
    // The program that is running now stays where it was shown.
    if (relative == std::filesystem::path("switch") / current.path.filename()) {
        return current.path;
    }
    const auto file = UserDataFolder() / "sdmc" / relative;
    return std::filesystem::is_regular_file(file) ? std::optional(file) : std::nullopt;
}

// Splits an argument string as nx-hbloader's programs get it: spaces separate, quotes group.
std::vector<std::string> SplitArguments(const std::string& line) {
    std::vector<std::string> arguments;
    std::string current;
    bool quoted = false, any = false;
    for (const char c : line) {
        if (c == '"') {
            quoted = !quoted;
            any = true;
        } else if (c == ' ' && !quoted) {
            if (any) {
                arguments.push_back(current);
            }
            current.clear();
            any = false;
        } else {
            current += c;
            any = true;
        }
    }
    if (any) {
        arguments.push_back(current);
    }
    return arguments;
}

// ", 93.1% in the LLVM tier" when --cpu-tier2 ran: tests read it to know the tier ran the program.
std::string Tier2Share(const kernel::RunResult& result) {
    if (!result.tier2_instructions) {
        return "";
    }
    const double share = result.instructions == 0
                             ? 0.0
                             : 100.0 * static_cast<double>(*result.tier2_instructions) /
                                   static_cast<double>(result.instructions);
    return fmt::format(" ({} = {:.1f}% in the LLVM tier)", *result.tier2_instructions, share);
}

kernel::RunResult RunProgram(const RunArguments& arguments, const Launch& launch,
                             RunSession& session) {
    const formats::ProgramImage image = formats::LoadProgram(launch.path);
    kernel::RunOptions options;
    options.precise_faults = !arguments.imprecise_faults;
    options.strict_exclusives = arguments.strict_exclusives;
    options.cores = arguments.cores;
    options.deterministic = arguments.deterministic;
    options.cpu_tier2 = arguments.cpu_tier2 == "on"       ? kernel::CpuTier2::On
                        : arguments.cpu_tier2 == "always" ? kernel::CpuTier2::Always
                                                          : kernel::CpuTier2::Off;
    if (arguments.cpu_cache != "off") {
        options.cpu_cache_folder = arguments.cpu_cache.empty()
                                       ? base::UserCacheFolder("cpu")
                                       : std::filesystem::path(arguments.cpu_cache);
    }
    options.build_id = NxhostVersion();
    options.last_load_result = launch.last_load_result;
    options.time_limit_ns = static_cast<u64>(arguments.time_limit_seconds * 1e9);
    options.max_memory_bytes = session.max_memory_bytes;
    const profile::GameProfile game_profile = LoadRunProfile(image, arguments.profiles);
    const profile::ConsoleModel console = profile::ConsoleModelFor(
        game_profile, TitleIdOf(image), arguments.console, arguments.docked);
    options.memory = MemorySettingsFromProfile(game_profile, console);
    const services::vi::DisplayPacing pacing =
        DisplayPacingFor(game_profile, arguments.fps_target, arguments.unlocked);
    options.patch_code =
        PatchesForRun(image, arguments.profiles, session.frame_step, pacing.refresh_hz);
    const profile::FirmwareVersion firmware = console.Firmware();
    options.hos_version = u32{firmware.major} << 16 | u32{firmware.minor} << 8 | firmware.micro;
    services::ServiceConfig service_config = ServiceConfigFor(image, launch.path.string());
    service_config.console = console;
    service_config.deterministic = arguments.deterministic;
    service_config.gpu_settings = GpuSettingsFromProfile(game_profile);
    service_config.frames = session.frames;
    service_config.gpu_work = session.gpu_work;
    service_config.pacing = pacing;
    service_config.operation_mode = session.operation_mode;
    service_config.network = session.network;
    service_config.audio_output = session.audio_output;
    service_config.host_gpu = session.host_gpu;
    if (session.audio_output) {
        // The output's clock runs from launch, so that silence between sounds is kept.
        options.launch_work.push_back(
            std::make_shared<services::audio::AudioOutputClock>(session.audio_output));
    }
    services::hid::HidInputs& hid = service_config.hid_inputs;
    hid.layout = PadLayoutFor(game_profile, arguments.pad_layout);
    hid.script = session.script;
    hid.clock = session.clock;
    hid.host_pads = session.host_pads;
    if (session.script_runner) {
        options.launch_work.push_back(session.script_runner);
    }
    options.arguments.push_back(image.kind == "nro" ? SdCardPathOf(launch.path, service_config)
                                                    : launch.path.string());
    options.arguments.insert(options.arguments.end(), launch.guest_arguments.begin(),
                             launch.guest_arguments.end());
    options.named_ports = services::MakeNamedPorts(service_config);
    kernel::Process process(image, options);
    if (arguments.print_memory_layout) {
        fmt::print(stderr, "profile: {}\n",
                   game_profile.Source().empty() ? "defaults" : game_profile.Source());
        std::fputs(console.Describe().c_str(), stderr);
        std::fputs(process.DescribeMemory().c_str(), stderr);
    }
    const u64 frames_before = session.frames->Count();
    session.stats->AttachProgram(process.GuestClockTicks(),
                                 [&process] { return process.GuestCpuNanoseconds(); });
    // The GPU timer (semaphore and report timestamps) counts the guest clock, as the console's
    // GPU timer and the CPU's system tick count the same time.
    gpu::SetGpuTimerSource(
        [&process] { return kernel::GuestClock::TicksToNanoseconds(process.GuestClockTicks()); });
    const kernel::RunResult result = process.Run();
    gpu::SetGpuTimerSource({});
    session.stats->DetachProgram();
    std::fflush(stdout);
    if (!result.report.empty()) {
        fmt::print(stderr, "nxhost: {}", result.report);
    }
    const u64 frames = session.frames->Count() - frames_before;
    fmt::print(stderr,
               "nxhost: {} module{}, entry {:#x}, {} guest instructions{}, {:.3f} s, {} frame{} "
               "presented; {}",
               process.Modules().size(), process.Modules().size() == 1 ? "" : "s",
               process.EntryPoint(), result.instructions, Tier2Share(result), result.seconds,
               frames, frames == 1 ? "" : "s", kernel::RunEndingName(result.ending));
    if (result.ending == kernel::RunEnding::ReturnedToLoader) {
        fmt::print(stderr, " with exit status {}\n", static_cast<s32>(result.exit_status));
    } else {
        fmt::print(stderr, "\n");
    }
    return result;
}

// The exit status of a run that --time-limit stopped: the program was still running.
constexpr int kTimeLimitStatus = 3;

int ExitStatusOf(const kernel::RunResult& result) {
    switch (result.ending) {
        case kernel::RunEnding::ReturnedToLoader:
            return static_cast<int>(result.exit_status & 0xff);
        case kernel::RunEnding::ExitProcess:
        case kernel::RunEnding::ControlFileExit:
            return 0;
        case kernel::RunEnding::TimeLimit:
            return kTimeLimitStatus;
        default:
            return 2;
    }
}

// Runs the program, then, while one returns having set a next-load path (hbmenu launching
// a program), the program it names, as nx-hbloader does.
int RunChain(const RunArguments& arguments, RunSession& session) {
    Launch launch{arguments.path, arguments.guest_arguments, 0};
    for (;;) {
        const kernel::RunResult result = RunProgram(arguments, launch, session);
        if (result.ending != kernel::RunEnding::ReturnedToLoader || result.next_load_path.empty()) {
            return ExitStatusOf(result);
        }
        const auto next = HostPathOfNextLoad(result.next_load_path, launch);
        if (!next) {
            fmt::print(stderr,
                       "nxhost: the program asked to load {} next, which nxhost cannot find\n",
                       result.next_load_path);
            return ExitStatusOf(result);
        }
        std::vector<std::string> next_arguments = SplitArguments(result.next_load_arguments);
        if (!next_arguments.empty()) {
            next_arguments.erase(next_arguments.begin());  // argv[0], the path itself
        }
        fmt::print(stderr, "nxhost: loading {} next ({})\n", result.next_load_path, next->string());
        launch = Launch{*next, std::move(next_arguments), static_cast<u32>(result.exit_status)};
    }
}

// The run's frame statistics: the summary line, and the --stats file.
void ReportFrames(const RunArguments& arguments, const frontend::stats::FrameStats& stats) {
    const std::vector<frontend::stats::FrameRecord> records = stats.Records();
    fmt::print(stderr, "nxhost: frames: {}\n",
               frontend::stats::FormatSummary(frontend::stats::Summarize(records)));
    if (arguments.stats) {
        try {
            frontend::stats::WriteStatsFile(*arguments.stats, records);
            fmt::print(stderr, "nxhost: frame statistics written to {}\n", *arguments.stats);
        } catch (const base::Error& error) {
            fmt::print(stderr, "nxhost: {}\n", error.what());
        }
    }
}

RunOutcome RunAndReport(const RunArguments& arguments, RunSession& session) {
    const int status = RunChain(arguments, session);
    ReportFrames(arguments, *session.stats);
    return {status, session.stats->Records()};
}

// --max-memory's default leaves the host 2 GiB of what it had available at the start, so that
// it never swaps for nxhost; at least 1 GiB.
u64 DefaultMemoryCeiling() {
    constexpr u64 kLeftToTheHost = u64{2} << 30;
    constexpr u64 kLeast = u64{1} << 30;
    const u64 reachable = base::ResidentBytes() + base::AvailableBytes();
    return reachable > kLeftToTheHost + kLeast ? reachable - kLeftToTheHost : kLeast;
}

}  // namespace

RunOutcome RunPrograms(const RunArguments& arguments) {
    RunSession session;
    if (!arguments.max_memory) {
        session.max_memory_bytes = DefaultMemoryCeiling();
    } else if (*arguments.max_memory != "off") {
        const auto bytes = base::ParseByteSize(*arguments.max_memory);
        if (!bytes) {
            fmt::print(stderr,
                       "nxhost: --max-memory takes a size (512M, 4G, 1.5G) or off, not \"{}\"\n",
                       *arguments.max_memory);
            return {2, {}};
        }
        session.max_memory_bytes = *bytes;
    }
    if (!services::bsd::ParseNetworkAccess(arguments.network, session.network.access)) {
        fmt::print(stderr, "nxhost: --network takes on, local, lan or off, not \"{}\"\n",
                   arguments.network);
        return {2, {}};
    }
    if (arguments.hosts) {
        // A mistyped line would leave a name unresolved without a word: refuse the run instead.
        std::vector<std::string> errors;
        services::bsd::HostsFile::Load(*arguments.hosts, errors);
        for (const std::string& error : errors) {
            fmt::print(stderr, "nxhost: --hosts {}\n", error);
        }
        if (!errors.empty()) {
            return {2, {}};
        }
        session.network.hosts_file = *arguments.hosts;
    }
    if (arguments.input) {
        session.script = std::make_shared<const services::hid::InputScript>(
            services::hid::InputScript::Load(*arguments.input));
        session.clock = std::make_shared<services::hid::ScriptClock>();
    }
    // A control file with `stats start` counts its windows only.
    session.stats = std::make_shared<frontend::stats::FrameStats>(
        session.gpu_work, !(session.script && session.script->HasStatsWindows()));
    session.frames->AddObserver([stats = session.stats](const services::vi::FrameShown& shown) {
        stats->FrameShown(shown);
    });
    session.frames->AddObserver(
        [step = session.frame_step](const services::vi::FrameShown& shown) { step->Shown(shown); });
    if (session.script) {
        auto frames = session.frames;
        auto stats = session.stats;
        session.script_runner = std::make_shared<services::hid::ScriptRunner>(
            *session.script, session.clock,
            services::hid::ScriptActions{
                [frames](const std::string& path) { WriteShot(*frames, path); },
                [stats](bool on) { stats->SetRecording(on); },
                [frames] { return frames->Count(); }});
    }
    std::optional<std::filesystem::path> shader_cache_folder;
    if (arguments.shader_cache != "off") {
        shader_cache_folder = arguments.shader_cache.empty()
                                  ? shader::DefaultShaderCacheFolder()
                                  : std::filesystem::path(arguments.shader_cache);
    }
    session.host_gpu = HostGpuFor(arguments.gpu, session.gpu_work, shader_cache_folder);
    if (!session.host_gpu) {
        fmt::print(stderr, "nxhost: --gpu takes on or off, not \"{}\"\n", arguments.gpu);
        return {2, {}};
    }
    if (arguments.sound && *arguments.sound != "on" && *arguments.sound != "off") {
        fmt::print(stderr, "nxhost: --sound takes on or off, not \"{}\"\n", *arguments.sound);
        return {2, {}};
    }
    frontend::SoundOptions sound_options;
    if (arguments.audio_out) {
        sound_options.capture = *arguments.audio_out;
    }
    sound_options.host_sound = arguments.sound ? *arguments.sound == "on" : arguments.window;
    sound_options.volume_percent = arguments.volume;
    sound_options.muted = arguments.mute;
    frontend::SoundOutputs sound(sound_options);
    if (sound.Sink()) {
        session.audio_output = std::make_shared<services::audio::AudioOutput>(sound.Sink());
    }
    if (!arguments.window) {
        RunOutcome outcome = RunAndReport(arguments, session);
        sound.Finish();
        return outcome;
    }
    // The window takes the first program's display size and pad layout.
    const formats::ProgramImage image = formats::LoadProgram(arguments.path);
    const profile::GameProfile game_profile = LoadRunProfile(image, arguments.profiles);
    const profile::ConsoleModel console = profile::ConsoleModelFor(
        game_profile, TitleIdOf(image), arguments.console, arguments.docked);
    const services::hid::PadLayout layout = PadLayoutFor(game_profile, arguments.pad_layout);
    session.host_pads = std::make_shared<services::hid::HostPads>(layout.Slots().size());
    session.operation_mode =
        std::make_shared<services::am::OperationModeSwitch>(console.docked, true);
    frontend::WindowOptions window;
    window.program_name = std::filesystem::path(arguments.path).stem().string();
    window.width = console.Display().width;
    window.height = console.Display().height;
    window.pads = session.host_pads;
    window.frames = session.frames;
    window.operation_mode = session.operation_mode;
    window.sound = sound.Host();
    window.at_close = [&sound] {
        try {
            sound.Finish();
        } catch (const base::Error& error) {
            fmt::print(stderr, "nxhost: {}\n", error.what());
        }
    };
    RunOutcome outcome{0, {}};
    frontend::RunInWindow(window, [&] { outcome = RunAndReport(arguments, session); });
    sound.Finish();
    return outcome;
}

void AddRunCommand(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<RunArguments>();
    CLI::App* command = parent.add_subcommand("run", "Run an NRO file or an ExeFS folder");
    command->add_option("path", arguments->path, "NRO file or ExeFS folder")->required();
    command->add_option("arguments", arguments->guest_arguments, "Arguments for the guest");
    command->add_flag("--print-memory-layout", arguments->print_memory_layout,
                      "Print the process's address space before it runs");
    command->add_flag("--imprecise-faults", arguments->imprecise_faults,
                      "Let a guest data fault end its JIT block before it stops (faster, but "
                      "no exception handler of the program can resume it and the report "
                      "names the block, not the instruction)");
    command->add_flag("--strict-exclusives", arguments->strict_exclusives,
                      "Track LDXR reservations across cores, so that another core's exclusive "
                      "store fails an STXR even when it wrote the same value (slower atomics; "
                      "by default an STXR succeeds when memory still holds what LDXR read)");
    command->add_option("--cores", arguments->cores, "Emulated CPU cores, 1 to 4 (default 3)")
        ->check(CLI::Range(1, 4));
    command
        ->add_option("--cpu-tier2", arguments->cpu_tier2,
                     "off (default): dynarmic alone; on: hot guest code also compiled through "
                     "LLVM on a background thread; always: every sampled block compiled at "
                     "once, for tests (src/cpu/llvm/README.md)")
        ->check(CLI::IsMember({"off", "on", "always"}));
    command->add_option("--cpu-cache", arguments->cpu_cache,
                        "Where --cpu-tier2 keeps compiled regions for the next start (default "
                        "$XDG_CACHE_HOME/nxhost/cpu), or off");
    command->add_flag("--deterministic", arguments->deterministic,
                      "One core and a guest clock driven by guest instructions: the same "
                      "instruction count and output on every run");
    command->add_option("--profiles", arguments->profiles,
                        "Folder of game profiles (<title id>/game.tsv); default $NXHOST_PROFILES, "
                        "the repository's profiles/, then $XDG_DATA_HOME/nxhost/profiles");
    command->add_option("--input", arguments->input,
                        "Control file: timed pad input (\"45s A~0.2\", \"+5s LUp~3.5\"), shot, "
                        "exit, stats start|stop, wait-frames N, log TEXT; README.md lists them");
    command->add_option("--stats", arguments->stats,
                        "Write a row a presented frame to this TSV file (frame times, CPU and "
                        "GPU time, GPU work); `nxhost report` makes a page of it");
    command
        ->add_option("--fps-target", arguments->fps_target,
                     "The display refreshes this many times a second instead of 60, and "
                     "presentation is paced to it (over the profile's fps_target)")
        ->check(CLI::Range(1u, services::vi::DisplayPacing::kMaxRefreshHz));
    command->add_flag("--unlocked", arguments->unlocked,
                      "No frame pacing, for benchmarks: the display refreshes every millisecond");
    command
        ->add_option("--time-limit", arguments->time_limit_seconds,
                     "End the run after this many seconds of guest time (exit status 3)")
        ->check(CLI::PositiveNumber);
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
    command->add_option("--gpu", arguments->gpu,
                        "The host GPU the 3D work runs on: on (default: Vulkan, as "
                        "NXHOST_VULKAN_DEVICE chooses, else a discrete GPU, an integrated one, "
                        "lavapipe) or off (3D work is named in the log, not executed)");
    command->add_option("--shader-cache", arguments->shader_cache,
                        "Where translated shaders are kept for the next start (default "
                        "$XDG_CACHE_HOME/nxhost/shaders), or off");
    command->add_flag("--docked", arguments->docked,
                      "Run docked (the TV's resolution) instead of handheld; also the profile "
                      "key `docked on`");
    command->add_option("--max-memory", arguments->max_memory,
                        "End the run cleanly, with a report of what held the memory, once nxhost "
                        "holds more than this resident (512M, 4G; default: what leaves the host "
                        "2 GiB of what it had available; off for none)");
    command->add_option("--network", arguments->network,
                        "What the guest may reach: on (default: connects out wherever the host "
                        "can, listens on the loopback interface only), lan (also listens on the "
                        "host's interfaces), local (this machine only: loopback connects and "
                        "listens, names from --hosts only), off (a console without a network)");
    command->add_option("--hosts", arguments->hosts,
                        "A hosts file (\"ADDRESS NAME...\" lines) the guest's name lookups "
                        "answer from before the host's resolver");
    command->add_option("--audio-out", arguments->audio_out,
                        "Write what the console plays to this WAV file (48 kHz stereo s16, guest "
                        "time from launch, silence where nothing played), when the run ends");
    command->add_option("--sound", arguments->sound,
                        "Host sound through SDL2: on or off (default on with --window, off "
                        "headless)");
    command
        ->add_option("--volume", arguments->volume,
                     "Host sound volume in percent, 0 to 100 (default 100; not the capture)")
        ->check(CLI::Range(0, 100));
    command->add_flag("--mute", arguments->mute,
                      "Start with the host sound muted (not the capture; F7 in the window)");
    command->callback([arguments, &exit_code] { exit_code = RunPrograms(*arguments).status; });
}

}  // namespace app
