#pragma once

// The console a program runs on: a Switch 1 (4 GB, Maxwell GM20B) or a Switch 2 (12 GB, Ampere
// T239). The model decides what the kernel and the services report (memory, cores, firmware,
// the display's size, the GPU's characteristics) and, later, which GPU classes and shader
// frontend run.

#include <optional>
#include <string>
#include <string_view>

#include "base/types.h"
#include "profile/game_profile.h"

namespace profile {

enum class Console { Switch1, Switch2 };

std::string_view ConsoleName(Console console);  // "switch1", "switch2"
std::optional<Console> ParseConsole(std::string_view text);

// Switch 2 titles have ids 04…; everything else (Switch 1 titles, NROs without an id, 00FF…
// sysmodules) is a Switch 1 program.
Console DetectConsole(std::optional<u64> title_id);

struct FirmwareVersion {
    u8 major = 0, minor = 0, micro = 0;
    std::string Text() const;  // "20.5.0"
};

struct DisplaySize {
    u32 width = 0, height = 0;
};

struct ConsoleModel {
    Console console = Console::Switch1;
    bool docked = false;

    // The application pool: GetInfo's total memory, what libnx sizes its heap from.
    u64 ApplicationPool() const;
    // The firmware the system reports (set:sys GetFirmwareVersion, the loader's HOS version).
    FirmwareVersion Firmware() const;
    // The display the application draws for: the console's screen handheld, the TV docked.
    DisplaySize Display() const;
    // The GPU nvhost-ctrl-gpu describes.
    std::string_view GpuName() const;  // "GM20B", "T239"

    std::string Describe() const;
};

// The model of a run: `console_flag` (--console) over the profile's `console` key over the
// detection from the title id; docked when `docked_flag` (--docked) or the profile's `docked on`.
// A bad value throws base::Error naming the flag or the profile's file and line.
ConsoleModel ConsoleModelFor(const GameProfile& profile, std::optional<u64> title_id,
                             const std::optional<std::string>& console_flag, bool docked_flag);

}  // namespace profile
