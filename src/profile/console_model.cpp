#include "profile/console_model.h"

#include <fmt/format.h>

#include "base/error.h"

namespace profile {

std::string_view ConsoleName(Console console) {
    return console == Console::Switch2 ? "switch2" : "switch1";
}

std::optional<Console> ParseConsole(std::string_view text) {
    if (text == "switch1") {
        return Console::Switch1;
    }
    if (text == "switch2") {
        return Console::Switch2;
    }
    return std::nullopt;
}

Console DetectConsole(std::optional<u64> title_id) {
    return title_id && (*title_id >> 56) == 0x04 ? Console::Switch2 : Console::Switch1;
}

std::string FirmwareVersion::Text() const {
    return fmt::format("{}.{}.{}", major, minor, micro);
}

u64 ConsoleModel::ApplicationPool() const {
    // Switch 1: the 4 GB console's application pool, 3285 MiB (the memory arrangement
    // Horizon picks for 4 GB boards; yuzu board/nintendo/nx/k_system_control.cpp). Switch 2:
    // 9 GiB, what the seed's profiles give its games.
    return console == Console::Switch2 ? u64{9} << 30 : u64{3285} << 20;
}

FirmwareVersion ConsoleModel::Firmware() const {
    // The firmware whose kernel and service ABI nxhost follows, on both consoles.
    return FirmwareVersion{20, 1, 0};
}

DisplaySize ConsoleModel::Display() const {
    if (console == Console::Switch2) {
        return docked ? DisplaySize{3840, 2160} : DisplaySize{1920, 1080};
    }
    return docked ? DisplaySize{1920, 1080} : DisplaySize{1280, 720};
}

std::string_view ConsoleModel::GpuName() const {
    return console == Console::Switch2 ? "T239" : "GM20B";
}

std::string ConsoleModel::Describe() const {
    const DisplaySize display = Display();
    return fmt::format(
        "console: {} ({}), firmware {}, {} MiB application pool, display {}x{}, GPU {}\n",
        ConsoleName(console), docked ? "docked" : "handheld", Firmware().Text(),
        ApplicationPool() >> 20, display.width, display.height, GpuName());
}

ConsoleModel ConsoleModelFor(const GameProfile& profile, std::optional<u64> title_id,
                             const std::optional<std::string>& console_flag, bool docked_flag) {
    ConsoleModel model;
    model.console = DetectConsole(title_id);
    if (console_flag) {
        const auto parsed = ParseConsole(*console_flag);
        if (!parsed) {
            base::Fail("--console {}: expected switch1 or switch2", *console_flag);
        }
        model.console = *parsed;
    } else if (const auto text = profile.GetLocatedText("console")) {
        const auto parsed = ParseConsole(text->value);
        if (!parsed) {
            base::Fail("{}: console '{}': expected switch1 or switch2", text->where, text->value);
        }
        model.console = *parsed;
    }
    model.docked = docked_flag || profile.GetSwitch("docked").value_or(false);
    return model;
}

}  // namespace profile
