// nxhost romfs ls / cat: a game's RomFS, whatever image holds it.

#include <cstdio>

#include <fmt/format.h>

#include "app/commands.h"
#include "base/error.h"
#include "formats/game_image.h"

namespace app {
namespace {

struct RomfsArguments {
    std::string image;
    std::string path;
    bool raw = false;
};

formats::FileTreePtr OpenRomfs(const std::string& image) {
    const formats::GameImage game = formats::OpenGame(image);
    if (!game.romfs) {
        base::Fail("{}: the {} has no RomFS", image, game.kind);
    }
    return game.romfs;
}

int List(const RomfsArguments& arguments) {
    const auto romfs = OpenRomfs(arguments.image);
    for (const formats::RomfsListEntry& entry : romfs->List(arguments.path)) {
        if (entry.is_directory) {
            fmt::print("{:>12}  {}/\n", "", entry.name);
        } else {
            fmt::print("{:>12}  {}\n", entry.size, entry.name);
        }
    }
    return 0;
}

int Cat(const RomfsArguments& arguments) {
    const auto romfs = OpenRomfs(arguments.image);
    formats::PlainFileReader reader(romfs);
    const std::vector<u8> bytes =
        arguments.raw ? romfs->Read(arguments.path) : reader.Read(arguments.path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
        std::fflush(stdout) != 0) {
        base::Fail("cannot write to the standard output");
    }
    return 0;
}

}  // namespace

void AddRomfsCommand(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<RomfsArguments>();
    CLI::App* romfs = parent.add_subcommand(
        "romfs", "List or print files of a game's RomFS (NUP, NSP, XCI, NCA, RomFS, folder)");
    romfs->require_subcommand(1);
    CLI::App* ls = romfs->add_subcommand("ls", "List a RomFS folder");
    ls->add_option("image", arguments->image)->required();
    ls->add_option("path", arguments->path, "Folder (default: the root)");
    ls->callback([arguments, &exit_code] { exit_code = List(*arguments); });
    CLI::App* cat = romfs->add_subcommand(
        "cat", "Print a RomFS file; .zs files are decompressed with the game's dictionaries");
    cat->add_option("image", arguments->image)->required();
    cat->add_option("path", arguments->path)->required();
    cat->add_flag("--raw", arguments->raw, "Print .zs files as stored");
    cat->callback([arguments, &exit_code] { exit_code = Cat(*arguments); });
}

}  // namespace app
