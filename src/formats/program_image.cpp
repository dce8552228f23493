#include "formats/program_image.h"

#include <algorithm>

#include "base/error.h"
#include "base/file.h"
#include "formats/binary_fields.h"
#include "formats/describe.h"
#include "formats/nso.h"

namespace formats {

namespace {

ProgramImage LoadExefs(const std::filesystem::path& folder) {
    ProgramImage program;
    program.kind = "exefs";
    program.source = folder;
    const std::filesystem::path npdm_path = folder / "main.npdm";
    if (!std::filesystem::is_regular_file(npdm_path)) {
        base::Fail("{}: ExeFS folder has no main.npdm", folder.string());
    }
    program.npdm = ReadNpdm(base::ReadFile(npdm_path), npdm_path.string());
    for (const char* name : kExefsModuleOrder) {
        const std::filesystem::path path = folder / name;
        if (!std::filesystem::is_regular_file(path)) {
            if (std::string_view(name) == "main") {
                base::Fail("{}: ExeFS folder has no main module", folder.string());
            }
            continue;
        }
        Nso nso = ReadNso(base::ReadFile(path), path.string());
        nso.module.name = name;  // the ExeFS name is what the loader and users go by
        program.module_headers.push_back(DescribeNso(nso));
        program.modules.push_back(std::move(nso.module));
    }
    return program;
}

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

ProgramImage LoadProgram(const std::filesystem::path& path) {
    if (std::filesystem::is_directory(path)) {
        return LoadExefs(path);
    }
    if (!std::filesystem::exists(path)) {
        base::Fail("{}: no such file or folder", path.string());
    }
    return LoadNro(path);
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
