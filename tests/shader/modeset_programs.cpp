#include "modeset_programs.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace shader::testing {
namespace {

// One buffer per programs.tsv const_index (MaxwellConstantBuf0-6 of NVIDIA's
// open-gpu-kernel-modules, src/nvidia-modeset/src/shaders/g_maxwell_shader_info.h, MIT
// licence): code offsets of the cases of BRX, then 0.75f.
const std::vector<std::vector<u32>> kConstantBuffers = {
    {0x438, 0x7f0, 0xd18, 0x12f8, 0x1478, 0x1630, 0x1a38, 0x1df0, 0x22f0, 0x2880, 0x2a00, 0x2bb8,
     0x3f400000},
    {0x3d0, 0x770, 0xc58, 0x1240, 0x13c0, 0x1578, 0x3f400000},
    {0x438, 0x7f0, 0xd10, 0x12f8, 0x1478, 0x1630, 0x1a60, 0x1e18, 0x2318, 0x28b0, 0x2a30, 0x2be0,
     0x3f400000},
    {0x438, 0x7f0, 0xd10, 0x12f8, 0x1478, 0x1630, 0x1aa0, 0x1e58, 0x2358, 0x28f0, 0x2a70, 0x2c20,
     0x3f400000},
    {0x440, 0x7f8, 0xd18, 0x1300, 0x1480, 0x1638, 0x1a80, 0x1e38, 0x2338, 0x28d0, 0x2a50, 0x2c00,
     0x3f400000},
    {0x440, 0x7f8, 0xd18, 0x1300, 0x1480, 0x1638, 0x1ac0, 0x1e78, 0x2378, 0x2910, 0x2a90, 0x2c40,
     0x3f400000},
    {0x3f0, 0x7a0, 0xca0, 0x1280, 0x1400, 0x15b8, 0x3f400000},
};

}  // namespace

const std::vector<u32>& ModesetConstantBuffer(int const_index) {
    return kConstantBuffers.at(static_cast<std::size_t>(const_index));
}

std::map<std::string, int> ModesetConstantIndices() {
    std::map<std::string, int> indices;
    std::ifstream file(sass::testing::SharedDir() /
                       "fixtures/nvidia-maxwell-graphics/programs.tsv");
    std::string line;
    std::getline(file, line);
    while (std::getline(file, line)) {
        std::istringstream fields(line);
        std::string name, offset, size, registers, type, index;
        fields >> name >> offset >> size >> registers >> type >> index;
        indices[name] = std::stoi(index);
    }
    return indices;
}

GraphicsEnvironment MaxwellEnvironment(const sass::testing::GraphicsProgramFixture& program,
                                       int const_index, const TargetProfile& target) {
    GraphicsEnvironment env("program " + program.name, program.header, program.code,
                            Architecture::Maxwell, target);
    if (const_index >= 0) {
        env.FixBank(1, ModesetConstantBuffer(const_index));
    }
    return env;
}

GraphicsEnvironment AmpereEnvironment(const sass::testing::GraphicsProgramFixture& program,
                                      const TargetProfile& target) {
    return {"program " + program.name, program.header, program.code, Architecture::Ampere, target};
}

std::vector<sass::testing::GraphicsProgramFixture> ModesetPrograms(const char* set) {
    auto programs = sass::testing::LoadGraphicsPrograms(set);
    if (programs.empty() && std::getenv("CI") != nullptr) {
        ADD_FAILURE() << set << " is missing";
    }
    return programs;
}

}  // namespace shader::testing
