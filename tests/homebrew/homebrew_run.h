#pragma once

// Runs a homebrew fixture under nxhost with a control script and reads back what it showed.

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gpu/frame.h"

namespace homebrew_test {

std::filesystem::path Fixture(const std::string& name);

struct RunOutcome {
    int exit_status = -1;
    std::string log;                          // stderr and stdout together
    gpu::Frame shot;                          // the script's last shot, empty when none was written
    std::map<std::string, gpu::Frame> shots;  // every shot written, by file name
    std::vector<u8> audio;                    // audio.wav, when `flags` asked for it
};

// The flags that make a run capture its sound as RunOutcome::audio.
inline constexpr const char* kCaptureAudio = "--audio-out audio.wav";

// Runs `fixture` with `script` (lines of a control script; its last shot is read back) and
// extra `flags`, with the fixtures named in `sd_card_switch` copied into the SD card's
// switch/ folder (a fresh SD card of the run's own), and each (fixture, name) of
// `sd_card_root` copied to sdmc:/<name>, and the bytes of `sd_card_files` written at their
// paths on the card. `command_prefix` (a shell word list) goes before nxhost's path in the
// command line: a program that runs nxhost as its arguments (a namespace, a server beside it).
RunOutcome RunWithScript(
    const std::filesystem::path& fixture, const std::string& script, const std::string& flags = "",
    const std::vector<std::string>& sd_card_switch = {},
    const std::vector<std::pair<std::string, std::string>>& sd_card_root = {},
    const std::vector<std::pair<std::string, std::vector<u8>>>& sd_card_files = {},
    const std::string& command_prefix = "");

// Every shot the script wrote, by name, after RunWithScript (the last one is also in `shot`).
gpu::Frame ShotOf(const RunOutcome& outcome, const std::string& name);

// The pixel at (x, y) as 0xRRGGBB.
u32 Pixel(const gpu::Frame& frame, u32 x, u32 y);

}  // namespace homebrew_test
