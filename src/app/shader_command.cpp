#include <cstdio>

#include "app/commands.h"
#include "base/file.h"
#include "shader/sass/cubin.h"

namespace app {

void AddShaderCommands(CLI::App& parent, int& exit_code) {
    CLI::App* shader = parent.add_subcommand("shader", "NVIDIA shader tools");
    shader->require_subcommand(1);
    auto path = std::make_shared<std::string>();
    CLI::App* disasm = shader->add_subcommand(
        "disasm", "Disassemble a cubin or a raw Ampere code blob as nvdisasm prints it");
    disasm->add_option("file", *path, "cubin (ELF) or raw SASS code")->required();
    disasm->callback([path, &exit_code] {
        const std::vector<u8> bytes = base::ReadFile(*path);
        std::fputs(shader::sass::DisassembleCubin(bytes, *path).c_str(), stdout);
        exit_code = 0;
    });
}

}  // namespace app
