#include <cstdio>

#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "base/error.h"

int main(int argc, char** argv) {
    CLI::App cli{"nxhost: runs Nintendo Switch 2 and Switch programs on Linux"};
    cli.require_subcommand(1);
    int exit_code = 0;
    app::AddRunCommand(cli, exit_code);
    app::AddInfoCommand(cli, exit_code);
    app::AddBuildCommands(cli, exit_code);
    app::AddPackCommands(cli, exit_code);
    app::AddRomfsCommand(cli, exit_code);
    app::AddShaderCommands(cli, exit_code);
    app::AddReportCommand(cli, exit_code);
    app::AddBenchCommand(cli, exit_code);
    app::AddFingerprintCommand(cli, exit_code);
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return cli.exit(error);
    } catch (const base::Error& error) {
        std::fprintf(stderr, "nxhost: %s\n", error.what());
        return 1;
    }
    return exit_code;
}
