#pragma once

// The services layer's interface: the named ports a process can connect to, with every
// service nxhost provides registered behind sm:.

#include <filesystem>
#include <utility>
#include <vector>

#include "formats/file_tree.h"
#include "formats/service_access.h"
#include "formats/storage.h"
#include "gpu/frame_work.h"
#include "gpu/gpu_settings.h"
#include "gpu/host_gpu.h"
#include "kernel/ipc_session.h"
#include "profile/console_model.h"
#include "services/am/operation_mode.h"
#include "services/audio/audio_output.h"
#include "services/bsd/network_config.h"
#include "services/hid/hid_state.h"
#include "services/vi/display_pacing.h"
#include "services/vi/presented_frames.h"

namespace services {

// What the services know of the running program and the user.
struct ServiceConfig {
    formats::StoragePtr romfs;        // the title's RomFS image (an NRO's ASET romfs)
    formats::FileTreePtr romfs_tree;  // else its RomFS as files (a game folder, a NUP)
    u64 program_id = 0;               // saves opened with application id 0 use it
    std::filesystem::path user_data;  // sdmc/ and saves/; empty: $XDG_DATA_HOME/nxhost
    hid::HidInputs hid_inputs;        // pad layout, --input script, a window's pads
    profile::ConsoleModel console;    // what the console reports (display, GPU, firmware)
    gpu::GpuSettings gpu_settings;    // the game's GPU keys, for nvdrv's GPU
    std::shared_ptr<vi::PresentedFrames> frames;  // where presented frames go (made if null)
    vi::DisplayPacing pacing;                     // the display's refresh (fps_target, --unlocked)
    std::shared_ptr<gpu::FrameWork> gpu_work;  // counts the GPU work of each frame (made if null)
    // The host GPU the GPU's 3D work runs on (none, which logs that 3D work is not executed,
    // if null).
    std::shared_ptr<gpu::HostGpu> host_gpu;
    // Handheld or docked now, and whether a window may switch it (made from `console` if null).
    std::shared_ptr<am::OperationModeSwitch> operation_mode;
    // Host files shown read-only on the SD card for the run: (path on the card, host file).
    std::vector<std::pair<std::filesystem::path, std::filesystem::path>> sd_card_files;
    // The NPDM's service access control (ACI0), which decides what sm lets the program host;
    // none for an NRO.
    std::optional<std::vector<formats::ServiceAccess>> service_access;
    bsd::NetworkConfig network;  // what the guest may reach (--network, --hosts)
    // The console's sound output the audio outs play into (one whose sound goes nowhere if null).
    std::shared_ptr<audio::AudioOutput> audio_output;
    // --deterministic: work a service waits for on the host (the GPU's) is waited for at fixed
    // guest times, so that its results reach the guest at the same instruction in every run.
    bool deterministic = false;
};

kernel::NamedPorts MakeNamedPorts(const ServiceConfig& config = {});

// The sm names of every service nxhost provides.
std::vector<std::string> ProvidedServiceNames();

}  // namespace services
