#include "fixtures.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "base/file.h"
#include "formats/nro.h"
#include "formats/romfs.h"
#include "formats/storage.h"
#include "shader/sass/instruction.h"

namespace shader::sass::testing {
namespace {

// "        /*0120*/                   EXIT ;    /* 0x000000000000794d */" -> address, text, hex
bool ParseLine(const std::string& line, u64& address, std::string& text, std::string& hex) {
    static const std::regex pattern(
        R"(^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*(?:/\* 0x([0-9a-f]{16}) \*/)?\s*$)");
    std::smatch match;
    if (!std::regex_match(line, match, pattern)) {
        return false;
    }
    address = std::stoull(match[1].str(), nullptr, 16);
    text = match[2].str();
    hex = match[3].str();
    return true;
}

}  // namespace

std::filesystem::path SharedDir() {
    return NXHOST_SHARED_DIR;
}

std::filesystem::path CudaDir() {
    return std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/cuda";
}

std::vector<FixtureInstruction> LoadGraphicsFixture() {
    const auto dir = SharedDir() / "fixtures/nvidia-ampere-graphics";
    std::vector<FixtureInstruction> out;
    if (!std::filesystem::exists(dir / "g_ampere_shaders.bin")) {
        return out;
    }
    const std::vector<u8> blob = base::ReadFile(dir / "g_ampere_shaders.bin");
    std::map<std::string, std::pair<u64, u64>> programs;
    std::ifstream tsv(dir / "programs.tsv");
    std::string line;
    std::getline(tsv, line);
    while (std::getline(tsv, line)) {
        std::istringstream fields(line);
        std::string name, offset, size;
        std::getline(fields, name, '\t');
        std::getline(fields, offset, '\t');
        std::getline(fields, size, '\t');
        programs[name] = {std::stoull(offset, nullptr, 16), std::stoull(size)};
    }
    std::ifstream text_file(dir / "nvdisasm.txt");
    std::string program;
    while (std::getline(text_file, line)) {
        if (line.starts_with("//--- program ")) {
            program = line.substr(14);
            continue;
        }
        FixtureInstruction inst;
        std::string hex;
        if (program.empty() || !ParseLine(line, inst.address, inst.text, hex)) {
            continue;
        }
        const auto [offset, size] = programs.at(program);
        const u64 at = offset + 0x80 + inst.address;
        if (inst.address + 16 > size - 0x80 || at + 16 > blob.size()) {
            ADD_FAILURE() << program << " address past its code: " << inst.address;
            continue;
        }
        inst.program = program;
        inst.word = ToWord(blob.data() + at);
        out.push_back(std::move(inst));
    }
    return out;
}

std::vector<GraphicsProgramFixture> LoadGraphicsPrograms(const std::string& set) {
    const auto dir = SharedDir() / "fixtures" / set;
    const bool ampere = set == "nvidia-ampere-graphics";
    const auto blob_path = dir / (ampere ? "g_ampere_shaders.bin" : "g_maxwell_shaders.bin");
    std::vector<GraphicsProgramFixture> out;
    if (!std::filesystem::exists(blob_path)) {
        return out;
    }
    const u64 header_bytes = ampere ? 0x80 : 0x50;
    const std::vector<u8> blob = base::ReadFile(blob_path);
    std::ifstream tsv(dir / "programs.tsv");
    std::string line;
    std::getline(tsv, line);
    while (std::getline(tsv, line)) {
        std::istringstream fields(line);
        std::string offset, size, registers;
        GraphicsProgramFixture program;
        std::getline(fields, program.name, '\t');
        std::getline(fields, offset, '\t');
        std::getline(fields, size, '\t');
        std::getline(fields, registers, '\t');
        std::getline(fields, program.type, '\t');
        const u64 at = std::stoull(offset, nullptr, 16);
        const u64 end = at + std::stoull(size);
        if (end > blob.size() || end < at + header_bytes) {
            ADD_FAILURE() << set << ": " << program.name << " lies outside the blob";
            continue;
        }
        program.header.assign(blob.begin() + static_cast<std::ptrdiff_t>(at),
                              blob.begin() + static_cast<std::ptrdiff_t>(at + header_bytes));
        program.code.assign(blob.begin() + static_cast<std::ptrdiff_t>(at + header_bytes),
                            blob.begin() + static_cast<std::ptrdiff_t>(end));
        out.push_back(std::move(program));
    }
    return out;
}

std::vector<FixtureInstruction> LoadCudaFixture() {
    std::vector<FixtureInstruction> out;
    if (!std::filesystem::exists(CudaDir())) {
        return out;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(CudaDir())) {
        if (entry.path().string().ends_with(".cuobjdump_sass.txt")) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        auto listing = LoadHexListing(path, path.stem().stem().string());
        out.insert(out.end(), listing.begin(), listing.end());
    }
    return out;
}

std::vector<FixtureInstruction> LoadHexListing(const std::filesystem::path& path,
                                               const std::string& program) {
    std::vector<FixtureInstruction> out;
    std::ifstream in(path);
    std::string line;
    std::string function = program;
    FixtureInstruction pending;
    bool have_pending = false;
    static const std::regex high(R"(^\s+/\* 0x([0-9a-f]{16}) \*/\s*$)");
    while (std::getline(in, line)) {
        const auto at = line.find("Function : ");
        if (at != std::string::npos) {
            function = program + ":" + line.substr(at + 11);
            continue;
        }
        std::smatch match;
        if (have_pending && std::regex_match(line, match, high)) {
            pending.word.hi = std::stoull(match[1].str(), nullptr, 16);
            out.push_back(pending);
            have_pending = false;
            continue;
        }
        u64 address = 0;
        std::string text, hex;
        if (!ParseLine(line, address, text, hex) || text.empty() || hex.empty()) {
            continue;
        }
        pending = {};
        pending.program = function;
        pending.address = address;
        pending.text = text;
        pending.word.lo = std::stoull(hex, nullptr, 16);
        have_pending = true;
    }
    return out;
}

bool FixtureMissing(const std::vector<FixtureInstruction>& fixture, const char* what) {
    if (!fixture.empty()) {
        return false;
    }
    if (std::getenv("CI") != nullptr) {
        ADD_FAILURE() << what << " fixture is missing";
    }
    return true;
}

std::vector<Shader> HomebrewShaders() {
    std::vector<Shader> shaders;
    for (const char* nro :
         {"fizeau_2.8.1.nro", "nxgallery_2.0.0.nro", "melonds-switch_fast-alpha-r6.nro"}) {
        const auto path = SharedDir() / "fixtures/homebrew" / nro;
        if (!std::filesystem::exists(path)) {
            continue;
        }
        const formats::Nro file = formats::ReadNro(base::ReadFile(path), path.string());
        const formats::RomfsReader romfs(
            std::make_shared<formats::MemoryStorage>(file.assets.romfs, nro));
        romfs.Walk([&](const std::string& name, const formats::RomfsFile&) {
            if (name.ends_with(".dksh")) {
                shaders.push_back({std::string(nro) + ":" + name, romfs.ReadFile(name)});
            }
        });
    }
    return shaders;
}

}  // namespace shader::sass::testing
