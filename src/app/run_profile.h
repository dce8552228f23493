#pragma once

// The game profile `nxhost run` applies, and the kernel settings it gives.

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "formats/program_image.h"
#include "gpu/gpu_settings.h"
#include "kernel/kernel.h"
#include "kernel/memory_settings.h"
#include "profile/console_model.h"
#include "profile/game_profile.h"
#include "profile/profile_location.h"
#include "services/hid/pad_layout.h"
#include "services/vi/display_pacing.h"
#include "services/vi/frame_step.h"

namespace app {

// Which profile the image reads: its title id, or for an NRO its file's base name.
profile::ProfileKey ProfileKeyOf(const formats::ProgramImage& image);

// The profiles folder: `profiles_option` (--profiles) or the usual places
// (profile::FindProfilesDirectory).
std::optional<std::filesystem::path> ProfilesFolder(
    const std::optional<std::string>& profiles_option);

// The profile of the image's title (the NPDM's program id; an NRO has none and is found by its
// file's base name under profiles/nro/), from `profiles_option` or the usual places
// (profile::FindProfilesDirectory).
profile::GameProfile LoadRunProfile(const formats::ProgramImage& image,
                                    const std::optional<std::string>& profiles_option);

// The kernel's code hook that places the program's patches.tsv (beside its game.tsv), or none
// when it has no patches; its frame-step patches answer from `frame_step` (one refresh at
// `refresh_hz` before two frames were shown). A malformed file throws, naming its line.
std::function<std::vector<kernel::HostCall>(std::span<const kernel::ModuleCode>)> PatchesForRun(
    const formats::ProgramImage& image, const std::optional<std::string>& profiles_option,
    std::shared_ptr<const services::vi::FrameStep> frame_step, u32 refresh_hz);

// The title id the console model is detected from (the NPDM's program id; none for an NRO).
std::optional<u64> TitleIdOf(const formats::ProgramImage& image);

// mem_reserve, mem_alias, mem_stack, app_pool, mem_map_limit and sys_resource over the
// console model's defaults.
kernel::MemorySettings MemorySettingsFromProfile(const profile::GameProfile& profile,
                                                 const profile::ConsoleModel& console);

// render_cond, gpu_timestamps, draw_barriers, tex_flush_upload, tex_dirty_upload and
// shader_groups over the GPU's defaults (the profile validated their values when it was read).
gpu::GpuSettings GpuSettingsFromProfile(const profile::GameProfile& profile);

// The controllers the console reports: `flag` (--pad-layout) over the profile's pad_layout over
// one Pro Controller. A bad value throws, naming the flag or the profile's file and line.
services::hid::PadLayout PadLayoutFor(const profile::GameProfile& profile,
                                      const std::optional<std::string>& flag);

// The display's refresh: `fps_flag` (--fps-target) over the profile's fps_target over the
// console's 60 Hz, unlocked with --unlocked. A bad fps_target throws, naming its file and line.
services::vi::DisplayPacing DisplayPacingFor(const profile::GameProfile& profile,
                                             std::optional<u32> fps_flag, bool unlocked);

}  // namespace app
