// Turning a guest ELF into the console's executable formats, with nxhost's own writers.

#include <filesystem>

#include <fmt/format.h>

#include "app/commands.h"
#include "base/file.h"
#include "formats/elf.h"
#include "formats/npdm.h"
#include "formats/nro.h"
#include "formats/nso.h"
#include "formats/romfs.h"

namespace app {
namespace {

struct BuildArguments {
    std::string elf;
    std::string output;
    std::string name = "nxhost-guest";
    std::string program_id = "0100000000001000";
    std::string romfs;  // a folder packed as the NRO's RomFS
};

formats::ModuleImage ReadElf(const std::string& path) {
    const auto bytes = base::ReadFile(path);
    return formats::ModuleFromElf(bytes, path);
}

void BuildNro(const BuildArguments& arguments) {
    const auto module = ReadElf(arguments.elf);
    formats::NroAssets assets;
    if (!arguments.romfs.empty()) {
        std::vector<formats::RomfsInputFile> files;
        const std::filesystem::path root(arguments.romfs);
        for (const auto& item : std::filesystem::recursive_directory_iterator(root)) {
            if (item.is_regular_file()) {
                files.push_back({std::filesystem::relative(item.path(), root).generic_string(),
                                 base::ReadFile(item.path())});
            }
        }
        assets.romfs = formats::WriteRomfs(files);
    }
    base::WriteFileAtomic(arguments.output, formats::WriteNro(module, assets));
}

void BuildExefs(const BuildArguments& arguments) {
    auto module = ReadElf(arguments.elf);
    module.name = "main";
    const std::filesystem::path folder(arguments.output);
    std::filesystem::create_directories(folder);
    base::WriteFileAtomic(folder / "main", formats::WriteNso(module, true));
    const u64 program_id = std::stoull(arguments.program_id, nullptr, 16);
    base::WriteFileAtomic(folder / "main.npdm",
                          formats::WriteNpdm(formats::DefaultNpdm(arguments.name, program_id)));
}

}  // namespace

void AddBuildCommands(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<BuildArguments>();
    CLI::App* nro = parent.add_subcommand("elf2nro", "Convert an AArch64 ELF into an NRO");
    nro->add_option("elf", arguments->elf)->required();
    nro->add_option("output", arguments->output)->required();
    nro->add_option("--romfs", arguments->romfs, "Folder to pack as the NRO's RomFS");
    nro->callback([arguments, &exit_code] {
        BuildNro(*arguments);
        exit_code = 0;
    });
    CLI::App* exefs = parent.add_subcommand(
        "elf2exefs", "Convert an AArch64 ELF into an ExeFS folder (main NSO and main.npdm)");
    exefs->add_option("elf", arguments->elf)->required();
    exefs->add_option("folder", arguments->output)->required();
    exefs->add_option("--name", arguments->name, "Program name in the NPDM");
    exefs->add_option("--program-id", arguments->program_id, "Program id in hex");
    exefs->callback([arguments, &exit_code] {
        BuildExefs(*arguments);
        exit_code = 0;
    });
}

}  // namespace app
