// deko3d's DKSH shaders as homebrew ships them (the RomFS *.dksh of fizeau, NXGallery and
// melonDS): every program parses and every word of its code decodes and assembles back. And
// damaged DKSH files give clear errors.
#include <cstring>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "fixtures.h"
#include "formats/dksh.h"
#include "shader/maxwell/instruction.h"

namespace shader::maxwell {
namespace {

using sass::testing::HomebrewShaders;
using sass::testing::Shader;

TEST(MaxwellDksh, EveryHomebrewShaderDecodes) {
    const std::vector<Shader> shaders = HomebrewShaders();
    if (shaders.empty()) {
        GTEST_SKIP() << "homebrew fixtures missing";
    }
    std::size_t programs = 0, words = 0;
    for (const Shader& shader : shaders) {
        const formats::Dksh dksh = formats::ReadDksh(shader.bytes, shader.name);
        for (const formats::DkshProgram& program : dksh.programs) {
            ++programs;
            EXPECT_EQ(program.program_header.size(),
                      program.stage == formats::DkshStage::Compute ? 0u : 0x50u);
            for (const CodeInstruction& instruction : DecodeCode(program.code)) {
                ++words;
                ASSERT_TRUE(instruction.decoded.has_value())
                    << fmt::format("{} {:#x}: {:#018x} control {:#x}", shader.name,
                                   instruction.address, instruction.bits, instruction.control);
                const std::string text = Disassemble(
                    *instruction.decoded, {.address = instruction.address, .with_control = true});
                const Assembled again = Assemble(text, instruction.address);
                EXPECT_EQ(again.instruction, instruction.bits) << text;
                EXPECT_EQ(again.control, instruction.control) << text;
            }
        }
    }
    std::printf("homebrew DKSH: %zu files, %zu programs, %zu instructions\n", shaders.size(),
                programs, words);
    // 2 (fizeau) + 3 (NXGallery) + the melonDS renderers' shaders.
    EXPECT_GE(shaders.size(), 70u);
}

// The compute programs carry their block size and shared memory (DkshProgramHeader::comp): a
// block CUDA-sized, and melonDS's ClearCoarseBinMask, whose code indexes by
// (SR_CTAID.X << 5) + SR_TID.X, has 32 threads along x.
TEST(MaxwellDksh, ComputeProgramsHaveTheirBlock) {
    const std::vector<Shader> shaders = HomebrewShaders();
    if (shaders.empty()) {
        GTEST_SKIP() << "homebrew fixtures missing";
    }
    std::size_t compute = 0;
    bool found = false;
    for (const Shader& shader : shaders) {
        for (const formats::DkshProgram& program :
             formats::ReadDksh(shader.bytes, shader.name).programs) {
            if (program.stage != formats::DkshStage::Compute) {
                EXPECT_EQ(program.block_dims, (std::array<u32, 3>{0, 0, 0})) << shader.name;
                continue;
            }
            ++compute;
            const u64 threads =
                u64{program.block_dims[0]} * program.block_dims[1] * program.block_dims[2];
            EXPECT_GE(threads, 1u) << shader.name;
            EXPECT_LE(threads, 1024u) << shader.name;
            EXPECT_LE(program.shared_bytes, 48u * 1024) << shader.name;
            if (shader.name.ends_with("ClearCoarseBinMask.dksh")) {
                found = true;
                EXPECT_EQ(program.block_dims, (std::array<u32, 3>{32, 1, 1}));
            }
        }
    }
    EXPECT_EQ(compute, 40u);
    EXPECT_TRUE(found);
}

// A one-program fragment DKSH as deko3d's compiler lays it out: a 256-byte control section,
// then the code section with the SPH at 0x30 and code at 0x80.
std::vector<u8> SmallDksh() {
    std::vector<u8> file(0x100 + 0x100, 0);
    const u32 header[6] = {formats::kDkshMagic, 24, 0x100, 0x100, 24, 1};
    std::memcpy(file.data(), header, sizeof(header));
    const u32 program[6] = {1, 0x30, 8, 0, 0, 0};
    std::memcpy(file.data() + 24, program, sizeof(program));
    // EXIT, then the self-branch that ends code (from the fixture).
    const u64 bundle[4] = {0x001f8000ffe007ffull, 0xe30000000007000full, 0xe2400fffff87000full,
                           0x50b0000000070f00ull};
    std::memcpy(file.data() + 0x100 + 0x80, bundle, sizeof(bundle));
    return file;
}

TEST(MaxwellDksh, SmallFileParses) {
    const formats::Dksh dksh = formats::ReadDksh(SmallDksh(), "small.dksh");
    ASSERT_EQ(dksh.programs.size(), 1u);
    EXPECT_EQ(dksh.programs[0].stage, formats::DkshStage::Fragment);
    EXPECT_EQ(dksh.programs[0].registers, 8u);
    ASSERT_EQ(dksh.programs[0].code.size(), 32u);
    const auto code = DecodeCode(dksh.programs[0].code);
    ASSERT_TRUE(code[0].decoded.has_value());
    EXPECT_EQ(Disassemble(*code[0].decoded), "EXIT ;");
}

void ExpectError(std::vector<u8> file, const std::string& part) {
    try {
        formats::ReadDksh(file, "bad.dksh");
        ADD_FAILURE() << "no error for " << part;
    } catch (const std::exception& error) {
        EXPECT_NE(std::string(error.what()).find(part), std::string::npos) << error.what();
    }
}

TEST(MaxwellDksh, DamagedFilesGiveClearErrors) {
    std::vector<u8> file = SmallDksh();
    ExpectError(std::vector<u8>(file.begin(), file.begin() + 10), "past the end");
    ExpectError(std::vector<u8>(file.begin(), file.begin() + 0x180), "control and code");
    std::vector<u8> magic = file;
    magic[0] = 'X';
    ExpectError(magic, "not a DKSH file");
    std::vector<u8> count = file;
    count[20] = 9;  // nine programs of 64 bytes do not fit in the 256-byte control section
    ExpectError(count, "program table");
    std::vector<u8> entry = file;
    entry[28] = 0xf0;  // entry point 0x1f0: its header would pass the code section
    entry[29] = 0x01;
    ExpectError(entry, "entry point");
    std::vector<u8> type = file;
    type[24] = 7;
    ExpectError(type, "no deko3d stage");
    std::vector<u8> cbuf = file;
    cbuf[40] = 0x10;  // 0x10 bytes of constants at 0xf8: past the code section
    cbuf[36] = 0xf8;
    ExpectError(cbuf, "constant buffer");
}

}  // namespace
}  // namespace shader::maxwell
