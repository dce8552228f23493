#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/sass/word.h"

namespace shader::sass::testing {

// One instruction of a fixture: where it is, nvdisasm's text of it and its 128 bits.
struct FixtureInstruction {
    std::string program;
    u64 address = 0;
    std::string text;
    Word word;
};

std::filesystem::path SharedDir();
std::filesystem::path CudaDir();

// The 34 NVIDIA graphics programs (../shared/fixtures/nvidia-ampere-graphics): code from the
// blob, text from nvdisasm.txt. Empty when the fixture is missing.
std::vector<FixtureInstruction> LoadGraphicsFixture();

// One program of a graphics fixture set: its shader program header and the code after it.
struct GraphicsProgramFixture {
    std::string name;
    std::string type;  // programs.tsv's type: "vertex" or "pixel"
    std::vector<u8> header;
    std::vector<u8> code;
};

// The programs of ../shared/fixtures/nvidia-ampere-graphics (0x80-byte SPH v4 headers) or
// nvidia-maxwell-graphics (0x50-byte SPH v3), in programs.tsv's order. Empty when missing.
std::vector<GraphicsProgramFixture> LoadGraphicsPrograms(const std::string& set);

// Our CUDA cubins' `cuobjdump -sass` listings (text and hex of every instruction).
std::vector<FixtureInstruction> LoadCudaFixture();

// One listing with each instruction's text followed by its two 64-bit words, as `cuobjdump -sass`
// and `nvdisasm -hex` print them.
std::vector<FixtureInstruction> LoadHexListing(const std::filesystem::path& path,
                                               const std::string& program);

// A DKSH file of a homebrew fixture's RomFS ("fizeau_2.8.1.nro:/imgui_fsh.dksh") and its bytes.
struct Shader {
    std::string name;
    std::vector<u8> bytes;
};
// deko3d's shaders as homebrew ships them: the RomFS *.dksh of fizeau, NXGallery and melonDS.
// Empty when the fixtures are missing.
std::vector<Shader> HomebrewShaders();

// Skips (or fails under CI) when a fixture set is missing.
bool FixtureMissing(const std::vector<FixtureInstruction>& fixture, const char* what);

}  // namespace shader::sass::testing
