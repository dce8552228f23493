#include "app/run_profile.h"

#include <bit>
#include <charconv>
#include <memory>

#include "base/error.h"
#include "base/log.h"
#include "profile/code_patcher.h"
#include "profile/profile_location.h"

namespace app {

profile::ProfileKey ProfileKeyOf(const formats::ProgramImage& image) {
    profile::ProfileKey key{TitleIdOf(image), {}};
    if (image.kind == "nro") {
        key.nro_name = image.source.stem().string();
    }
    return key;
}

std::optional<std::filesystem::path> ProfilesFolder(
    const std::optional<std::string>& profiles_option) {
    std::optional<std::filesystem::path> option;
    if (profiles_option) {
        option = *profiles_option;
    }
    return profile::FindProfilesDirectory(option);
}

profile::GameProfile LoadRunProfile(const formats::ProgramImage& image,
                                    const std::optional<std::string>& profiles_option) {
    profile::GameProfile game_profile =
        profile::LoadGameProfile(ProfilesFolder(profiles_option), ProfileKeyOf(image));
    if (!game_profile.Source().empty()) {
        LOG_INFO("profile", "settings from {}", game_profile.Source());
    }
    return game_profile;
}

std::function<std::vector<kernel::HostCall>(std::span<const kernel::ModuleCode>)> PatchesForRun(
    const formats::ProgramImage& image, const std::optional<std::string>& profiles_option,
    std::shared_ptr<const services::vi::FrameStep> frame_step, u32 refresh_hz) {
    auto list = std::make_shared<profile::PatchList>(
        profile::LoadPatchList(ProfilesFolder(profiles_option), ProfileKeyOf(image)));
    if (list->Empty()) {
        return {};
    }
    return [list, frame_step, refresh_hz](std::span<const kernel::ModuleCode> code) {
        std::vector<profile::CodeModule> modules;
        for (const kernel::ModuleCode& module : code) {
            modules.push_back({module.name, module.base, module.text_offset, module.text});
        }
        const std::vector<profile::PatchPlacement> placements =
            profile::PlacePatches(*list, modules);
        std::vector<kernel::HostCall> calls;
        for (std::size_t i = 0; i < placements.size(); ++i) {
            if (!placements[i].host_call) {
                continue;
            }
            const u32 base_hz = list->Patches()[i].frame_step_base;
            calls.push_back(
                {*placements[i].host_call, [frame_step, base_hz, refresh_hz](cpu::Core& core) {
                     // The function returns a float: S0, the rest of V0 cleared
                     // as a scalar write clears it.
                     const float frames = frame_step->FramesAt(base_hz, refresh_hz);
                     cpu::ThreadContext context = core.GetContext();
                     context.v[0] = {std::bit_cast<u32>(frames), 0};
                     core.SetContext(context);
                 }});
        }
        return calls;
    };
}

std::optional<u64> TitleIdOf(const formats::ProgramImage& image) {
    if (image.npdm) {
        return image.npdm->ProgramId();
    }
    return std::nullopt;
}

kernel::MemorySettings MemorySettingsFromProfile(const profile::GameProfile& profile,
                                                 const profile::ConsoleModel& console) {
    kernel::MemorySettings settings;
    settings.application_pool = console.ApplicationPool();
    settings.heap_region_size = profile.GetSize("mem_reserve").value_or(settings.heap_region_size);
    settings.alias_region_size = profile.GetSize("mem_alias").value_or(settings.alias_region_size);
    settings.stack_region_size = profile.GetSize("mem_stack").value_or(settings.stack_region_size);
    settings.application_pool = profile.GetSize("app_pool").value_or(settings.application_pool);
    settings.map_limit = profile.GetSwitch("mem_map_limit").value_or(settings.map_limit);
    settings.system_resource_size = profile.GetSize("sys_resource");
    return settings;
}

gpu::GpuSettings GpuSettingsFromProfile(const profile::GameProfile& profile) {
    gpu::GpuSettings settings;
    settings.render_cond = profile.GetSwitch("render_cond").value_or(settings.render_cond);
    if (profile.GetChoice("gpu_timestamps") == "segment") {
        settings.timestamps = gpu::TimestampMode::Segment;
    }
    if (profile.GetChoice("draw_barriers") == "game") {
        settings.draw_barriers = gpu::DrawBarriers::Game;
    }
    settings.tex_flush_upload =
        profile.GetSwitch("tex_flush_upload").value_or(settings.tex_flush_upload);
    settings.tex_dirty_upload =
        profile.GetSwitch("tex_dirty_upload").value_or(settings.tex_dirty_upload);
    settings.shader_groups = profile.GetSwitch("shader_groups").value_or(settings.shader_groups);
    return settings;
}

services::hid::PadLayout PadLayoutFor(const profile::GameProfile& profile,
                                      const std::optional<std::string>& flag) {
    if (flag) {
        return services::hid::PadLayout::Parse(*flag, "--pad-layout");
    }
    if (const auto text = profile.GetLocatedText("pad_layout")) {
        return services::hid::PadLayout::Parse(text->value, text->where);
    }
    return {};
}

services::vi::DisplayPacing DisplayPacingFor(const profile::GameProfile& profile,
                                             std::optional<u32> fps_flag, bool unlocked) {
    services::vi::DisplayPacing pacing;
    pacing.unlocked = unlocked;
    if (fps_flag) {
        pacing.refresh_hz = *fps_flag;
    } else if (const auto text = profile.GetLocatedText("fps_target")) {
        const std::string& value = text->value;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), pacing.refresh_hz);
        if (error != std::errc{} || end != value.data() + value.size() || pacing.refresh_hz == 0 ||
            pacing.refresh_hz > services::vi::DisplayPacing::kMaxRefreshHz) {
            base::Fail("{}: fps_target takes frames a second, 1 to {}, not \"{}\"", text->where,
                       services::vi::DisplayPacing::kMaxRefreshHz, value);
        }
    }
    return pacing;
}

}  // namespace app
