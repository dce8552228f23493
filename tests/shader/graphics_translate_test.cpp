// Every vertex and fragment program of NVIDIA's Ampere graphics fixture goes through
// TranslateGraphics; what it emits must pass the SPIRV-Tools validator for Vulkan 1.1, with
// the inputs, outputs and bindings the programs' headers and code call for.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include "fixtures.h"
#include "shader/graphics.h"
#include "shader/sass/instruction.h"
#include "shader/sph.h"
#include "support/error_of.h"

namespace {

using shader::sass::testing::GraphicsProgramFixture;

// nvidia-modeset's 3D code puts its texture handles in constant bank 4 (the TEX and ULDC
// operands of the fixture); every texture of those programs is 2D, as the engine would read
// from its texture headers.
constexpr u32 kTextureBank = 4;

class FixtureEnvironment final : public shader::ShaderEnvironment {
public:
    FixtureEnvironment(const GraphicsProgramFixture& program, const shader::TargetProfile& target)
        : name_("program " + program.name),
          code_(program.code),
          header_(shader::ParseSph(program.header, program.name)),
          target_(target) {}

    const std::string& Name() const override { return name_; }
    shader::Stage GetStage() const override {
        return header_.IsPixel() ? shader::Stage::Fragment : shader::Stage::Vertex;
    }
    u64 CodeBytes() const override { return code_.size(); }
    shader::sass::Word CodeWord(u64 offset) const override {
        return shader::sass::ToWord(&code_.at(offset));
    }
    bool FixesConstantBank(u32) const override { return false; }
    std::optional<u32> ReadConstantBank(u32, u32) const override { return std::nullopt; }
    const shader::Sph* Header() const override { return &header_; }
    shader::ComputeLaunch Launch() const override { return {}; }
    std::optional<shader::TextureType> TextureHandle(u32 bank, u32) const override {
        if (bank != kTextureBank) {
            return std::nullopt;
        }
        return shader::TextureType{.dim = shader::ImageDim::D2};
    }
    const shader::TargetProfile& Target() const override { return target_; }

private:
    std::string name_;
    std::vector<u8> code_;
    shader::Sph header_;
    shader::TargetProfile target_;
};

// NVIDIA's own device: native float arithmetic gives its results, quads exchange values.
shader::TargetProfile NvidiaLike() {
    shader::TargetProfile target;
    target.int64 = true;
    target.float64 = true;
    target.fragment_quad_operations = true;
    target.denorm_preserve_f32 = true;
    target.signed_zero_inf_nan_preserve_f32 = true;
    target.fused_fma_f32 = true;
    return target;
}

// lavapipe: no denormals kept, fma rounded twice, so FADD/FMUL/FFMA take the exact f64 paths.
shader::TargetProfile LavapipeLike() {
    shader::TargetProfile target;
    target.subgroup_size = 8;
    target.int64 = true;
    target.float64 = true;
    target.fragment_quad_operations = true;
    return target;
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

// The validator's complaints, or empty when the module is valid for Vulkan 1.1.
std::string Validate(const std::vector<u32>& spirv) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer(
        [&](spv_message_level_t, const char*, const spv_position_t& position, const char* text) {
            messages += "word " + std::to_string(position.index) + ": " + text + "\n";
        });
    return tools.Validate(spirv) ? std::string() : messages + " ";
}

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
            const FixtureEnvironment env(program, target);
            const std::string error = test_support::ErrorOf([&] {
                const shader::GraphicsProgram translated = shader::TranslateGraphics(env);
                EXPECT_EQ(Validate(translated.spirv), "");
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
    const FixtureEnvironment env(Find(programs, "nvidia_headsurface_vertex"), NvidiaLike());
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
    const FixtureEnvironment env(Find(programs, "nvidia_headsurface_fragment"), NvidiaLike());
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
    const FixtureEnvironment env(Find(programs, "nvidia_headsurface_fragment_blend_customSampling"),
                                 NvidiaLike());
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
    const FixtureEnvironment env(Find(programs, "nvidia_headsurface_fragment_customSampling"),
                                 target);
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

}  // namespace
