// Every vertex and fragment program of NVIDIA's Ampere graphics fixture goes through
// TranslateGraphics; what it emits must pass the SPIRV-Tools validator for Vulkan 1.1, with
// the inputs, outputs and bindings the programs' headers and code call for.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <random>

#include "fixtures.h"
#include "graphics_environment.h"
#include "shader/graphics.h"
#include "shader/sass/instruction.h"
#include "shader/sph.h"
#include "support/error_of.h"

namespace {

using shader::sass::testing::GraphicsProgramFixture;

using shader::testing::kFixtureTextureBank;
using shader::testing::LavapipeLike;
using shader::testing::NvidiaLike;
constexpr u32 kTextureBank = kFixtureTextureBank;

// An Ampere program of the fixture.
shader::testing::GraphicsEnvironment FixtureEnvironment(const GraphicsProgramFixture& program,
                                                        const shader::TargetProfile& target) {
    return {"program " + program.name, program.header, program.code, shader::Architecture::Ampere,
            target};
}

std::vector<GraphicsProgramFixture> Programs() {
    auto programs = shader::sass::testing::LoadGraphicsPrograms("nvidia-ampere-graphics");
    if (programs.empty() && std::getenv("CI") != nullptr) {
        ADD_FAILURE() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    return programs;
}

const GraphicsProgramFixture& Find(const std::vector<GraphicsProgramFixture>& programs,
                                   const std::string& name) {
    for (const GraphicsProgramFixture& program : programs) {
        if (program.name == name) {
            return program;
        }
    }
    throw std::runtime_error("no program " + name);
}

}  // namespace

namespace shader::testing {

std::string ValidateSpirv(const std::vector<u32>& spirv) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer(
        [&](spv_message_level_t, const char*, const spv_position_t& position, const char* text) {
            messages += "word " + std::to_string(position.index) + ": " + text + "\n";
        });
    return tools.Validate(spirv) ? std::string() : messages + " ";
}

}  // namespace shader::testing

namespace {

using shader::testing::ValidateSpirv;

TEST(GraphicsTranslate, EveryFixtureProgramIsValidSpirv) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    ASSERT_EQ(programs.size(), 34u);
    for (const GraphicsProgramFixture& program : programs) {
        for (const shader::TargetProfile& target : {NvidiaLike(), LavapipeLike()}) {
            SCOPED_TRACE(program.name +
                         (target.fused_fma_f32 ? " (native floats)" : " (exact floats)"));
            const auto env = FixtureEnvironment(program, target);
            const std::string error = test_support::ErrorOf([&] {
                const shader::GraphicsProgram translated = shader::TranslateGraphics(env);
                EXPECT_EQ(ValidateSpirv(translated.spirv), "");
                EXPECT_EQ(translated.stage, env.GetStage());
            });
            EXPECT_EQ(error, "(no error)");
        }
    }
}

TEST(GraphicsTranslate, VertexProgramLayout) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    const auto env = FixtureEnvironment(Find(programs, "nvidia_headsurface_vertex"), NvidiaLike());
    const shader::GraphicsProgram program = shader::TranslateGraphics(env);
    // ALD a[0x80], a[0x84] (generic 0: x, y) and a[0x100].64, a[0x10c] (generic 8: x, y, w).
    ASSERT_EQ(program.layout.inputs.size(), 2u);
    EXPECT_EQ(program.layout.inputs[0], (shader::StageVarying{0, 0x3}));
    EXPECT_EQ(program.layout.inputs[1], (shader::StageVarying{8, 0xb}));
    // AST a[0x300].64, a[0x310].64, a[0x320].64: fixed-function texture coordinates 0-2.
    ASSERT_EQ(program.layout.outputs.size(), 3u);
    for (u32 i = 0; i < 3; ++i) {
        EXPECT_EQ(program.layout.outputs[i],
                  (shader::StageVarying{shader::kFixedFunctionTextureLocation + i, 0x3}));
    }
    // I2F of c[0x3][0x0] ... c[0x3][0x1c]: bank 3, 0x20 bytes, the only binding.
    ASSERT_EQ(program.layout.constant_banks.size(), 1u);
    EXPECT_EQ(program.layout.constant_banks[0].bank, 3u);
    EXPECT_EQ(program.layout.constant_banks[0].binding, 0u);
    EXPECT_EQ(program.layout.constant_banks[0].bytes, 0x20u);
    EXPECT_TRUE(program.layout.images.empty());
}

TEST(GraphicsTranslate, FragmentProgramLayout) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    const auto env =
        FixtureEnvironment(Find(programs, "nvidia_headsurface_fragment"), NvidiaLike());
    const shader::GraphicsProgram program = shader::TranslateGraphics(env);
    // IPA.PASS a[0x310], a[0x314], a[0x320], a[0x324]: coordinates 1 and 2, s and t.
    ASSERT_EQ(program.layout.inputs.size(), 2u);
    EXPECT_EQ(program.layout.inputs[0],
              (shader::StageVarying{shader::kFixedFunctionTextureLocation + 1, 0x3}));
    EXPECT_EQ(program.layout.inputs[1],
              (shader::StageVarying{shader::kFixedFunctionTextureLocation + 2, 0x3}));
    // TEX ... 0x4, 0x0 and 0x4, 0x1: two textures, c[0x4][0x0] and c[0x4][0x4].
    ASSERT_EQ(program.layout.images.size(), 2u);
    EXPECT_EQ(program.layout.images[0].handle_bank, kTextureBank);
    EXPECT_EQ(program.layout.images[0].handle_offset, 0u);
    EXPECT_EQ(program.layout.images[1].handle_offset, 4u);
    EXPECT_EQ(program.layout.images[0].binding, 0u);  // no constant banks before them
    EXPECT_EQ(program.layout.images[1].binding, 1u);
    EXPECT_EQ(program.layout.images[1].dim, shader::ImageDim::D2);
    // R0, R1, R2 at EXIT: render target 0's red, green and blue.
    EXPECT_EQ(program.layout.render_targets, (std::vector<std::pair<u32, u32>>{{0, 0x7}}));
    EXPECT_FALSE(program.layout.writes_depth);
}

// A bindless TEX's handle (ULDC UR4, c[0x4][0x0] before a loop) is found through the loop's
// joins; the customSampling programs name two textures that way and by TXQ.
TEST(GraphicsTranslate, BindlessHandlesAreTheirConstantBankWords) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    const auto env = FixtureEnvironment(
        Find(programs, "nvidia_headsurface_fragment_blend_customSampling"), NvidiaLike());
    const shader::GraphicsProgram program = shader::TranslateGraphics(env);
    std::vector<u32> offsets;
    for (const shader::ImageBinding& image : program.layout.images) {
        EXPECT_EQ(image.handle_bank, kTextureBank);
        offsets.push_back(image.handle_offset);
    }
    std::sort(offsets.begin(), offsets.end());
    EXPECT_EQ(offsets, (std::vector<u32>{0, 4, 8}));
}

TEST(GraphicsTranslate, QuadExchangesNeedTheDevice) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    shader::TargetProfile target = NvidiaLike();
    target.fragment_quad_operations = false;
    const auto env =
        FixtureEnvironment(Find(programs, "nvidia_headsurface_fragment_customSampling"), target);
    const std::string error = test_support::ErrorOf([&] { shader::TranslateGraphics(env); });
    EXPECT_NE(error.find("VK_SUBGROUP_FEATURE_QUAD_BIT"), std::string::npos) << error;
}

// What cannot be translated is refused naming the program, the offset and the instruction.
TEST(GraphicsTranslate, UnsupportedInstructionsAreNamed) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    // The vertex program's first instruction (ALD.64 R8, a[0x100]) in a fragment stage.
    GraphicsProgramFixture mixed = Find(programs, "nvidia_headsurface_fragment");
    const GraphicsProgramFixture& vertex = Find(programs, "nvidia_headsurface_vertex");
    std::copy(vertex.code.begin(), vertex.code.begin() + 16, mixed.code.begin());
    const std::string ald = test_support::ErrorOf(
        [&] { shader::TranslateGraphics(FixtureEnvironment(mixed, NvidiaLike())); });
    EXPECT_NE(ald.find("program nvidia_headsurface_fragment: instruction at 0x0000 (ALD.64 R8, "
                       "a[0x100]"),
              std::string::npos)
        << ald;
    EXPECT_NE(ald.find("ALD in a fragment stage"), std::string::npos) << ald;
    // A vertex program that writes an attribute its header does not declare: the header's
    // generic output masks cleared, so AST a[0x300] (texture coordinate 0) has nowhere to go.
    GraphicsProgramFixture undeclared = vertex;
    for (u32 byte = 0x4a; byte < 0x4f; ++byte) {
        undeclared.header[byte] = 0;
    }
    const std::string ast = test_support::ErrorOf(
        [&] { shader::TranslateGraphics(FixtureEnvironment(undeclared, NvidiaLike())); });
    EXPECT_NE(ast.find("a[0x300] (fixed-function texture coordinate 0), which the stage header "
                       "does not declare as an output"),
              std::string::npos)
        << ast;
    // Code that ends without an EXIT runs past the program's end.
    GraphicsProgramFixture cut = Find(programs, "nvidia_headsurface_fragment");
    cut.code.resize(0x20);
    const std::string past = test_support::ErrorOf(
        [&] { shader::TranslateGraphics(FixtureEnvironment(cut, NvidiaLike())); });
    EXPECT_NE(past.find("program nvidia_headsurface_fragment: at 0x0020: control flow leaves"),
              std::string::npos)
        << past;
}

// A program assembled from nvdisasm's text, with a header made here.
GraphicsProgramFixture Assembled(const std::string& name, std::vector<u8> header,
                                 const std::vector<std::string>& lines) {
    GraphicsProgramFixture program;
    program.name = name;
    program.header = std::move(header);
    for (const std::string& line : lines) {
        const shader::sass::Word word =
            shader::sass::Assemble(line, static_cast<u64>(program.code.size()));
        for (const u64 half : {word.lo, word.hi}) {
            for (u32 i = 0; i < 8; ++i) {
                program.code.push_back(static_cast<u8>(half >> (8 * i)));
            }
        }
    }
    return program;
}

std::vector<u8> Header(u32 type, u32 shader_type) {
    std::vector<u8> header(0x80, 0);
    const u32 word0 = type | 4u << 5 | shader_type << 10;
    for (u32 i = 0; i < 4; ++i) {
        header[i] = static_cast<u8>(word0 >> (8 * i));
    }
    return header;
}

std::string Disassembly(const std::vector<u32>& spirv) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string text;
    EXPECT_TRUE(tools.Disassemble(spirv, &text));
    return text;
}

// A flat input, a centroid-sampled perspective input, KILL and a depth output: generic vector 0
// x constant (byte 0x18 = 1), vector 1 x perspective (byte 0x19 = 2), render target 0 x
// (byte 0x48 = 1) and depth (bit 1 of byte 0x4c): R0 is target 0's x, R2 the depth.
TEST(GraphicsTranslate, FragmentInterpolationKillAndDepth) {
    std::vector<u8> header = Header(2, 5);
    header[0x18] = 1;
    header[0x19] = 2;
    header[0x48] = 1;
    header[0x4c] = 2;
    const GraphicsProgramFixture program =
        Assembled("kill_depth", header,
                  {"IPA.CONSTANT R0, a[0x80] ;", "IPA.PASS.CENTROID R2, a[0x90] ;",
                   "ISETP.EQ.AND P0, PT, R0, RZ, PT ;", "@P0 KILL ;", "EXIT ;"});
    const shader::GraphicsProgram translated =
        shader::TranslateGraphics(FixtureEnvironment(program, NvidiaLike()));
    EXPECT_EQ(ValidateSpirv(translated.spirv), "");
    ASSERT_EQ(translated.layout.inputs.size(), 2u);
    EXPECT_EQ(translated.layout.inputs[0],
              (shader::StageVarying{0, 0x1, shader::Interpolation::Flat}));
    EXPECT_EQ(translated.layout.inputs[1],
              (shader::StageVarying{1, 0x1, shader::Interpolation::Perspective}));
    EXPECT_EQ(translated.layout.render_targets, (std::vector<std::pair<u32, u32>>{{0, 0x1}}));
    EXPECT_TRUE(translated.layout.writes_depth);
    const std::string text = Disassembly(translated.spirv);
    for (const char* expected :
         {"OpKill", "DepthReplacing", "Flat", "InterpolateAtCentroid", "BuiltIn FragDepth"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    }
}

// The vertex id (input system values C bit 15) less the draw's base vertex, the point size and
// clip distance 1 (output system values C bits 0-1) as built-ins.
TEST(GraphicsTranslate, VertexIdPointSizeAndClipDistances) {
    std::vector<u8> header = Header(1, 1);
    header[0x2b] = 0x80;  // vertex id read
    header[0x35] = 0xf8;  // position xyzw and point size written
    header[0x48] = 0x3;   // clip distances 0 and 1
    const GraphicsProgramFixture program =
        Assembled("vertex_id", header,
                  {"ALD R0, a[0x2fc] ;", "I2F.U32 R1, R0 ;", "AST a[0x6c], R1 ;",
                   "AST a[0x2c4], R1 ;", "AST a[0x70], R1 ;", "AST a[0x74], R1 ;",
                   "AST a[0x78], R1 ;", "AST a[0x7c], R1 ;", "EXIT ;"});
    const shader::GraphicsProgram translated =
        shader::TranslateGraphics(FixtureEnvironment(program, NvidiaLike()));
    EXPECT_EQ(ValidateSpirv(translated.spirv), "");
    const std::string text = Disassembly(translated.spirv);
    for (const char* expected : {"BuiltIn VertexIndex", "BuiltIn BaseVertex", "OpISub",
                                 "BuiltIn PointSize", "BuiltIn ClipDistance", "BuiltIn Position",
                                 "OpCapability DrawParameters", "_arr_float_uint_2"}) {
        EXPECT_NE(text.find(expected), std::string::npos) << expected << "\n" << text;
    }
    // Without the header's vertex id bit, the read is refused.
    GraphicsProgramFixture undeclared = program;
    undeclared.header[0x2b] = 0;
    const std::string error = test_support::ErrorOf(
        [&] { shader::TranslateGraphics(FixtureEnvironment(undeclared, NvidiaLike())); });
    EXPECT_NE(error.find("the vertex id, which the stage header does not declare"),
              std::string::npos)
        << error;
}

// Damaged copies of the fixture programs (random words replaced) translate to valid SPIR-V or
// are refused with an error; never a crash.
TEST(GraphicsTranslate, DamagedProgramsAreValidOrRefused) {
    const auto programs = Programs();
    if (programs.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    std::mt19937 random(2026);
    u32 refused = 0;
    u32 valid = 0;
    for (u32 round = 0; round < 200; ++round) {
        GraphicsProgramFixture program = programs[round % programs.size()];
        const std::size_t words = std::min<std::size_t>(program.code.size() / 16, 64);
        for (u32 flip = 0; flip < 3; ++flip) {
            const std::size_t at = random() % words * 16 + random() % 16;
            program.code[at] ^= static_cast<u8>(1u << (random() % 8));
        }
        try {
            const shader::GraphicsProgram translated =
                shader::TranslateGraphics(FixtureEnvironment(program, NvidiaLike()));
            EXPECT_EQ(ValidateSpirv(translated.spirv), "") << program.name << " round " << round;
            ++valid;
        } catch (const base::Error&) {
            ++refused;
        }
    }
    EXPECT_GT(refused, 0u);
}

// CALL.REL without .NOINC and the CALL/RET forms with a predicate operand decode (CUDA 11.8's
// texts) but are refused by name: the translation's call frames model neither.
TEST(GraphicsTranslate, CallFormsWithAPredicateOperandAreRefused) {
    for (const char* call : {"CALL.REL 0x20 ;", "CALL.REL.NOINC P0, 0x20 ;"}) {
        const GraphicsProgramFixture program =
            Assembled("call", Header(2, 5), {call, "EXIT ;", "EXIT ;"});
        const std::string error = test_support::ErrorOf(
            [&] { shader::TranslateGraphics(FixtureEnvironment(program, NvidiaLike())); });
        EXPECT_NE(error.find("CALL with a predicate operand or without .NOINC/.NODEC"),
                  std::string::npos)
            << call << ": " << error;
    }
}

}  // namespace
