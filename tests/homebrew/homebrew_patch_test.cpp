// A patches.tsv placed in a real program: reset_parental_controls (2023) with the libnx
// appletMainLoop that the 2022 demo's ELF names, stubbed to return false, leaves its menu loop
// at once and returns.

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "homebrew/homebrew_run.h"

namespace homebrew_test {
namespace {

// What `nxhost fingerprint` prints for a symbol of the demo's ELF.
std::string FingerprintOf(const std::string& symbol) {
    const std::string command =
        fmt::format("'{}' fingerprint '{}' {}", NXHOST_BINARY,
                    Fixture("hbswitchgame_demo_2022-05.elf").string(), symbol);
    std::string output;
    FILE* pipe = ::popen(command.c_str(), "r");
    char buffer[256];
    while (pipe != nullptr && std::fgets(buffer, sizeof(buffer), pipe) != nullptr) {
        output += buffer;
    }
    if (pipe != nullptr) {
        ::pclose(pipe);
    }
    if (!output.empty() && output.back() == '\n') {
        output.pop_back();
    }
    return output;
}

TEST(HomebrewPatches, AStubbedMainLoopEndsResetParentalControlsAtOnce) {
    const std::string fingerprint = FingerprintOf("appletMainLoop");
    ASSERT_TRUE(fingerprint.starts_with("fp1:13:")) << fingerprint;
    const std::filesystem::path profiles =
        std::filesystem::temp_directory_path() / fmt::format("nxhost-patches-{}", ::getpid());
    const std::filesystem::path folder = profiles / "nro" / "reset_parental_controls_1.2.0";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "patches.tsv")
        << "# appletMainLoop answers false: the program leaves its loop\n"
        << fingerprint << "\treturn\t0\t# appletMainLoop\n";
    const RunOutcome run = RunWithScript(Fixture("reset_parental_controls_1.2.0.nro"), "5s exit\n",
                                         fmt::format("--profiles '{}'", profiles.string()));
    std::filesystem::remove_all(profiles);
    EXPECT_NE(run.log.find(fmt::format("patch: {} (appletMainLoop) found at "
                                       "reset_parental_controls_1.2.0+0x4bf0",
                                       fingerprint)),
              std::string::npos)
        << run.log;
    // Unpatched, its menu waits for a button until the script's exit
    // (Homebrew.ResetParentalControlsShowsItsMenu).
    EXPECT_NE(run.log.find("returned with exit status"), std::string::npos) << run.log;
    EXPECT_EQ(run.log.find("ended by the control file"), std::string::npos) << run.log;
}

TEST(HomebrewPatches, AFingerprintFoundNowhereIsNamedAndTheProgramRuns) {
    const std::filesystem::path profiles =
        std::filesystem::temp_directory_path() / fmt::format("nxhost-patches-{}", ::getpid());
    const std::filesystem::path folder = profiles / "nro" / "snake_curroraya_2025-04";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "patches.tsv")
        << "fp1:4:d503201f:0123456789abcdef\treturn\t1\t# nothing of snake's\n";
    const RunOutcome run = RunWithScript(Fixture("snake_curroraya_2025-04.nro"), "1s exit\n",
                                         fmt::format("--profiles '{}'", profiles.string()));
    std::filesystem::remove_all(profiles);
    EXPECT_NE(run.log.find("patch: fp1:4:d503201f:0123456789abcdef (nothing of snake's) ("),
              std::string::npos)
        << run.log;
    EXPECT_NE(run.log.find("patches.tsv:1) matches no code: left out"), std::string::npos)
        << run.log;
    EXPECT_NE(run.log.find("ended by the control file"), std::string::npos) << run.log;
}

}  // namespace
}  // namespace homebrew_test
