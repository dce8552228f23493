// Maxwell graphics programs through TranslateGraphics: the 34 programs of nvidia-maxwell-graphics
// validate and agree with their Ampere twins on resources and interface, and the vertex and
// fragment programs of the homebrew DKSH files translate or fail for a stated reason.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "base/file.h"
#include "formats/dksh.h"
#include "formats/nro.h"
#include "formats/romfs.h"
#include "formats/storage.h"
#include "graphics_environment.h"
#include "shader/graphics.h"
#include "support/error_of.h"

namespace shader::testing {
namespace {

using sass::testing::GraphicsProgramFixture;

// The Maxwell programs' switch tables: constant bank 1 as nvidia-modeset fills it, one buffer
// per programs.tsv const_index (MaxwellConstantBuf0-6 of NVIDIA's open-gpu-kernel-modules,
// src/nvidia-modeset/src/shaders/g_maxwell_shader_info.h, MIT licence): code offsets of the
// cases of BRX, then 0.75f.
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

// programs.tsv's const_index of each program (-1: none).
std::map<std::string, int> ConstantIndices() {
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

GraphicsEnvironment MaxwellEnvironment(const GraphicsProgramFixture& program, int const_index,
                                       const TargetProfile& target) {
    GraphicsEnvironment env("program " + program.name, program.header, program.code,
                            Architecture::Maxwell, target);
    if (const_index >= 0) {
        env.FixBank(1, kConstantBuffers.at(static_cast<std::size_t>(const_index)));
    }
    return env;
}

std::vector<GraphicsProgramFixture> Programs(const char* set) {
    auto programs = sass::testing::LoadGraphicsPrograms(set);
    if (programs.empty() && std::getenv("CI") != nullptr) {
        ADD_FAILURE() << set << " is missing";
    }
    return programs;
}

TEST(MaxwellTranslate, EveryFixtureProgramIsValidSpirv) {
    const auto programs = Programs("nvidia-maxwell-graphics");
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-maxwell-graphics is missing";
    }
    ASSERT_EQ(programs.size(), 34u);
    const auto indices = ConstantIndices();
    for (const GraphicsProgramFixture& program : programs) {
        for (const TargetProfile& target : {NvidiaLike(), LavapipeLike()}) {
            SCOPED_TRACE(program.name +
                         (target.fused_fma_f32 ? " (native floats)" : " (exact floats)"));
            const auto env = MaxwellEnvironment(program, indices.at(program.name), target);
            const std::string error = test_support::ErrorOf([&] {
                const GraphicsProgram translated = TranslateGraphics(env);
                EXPECT_EQ(ValidateSpirv(translated.spirv), "");
                EXPECT_EQ(translated.stage, env.GetStage());
            });
            EXPECT_EQ(error, "(no error)");
        }
    }
}

// The same GLSL program compiled for Maxwell and for Ampere binds the same resources and has the
// same interface.
TEST(MaxwellTranslate, LayoutsMatchTheAmpereTranslations) {
    const auto maxwell = Programs("nvidia-maxwell-graphics");
    const auto ampere = Programs("nvidia-ampere-graphics");
    if (maxwell.empty() || ampere.empty()) {
        GTEST_SKIP() << "graphics fixtures missing";
    }
    ASSERT_EQ(maxwell.size(), ampere.size());
    const auto indices = ConstantIndices();
    for (std::size_t i = 0; i < maxwell.size(); ++i) {
        SCOPED_TRACE(maxwell[i].name);
        ASSERT_EQ(maxwell[i].name, ampere[i].name);
        const GraphicsProgram ours = TranslateGraphics(
            MaxwellEnvironment(maxwell[i], indices.at(maxwell[i].name), NvidiaLike()));
        const GraphicsProgram theirs = TranslateGraphics(
            GraphicsEnvironment("program " + ampere[i].name, ampere[i].header, ampere[i].code,
                                Architecture::Ampere, NvidiaLike()));
        const ResourceLayout& a = ours.layout;
        const ResourceLayout& b = theirs.layout;
        EXPECT_EQ(a.inputs, b.inputs);
        EXPECT_EQ(a.outputs, b.outputs);
        EXPECT_EQ(a.render_targets, b.render_targets);
        EXPECT_EQ(a.writes_depth, b.writes_depth);
        // Every bank of the Ampere program, as large. The Maxwell program may read two more:
        // the switch tables' bank 1 (LDC with a register index: all of its 64 KiB) and the
        // texture handles' bank, where a register that held a handle keeps its old value
        // under predicated writes that cover every later use only together (which SSA does not
        // see), so the loads stay.
        const auto banks = [](const ResourceLayout& layout, bool maxwell) {
            std::string text;
            for (const ConstantBankBinding& bank : layout.constant_banks) {
                if (maxwell && (bank.bank == 1 || bank.bank == kFixtureTextureBank)) {
                    continue;
                }
                text += fmt::format("c[{}] {:#x} bytes; ", bank.bank, bank.bytes);
            }
            return text;
        };
        EXPECT_EQ(banks(a, true), banks(b, false));
        const auto images = [](const ResourceLayout& layout) {
            std::vector<std::tuple<u32, u32, ImageDim, bool, ImageKind>> list;
            for (const ImageBinding& image : layout.images) {
                list.emplace_back(image.handle_bank, image.handle_offset, image.dim, image.arrayed,
                                  image.kind);
            }
            std::sort(list.begin(), list.end());
            return list;
        };
        EXPECT_EQ(images(a), images(b));
    }
}

}  // namespace
}  // namespace shader::testing
