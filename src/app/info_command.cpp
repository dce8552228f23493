#include <cstdio>

#include "app/commands.h"
#include "formats/program_image.h"

namespace app {

void AddInfoCommand(CLI::App& parent, int& exit_code) {
    auto path = std::make_shared<std::string>();
    CLI::App* command = parent.add_subcommand("info", "Print the headers of a program");
    command->add_option("path", *path, "NRO file or ExeFS folder")->required();
    command->callback([path, &exit_code] {
        std::fputs(formats::Describe(formats::LoadProgram(*path)).c_str(), stdout);
        exit_code = 0;
    });
}

}  // namespace app
