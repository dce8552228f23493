#pragma once

// Runs a homebrew fixture under nxhost with a control script and reads back what it showed.

#include <filesystem>
#include <string>

#include "gpu/frame.h"

namespace homebrew_test {

std::filesystem::path Fixture(const std::string& name);

struct RunOutcome {
    int exit_status = -1;
    std::string log;  // stderr and stdout together
    gpu::Frame shot;  // the script's last shot, empty when none was written
};

// Runs `fixture` with `script` (lines of a control script; its last shot is read back) and
// extra `flags`.
RunOutcome RunWithScript(const std::filesystem::path& fixture, const std::string& script,
                         const std::string& flags = "");

// The pixel at (x, y) as 0xRRGGBB.
u32 Pixel(const gpu::Frame& frame, u32 x, u32 y);

}  // namespace homebrew_test
