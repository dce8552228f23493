#include "homebrew/homebrew_run.h"

#include <sys/wait.h>
#include <cstdio>
#include <fstream>
#include <regex>

#include <fmt/format.h>

#include "base/file.h"
#include "frontend/png_file.h"

namespace homebrew_test {

std::filesystem::path Fixture(const std::string& name) {
    return std::filesystem::path(NXHOST_SHARED_DIR) / "fixtures" / "homebrew" / name;
}

RunOutcome RunWithScript(const std::filesystem::path& fixture, const std::string& script,
                         const std::string& flags, const std::vector<std::string>& sd_card_switch,
                         const std::vector<std::pair<std::string, std::string>>& sd_card_root,
                         const std::vector<std::pair<std::string, std::vector<u8>>>& sd_card_files,
                         const std::string& command_prefix) {
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        fmt::format("nxhost-homebrew-{}-{}", fixture.stem().string(), ::getpid());
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::filesystem::path switch_folder = folder / "data" / "nxhost" / "sdmc" / "switch";
    std::filesystem::create_directories(switch_folder);
    for (const std::string& name : sd_card_switch) {
        std::filesystem::copy_file(Fixture(name), switch_folder / name);
    }
    for (const auto& [name, at] : sd_card_root) {
        std::filesystem::copy_file(Fixture(name), switch_folder.parent_path() / at);
    }
    for (const auto& [at, bytes] : sd_card_files) {
        const std::filesystem::path file = switch_folder.parent_path() / at;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()),
                   static_cast<std::streamsize>(bytes.size()));
    }
    const std::filesystem::path script_file = folder / "script.txt";
    std::ofstream(script_file) << script;
    // The script names its shots relative to the run's folder.
    const std::string command = fmt::format(
        "cd '{}' && XDG_DATA_HOME='{}/data' {} '{}' run --input script.txt {} '{}' 2>&1",
        folder.string(), folder.string(), command_prefix, NXHOST_BINARY, flags, fixture.string());
    RunOutcome outcome;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) {
        return outcome;
    }
    char buffer[4096];
    while (std::size_t read = std::fread(buffer, 1, sizeof(buffer), pipe)) {
        outcome.log.append(buffer, read);
    }
    const int status = ::pclose(pipe);
    outcome.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::string last_shot;
    const std::regex shot(R"(shot\s+(\S+\.png))");
    for (auto it = std::sregex_iterator(script.begin(), script.end(), shot);
         it != std::sregex_iterator(); ++it) {
        last_shot = (*it)[1];
        if (std::filesystem::exists(folder / last_shot)) {
            outcome.shots[last_shot] = frontend::ReadPng(folder / last_shot);
        }
    }
    if (outcome.shots.count(last_shot) != 0) {
        outcome.shot = outcome.shots[last_shot];
    }
    if (std::filesystem::exists(folder / "audio.wav")) {
        outcome.audio = base::ReadFile(folder / "audio.wav");
    }
    std::filesystem::remove_all(folder);
    return outcome;
}

gpu::Frame ShotOf(const RunOutcome& outcome, const std::string& name) {
    const auto found = outcome.shots.find(name);
    return found == outcome.shots.end() ? gpu::Frame{} : found->second;
}

u32 Pixel(const gpu::Frame& frame, u32 x, u32 y) {
    const u8* pixel = frame.rgba.data() + (u64{y} * frame.width + x) * 4;
    return u32{pixel[0]} << 16 | u32{pixel[1]} << 8 | pixel[2];
}

}  // namespace homebrew_test
