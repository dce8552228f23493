#include "formats/program_image.h"

#include <algorithm>

#include "base/error.h"
#include "base/file.h"
#include "formats/binary_fields.h"
#include "formats/describe.h"
#include "formats/game_image.h"
#include "formats/nso.h"
#include "formats/nup.h"

namespace formats {

namespace {

ProgramImage LoadNro(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    constexpr std::string_view kMagic = "NRO0";
    if (bytes.size() < 0x14 || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin() + 0x10)) {
        base::Fail("{}: neither an ExeFS folder nor an NRO (no \"NRO0\" at offset 0x10)",
                   path.string());
    }
    Nro nro = ReadNro(bytes, path.string());
    ProgramImage program;
    program.kind = "nro";
    program.source = path;
    program.module_headers.push_back(DescribeNro(nro));
    program.modules.push_back(std::move(nro.module));
    program.assets = std::move(nro.assets);
    return program;
}

}  // namespace

ProgramImage LoadExefsTree(const FileTree& exefs) {
    ProgramImage program;
    program.kind = "exefs";
    program.source = exefs.Name();
    if (!exefs.IsFile("main.npdm")) {
        base::Fail("{}: ExeFS folder has no main.npdm", exefs.Name());
    }
    program.npdm = ReadNpdm(exefs.Read("main.npdm"), exefs.Name() + "/main.npdm");
    for (const char* name : kExefsModuleOrder) {
        if (!exefs.IsFile(name)) {
            if (std::string_view(name) == "main") {
                base::Fail("{}: ExeFS folder has no main module", exefs.Name());
            }
            continue;
        }
        Nso nso = ReadNso(exefs.Read(name), exefs.Name() + "/" + name);
        nso.module.name = name;  // the ExeFS name is what the loader and users go by
        program.module_headers.push_back(DescribeNso(nso));
        program.modules.push_back(std::move(nso.module));
    }
    return program;
}

ProgramImage LoadProgram(const std::filesystem::path& path) {
    if (std::filesystem::is_directory(path)) {
        if (const auto exefs = FindChildFolder(path, "exefs")) {
            return LoadExefsTree(*MakeHostFolderTree(*exefs));
        }
        return LoadExefsTree(*MakeHostFolderTree(path));
    }
    if (!std::filesystem::exists(path)) {
        base::Fail("{}: no such file or folder", path.string());
    }
    if (IsNup(*OpenFileStorage(path))) {
        // Run from the unpacked copy: the ExeFS is checked against the image's hashes there.
        const std::filesystem::path folder = UnpackNupToCache(path);
        const auto exefs = FindChildFolder(folder, "exefs");
        if (!exefs) {
            base::Fail("{}: the NUP image holds no program (no exefs/ folder)", path.string());
        }
        ProgramImage program = LoadExefsTree(*MakeHostFolderTree(*exefs));
        program.source = path;
        return program;
    }
    if (path.extension() == ".nro") {
        return LoadNro(path);
    }
    const std::vector<u8> head =
        OpenFileStorage(path)->ReadBytes(0, std::min<u64>(std::filesystem::file_size(path), 0x14));
    if (head.size() >= 0x14 && std::equal(head.begin() + 0x10, head.end(), "NRO0")) {
        return LoadNro(path);
    }
    const GameImage game = OpenGame(path);
    if (!game.exefs) {
        base::Fail("{}: the {} holds no program (no ExeFS found)", path.string(), game.kind);
    }
    ProgramImage program = LoadExefsTree(*game.exefs);
    program.source = path;
    return program;
}

std::string Describe(const ProgramImage& program) {
    std::string text = fmt::format("program: {} ({})\n", program.source.string(), program.kind);
    for (std::size_t i = 0; i < program.modules.size(); ++i) {
        text += DescribeModule(program.modules[i]);
        if (i < program.module_headers.size()) {
            text += program.module_headers[i];
        }
    }
    if (program.npdm) {
        text += DescribeNpdm(*program.npdm);
    }
    if (!program.assets.Empty()) {
        text += fmt::format("assets: icon {:#x} bytes, nacp {:#x} bytes, romfs {:#x} bytes\n",
                            program.assets.icon.size(), program.assets.nacp.size(),
                            program.assets.romfs.size());
        if (!program.assets.nacp.empty()) {
            try {
                text += DescribeNacp(ReadNacp(program.assets.nacp, "nro assets"));
            } catch (const base::Error& error) {
                // A broken NACP does not stop the program from running; show why.
                text += fmt::format("  nacp: {}\n", error.what());
            }
        }
    }
    return text;
}

}  // namespace formats
