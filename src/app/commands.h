#pragma once

#include <CLI/CLI.hpp>

namespace app {

// Each subcommand adds itself to the parser and runs when chosen, setting `exit_code` to the
// process's exit code.
void AddRunCommand(CLI::App& parent, int& exit_code);
void AddInfoCommand(CLI::App& parent, int& exit_code);
void AddBuildCommands(CLI::App& parent, int& exit_code);
void AddPackCommands(CLI::App& parent, int& exit_code);
void AddRomfsCommand(CLI::App& parent, int& exit_code);
void AddShaderCommands(CLI::App& parent, int& exit_code);
void AddReportCommand(CLI::App& parent, int& exit_code);
void AddBenchCommand(CLI::App& parent, int& exit_code);
void AddFingerprintCommand(CLI::App& parent, int& exit_code);

}  // namespace app
