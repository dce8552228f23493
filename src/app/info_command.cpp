#include <cstdio>

#include "app/commands.h"
#include "formats/game_image.h"

namespace app {

void AddInfoCommand(CLI::App& parent, int& exit_code) {
    auto path = std::make_shared<std::string>();
    CLI::App* command =
        parent.add_subcommand("info", "Print the headers of a program or game image");
    command
        ->add_option("path", *path, "NRO, ExeFS or game folder, NUP, NSP, XCI, NCA or RomFS image")
        ->required();
    command->callback([path, &exit_code] {
        std::fputs(formats::DescribeGame(*path).c_str(), stdout);
        exit_code = 0;
    });
}

}  // namespace app
