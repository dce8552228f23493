// Single graphics instructions of both frontends, assembled from nvdisasm's text with a pixel
// program header written here (SPH v3 for Maxwell, v4 for Ampere: the pixel input and output
// maps sit at the same offsets, open-gpu-doc Shader-Program-Header), drawn by the test
// renderer over a triangle covering the picture and compared with values computed here from
// the vertices: pixel centres at +0.5, screen-space barycentrics, plane values v / w.
// NXHOST_VULKAN_DEVICE picks the device, as in graphics_twin_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "graphics_renderer.h"
#include "shader/graphics.h"
#include "shader/graphics_environment.h"
#include "shader/maxwell/instruction.h"
#include "shader/sass/instruction.h"

namespace video::testing {
namespace {

using shader::Architecture;

// SPH interpolation types of a pixel input component (ImapGenericVector).
constexpr u32 kConstant = 1;
constexpr u32 kPerspective = 2;

// A pixel program header (SphType PS 2, ShaderType PIXEL 5) reading generic vector 0 (x, y, z,
// w) interpolated as `interpolation` and writing render target 0's four components.
std::vector<u8> PixelHeader(Architecture architecture, u32 interpolation) {
    const bool maxwell = architecture == Architecture::Maxwell;
    std::vector<u8> header(maxwell ? 0x50 : 0x80, 0);
    header[0] = 2 | (maxwell ? 3 : 4) << 5;  // SphType, Version (bits 5-9)
    header[1] = 5 << 2;                      // ShaderType (bits 10-13)
    header[0x18] = static_cast<u8>(interpolation * 0x55);
    header[0x48] = 0x0F;
    return header;
}

// The code of `lines`: Maxwell's in bundles of a zero control word and three instructions,
// Ampere's one 16-byte word each; a branch to itself after them, as NVIDIA's code ends.
std::vector<u8> Code(Architecture architecture, std::vector<std::string> lines) {
    std::vector<u8> bytes;
    const auto append = [&](u64 word) {
        const std::size_t at = bytes.size();
        bytes.resize(at + 8);
        std::memcpy(bytes.data() + at, &word, 8);
    };
    if (architecture == Architecture::Ampere) {
        lines.push_back(fmt::format("BRA {:#x} ;", 16 * lines.size()));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const shader::sass::Word word = shader::sass::Assemble(lines[i], 16 * i);
            append(word.lo);
            append(word.hi);
        }
        return bytes;
    }
    while (lines.size() % 3 != 0) {
        lines.push_back("NOP ;");
    }
    const u64 end = 32 * (lines.size() / 3) + 8;
    lines.insert(lines.end(), {fmt::format("BRA {:#x} ;", end), "NOP ;", "NOP ;"});
    for (std::size_t i = 0; i < lines.size(); i += 3) {
        append(0);
        for (std::size_t k = 0; k < 3; ++k) {
            append(shader::maxwell::Assemble(lines[i + k], 32 * (i / 3) + 8 + 8 * k).instruction);
        }
    }
    return bytes;
}

// The triangle (-1,-1) (3,-1) (-1,3) in NDC, vertex v at w = kW[v]; generic vector 0 of vertex
// v is kValues[v].
constexpr std::array<float, 3> kW = {1.0f, 2.0f, 0.5f};
constexpr std::array<float, 3> kUnitW = {1.0f, 1.0f, 1.0f};
constexpr float kCorners[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
constexpr std::array<Vec4, 3> kValues = {
    {{0.0f, 0.0f, 0.25f, 1.0f}, {2.0f, 0.0f, -0.75f, 3.0f}, {0.0f, 2.0f, 0.5f, -2.0f}}};

RenderInputs Inputs(const std::array<float, 3>& w) {
    RenderInputs inputs;
    inputs.clear = {-9.0f, -9.0f, -9.0f, -9.0f};
    for (int v = 0; v < 3; ++v) {
        inputs.attributes[0][v] = {kCorners[v][0] * w[v], kCorners[v][1] * w[v], 0.0f, w[v]};
    }
    inputs.attributes[1] = kValues;
    return inputs;
}

// Screen-space barycentrics of the pixel centre (x + 0.5, y + 0.5).
std::array<double, 3> Barycentrics(u32 x, u32 y) {
    const double px = (x + 0.5) / kPictureSize * 2 - 1;
    const double py = (y + 0.5) / kPictureSize * 2 - 1;
    // Vertices (-1,-1), (3,-1), (-1,3): l1 = (px + 1) / 4, l2 = (py + 1) / 4.
    const double l1 = (px + 1) / 4;
    const double l2 = (py + 1) / 4;
    return {1 - l1 - l2, l1, l2};
}

// The texture of the TEX case: its texel (x, y).
Vec4 TexelAt(u32 x, u32 y) {
    return {x / 32.0f, y / 32.0f, static_cast<float>(x ^ y) / 64.0f, 0.5f};
}

struct Case {
    std::string name;
    u32 interpolation;
    std::array<float, 3> w;
    std::vector<std::string> maxwell;
    std::vector<std::string> ampere;
    bool texture = false;
    std::function<Vec4(u32, u32)> expected;
    float tolerance = 1e-5f;
    u32 texture_height = kPictureSize;  // rows of the texture (TexelAt), kPictureSize wide
};

void DrawAndCompare(const Case& test, Architecture architecture) {
    std::string why;
    GraphicsRenderer* renderer = GraphicsRenderer::Shared(why);
    if (renderer == nullptr) {
        GTEST_SKIP() << "no Vulkan device: " << why;
    }
    const bool maxwell = architecture == Architecture::Maxwell;
    const std::vector<u8> header = PixelHeader(architecture, test.interpolation);
    shader::testing::GraphicsEnvironment env(
        test.name, header, Code(architecture, maxwell ? test.maxwell : test.ampere), architecture,
        renderer->Target());
    const shader::GraphicsProgram fragment = shader::TranslateGraphics(env);
    RenderInputs inputs = Inputs(test.w);
    if (test.texture) {
        RenderTexture texture;
        texture.width = kPictureSize;
        texture.height = test.texture_height;
        texture.linear = false;
        for (u32 y = 0; y < test.texture_height; ++y) {
            for (u32 x = 0; x < kPictureSize; ++x) {
                texture.texels.push_back(TexelAt(x, y));
            }
        }
        inputs.textures[{shader::testing::kFixtureTextureBank, 0}] = texture;
        inputs.banks[shader::testing::kFixtureTextureBank] = {0};
    }
    ASSERT_LE(fragment.layout.inputs.size(), 1u);  // generic vector 0, or none
    if (!fragment.layout.inputs.empty()) {
        ASSERT_EQ(fragment.layout.inputs[0].location, 0u);
    }
    const Pictures pictures =
        renderer->Draw(PassThroughVertex(fragment.layout.inputs), fragment, inputs);
    ASSERT_EQ(pictures.size(), 1u);
    const Picture& picture = pictures.at(0);
    u32 wrong = 0;
    for (u32 y = 0; y < kPictureSize; ++y) {
        for (u32 x = 0; x < kPictureSize; ++x) {
            const Vec4 want = test.expected(x, y);
            const Vec4& got = picture[y * kPictureSize + x];
            for (int c = 0; c < 4; ++c) {
                if (!(std::fabs(got[c] - want[c]) <= test.tolerance * (1 + std::fabs(want[c])))) {
                    if (wrong++ < 4) {
                        ADD_FAILURE() << fmt::format("pixel ({}, {}) component {}: {}, expected {}",
                                                     x, y, c, got[c], want[c]);
                    }
                }
            }
        }
    }
    EXPECT_EQ(wrong, 0u);
}

// IPA.PASS: the plane's value, v / w interpolated linearly in screen space for a perspective
// input.
Vec4 PlaneValue(u32 x, u32 y, const std::array<float, 3>& w, bool perspective) {
    const auto l = Barycentrics(x, y);
    Vec4 value{};
    for (int c = 0; c < 4; ++c) {
        double sum = 0;
        for (int v = 0; v < 3; ++v) {
            sum += l[v] * kValues[v][c] / (perspective ? w[v] : 1.0);
        }
        value[c] = static_cast<float>(sum);
    }
    return value;
}

// Perspective-correct: (sum l v / w) / (sum l / w).
Vec4 PerspectiveValue(u32 x, u32 y, const std::array<float, 3>& w) {
    const auto l = Barycentrics(x, y);
    double one_over_w = 0;
    for (int v = 0; v < 3; ++v) {
        one_over_w += l[v] / w[v];
    }
    Vec4 value = PlaneValue(x, y, w, true);
    for (float& c : value) {
        c = static_cast<float>(c / one_over_w);
    }
    return value;
}

const std::vector<std::string> kPassMaxwell = {
    "IPA.PASS R0, a[0x80], RZ ;", "IPA.PASS R1, a[0x84], RZ ;", "IPA.PASS R2, a[0x88], RZ ;",
    "IPA.PASS R3, a[0x8c], RZ ;", "EXIT ;"};
const std::vector<std::string> kPassAmpere = {"IPA.PASS R0, a[0x80] ;", "IPA.PASS R1, a[0x84] ;",
                                              "IPA.PASS R2, a[0x88] ;", "IPA.PASS R3, a[0x8c] ;",
                                              "EXIT ;"};

std::vector<Case> Cases() {
    std::vector<Case> cases;
    // With w = 1 at every vertex a perspective input's plane is its value.
    cases.push_back({"IpaPassUnitW", kPerspective, kUnitW, kPassMaxwell, kPassAmpere, false,
                     [](u32 x, u32 y) { return PlaneValue(x, y, kUnitW, false); }});
    cases.push_back({"IpaPassPerspective", kPerspective, kW, kPassMaxwell, kPassAmpere, false,
                     [](u32 x, u32 y) { return PlaneValue(x, y, kW, true); }});
    // Maxwell's IPA multiplies the plane's value by its register (here 1 / a[0x7c], the
    // plane of 1 / w): the perspective-correct value; Ampere's code multiplies itself.
    cases.push_back(
        {"IpaMultiplyPerspective",
         kPerspective,
         kW,
         {"IPA.PASS R4, a[0x7c], RZ ;", "MUFU.RCP R4, R4 ;", "IPA R0, a[0x80], R4 ;",
          "IPA R1, a[0x84], R4 ;", "IPA R2, a[0x88], R4 ;", "IPA R3, a[0x8c], R4 ;", "EXIT ;"},
         {"IPA.PASS R4, a[0x7c] ;", "MUFU.RCP R4, R4 ;", "IPA.PASS R0, a[0x80] ;",
          "IPA.PASS R1, a[0x84] ;", "IPA.PASS R2, a[0x88] ;", "IPA.PASS R3, a[0x8c] ;",
          "FMUL R0, R0, R4 ;", "FMUL R1, R1, R4 ;", "FMUL R2, R2, R4 ;", "FMUL R3, R3, R4 ;",
          "EXIT ;"},
         false,
         [](u32 x, u32 y) { return PerspectiveValue(x, y, kW); },
         1e-4f});
    // A flat input: the provoking (first) vertex's value everywhere.
    cases.push_back({"IpaConstant",
                     kConstant,
                     kW,
                     {"IPA.CONSTANT R0, a[0x80], RZ ;", "IPA.CONSTANT R1, a[0x84], RZ ;",
                      "IPA.CONSTANT R2, a[0x88], RZ ;", "IPA.CONSTANT R3, a[0x8c], RZ ;", "EXIT ;"},
                     {"IPA.CONSTANT R0, a[0x80] ;", "IPA.CONSTANT R1, a[0x84] ;",
                      "IPA.CONSTANT R2, a[0x88] ;", "IPA.CONSTANT R3, a[0x8c] ;", "EXIT ;"},
                     false,
                     [](u32, u32) { return kValues[0]; }});
    // KILL where x < 1 (x is 2 (px + 0.5) / size... at pixel centres, so the
    // left half goes): those pixels keep the clear colour.
    const auto kill_expected = [](u32 x, u32 y) {
        const Vec4 value = PlaneValue(x, y, kUnitW, false);
        return value[0] < 1.0f ? Vec4{-9.0f, -9.0f, -9.0f, -9.0f} : value;
    };
    cases.push_back(
        {"Kill",
         kPerspective,
         kUnitW,
         {"IPA.PASS R0, a[0x80], RZ ;", "IPA.PASS R1, a[0x84], RZ ;", "IPA.PASS R2, a[0x88], RZ ;",
          "IPA.PASS R3, a[0x8c], RZ ;", "FSETP.LT.AND P0, PT, R0, 1, PT ;", "@P0 KIL ;", "EXIT ;"},
         {"IPA.PASS R0, a[0x80] ;", "IPA.PASS R1, a[0x84] ;", "IPA.PASS R2, a[0x88] ;",
          "IPA.PASS R3, a[0x8c] ;", "FSETP.GEU.AND P0, PT, R0, 1, PT ;", "@!P0 KILL ;", "EXIT ;"},
         false,
         kill_expected});
    // TEX with nearest sampling at (u, v) = ((px + 0.5) / size, (py + 0.5) /
    // size): the texel written at (px, py), exactly.
    cases.push_back(
        {"TexNearest",
         kPerspective,
         kUnitW,
         {"IPA.PASS R0, a[0x80], RZ ;", "IPA.PASS R1, a[0x84], RZ ;", "MOV R4, c[0x4][0x0] ;",
          "TEX.B.NODEP.P R0, R0, R4, 0x0, 2D, 0xf ;", "EXIT ;"},
         {"IPA.PASS R4, a[0x80] ;", "IPA.PASS R5, a[0x84] ;",
          "TEX.SCR.NODEP R2, R0, R4, R5, 0x4, 0x0, 2D ;", "EXIT ;"},
         true,
         [](u32 x, u32 y) { return TexelAt(x, y); },
         0.0f});
    // Without multisampling the centroid is the pixel centre: IPA.PASS's plane values.
    cases.push_back(
        {"IpaCentroid",
         kPerspective,
         kW,
         {"IPA.PASS.CENTROID R0, a[0x80], RZ ;", "IPA.PASS.CENTROID R1, a[0x84], RZ ;",
          "IPA.PASS.CENTROID R2, a[0x88], RZ ;", "IPA.PASS.CENTROID R3, a[0x8c], RZ ;", "EXIT ;"},
         {"IPA.PASS.CENTROID R0, a[0x80] ;", "IPA.PASS.CENTROID R1, a[0x84] ;",
          "IPA.PASS.CENTROID R2, a[0x88] ;", "IPA.PASS.CENTROID R3, a[0x8c] ;", "EXIT ;"},
         false,
         [](u32 x, u32 y) { return PlaneValue(x, y, kW, true); }});
    // TLD.LZ at the pixel's integer coordinates (FragCoord, x + 0.5 and y + 0.5, rounded down):
    // the texel written there, exactly.
    cases.push_back(
        {"TldFetch",
         kPerspective,
         kUnitW,
         {"IPA.PASS R0, a[0x70], RZ ;", "IPA.PASS R1, a[0x74], RZ ;", "F2I.S32.F32.FLOOR R0, R0 ;",
          "F2I.S32.F32.FLOOR R1, R1 ;", "TLD.LZ R0, R0, 0x0, 2D, 0xf ;", "EXIT ;"},
         {"IPA.PASS R4, a[0x70] ;", "IPA.PASS R5, a[0x74] ;", "F2I.FLOOR.NTZ R4, R4 ;",
          "F2I.FLOOR.NTZ R5, R5 ;", "TLD.SCR.LZ.NODEP R2, R0, R4, R5, 0x4, 0x0, 2D ;", "EXIT ;"},
         true,
         [](u32 x, u32 y) { return TexelAt(x, y); },
         0.0f});
    // TXQ's size of level 0 of a 32 x 16 texture, converted to floats: (32, 16, 0, 0).
    cases.push_back({"TxqSize",
                     kPerspective,
                     kUnitW,
                     {"MOV R4, c[0x4][0x0] ;", "MOV R5, RZ ;",
                      "TXQ.B.P R0, R4, TEX_HEADER_DIMENSION, 0x0, 0x3 ;", "I2F.F32.U32 R0, R0 ;",
                      "I2F.F32.U32 R1, R1 ;", "MOV R2, RZ ;", "MOV R3, RZ ;", "EXIT ;"},
                     {"TXQ RZ, R0, RZ, TEX_HEADER_DIMENSION, 0x4, 0x0, 0x3 ;", "I2F.U32 R0, R0 ;",
                      "I2F.U32 R1, R1 ;", "MOV R2, RZ ;", "MOV R3, RZ ;", "EXIT ;"},
                     true,
                     [](u32, u32) {
                         return Vec4{32.0f, 16.0f, 0.0f, 0.0f};
                     },
                     0.0f,
                     16});
    return cases;
}

class GraphicsInstruction : public ::testing::TestWithParam<std::tuple<std::string, Architecture>> {
};

TEST_P(GraphicsInstruction, DrawsTheHostReference) {
    const auto& [name, architecture] = GetParam();
    for (const Case& test : Cases()) {
        if (test.name == name) {
            DrawAndCompare(test, architecture);
            return;
        }
    }
    FAIL() << "no case " << name;
}

INSTANTIATE_TEST_SUITE_P(
    Both, GraphicsInstruction,
    ::testing::Combine(::testing::Values("IpaPassUnitW", "IpaPassPerspective",
                                         "IpaMultiplyPerspective", "IpaConstant", "Kill",
                                         "TexNearest", "IpaCentroid", "TldFetch", "TxqSize"),
                       ::testing::Values(Architecture::Maxwell, Architecture::Ampere)),
    [](const auto& info) {
        return std::get<0>(info.param) +
               (std::get<1>(info.param) == Architecture::Maxwell ? "_Maxwell" : "_Ampere");
    });

// A vertex program header (SphType VTG 1, ShaderType VERTEX 1) reading generic vectors 0 and 1
// and writing generic vector 0 (and the position, a built-in).
std::vector<u8> VertexHeader(Architecture architecture) {
    const bool maxwell = architecture == Architecture::Maxwell;
    std::vector<u8> header(maxwell ? 0x50 : 0x80, 0);
    header[0] = 1 | (maxwell ? 3 : 4) << 5;
    header[1] = 1 << 2;
    header[0x18] = 0xFF;  // inputs: generic vectors 0 and 1, x y z w
    header[0x36] = 0x0F;  // outputs: generic vector 0
    return header;
}

// Integer vertex attributes reach the vertex stage as integers: generic vector 1 is an ivec4
// (SINT) or uvec4 (UINT) attribute, which the program converts to floats (I2F) and passes on;
// the fragment stage shows them flat, the first vertex's, exact for integers below 2^24 (and
// 4e9, a multiple of 256). Read as floats, these words would be denormals, NaNs or others.
void DrawIntegerAttribute(Architecture architecture, shader::AttributeType type) {
    std::string why;
    GraphicsRenderer* renderer = GraphicsRenderer::Shared(why);
    if (renderer == nullptr) {
        GTEST_SKIP() << "no Vulkan device: " << why;
    }
    const bool maxwell = architecture == Architecture::Maxwell;
    const bool is_signed = type == shader::AttributeType::Sint;
    const std::string convert =
        maxwell ? (is_signed ? "I2F.F32.S32" : "I2F.F32.U32") : (is_signed ? "I2F" : "I2F.U32");
    std::vector<std::string> lines;
    for (u32 i = 0; i < 4; ++i) {
        lines.push_back(fmt::format("ALD R{}, a[{:#x}] ;", i, 0x80 + 4 * i));
        lines.push_back(fmt::format("ALD R{}, a[{:#x}] ;", 4 + i, 0x90 + 4 * i));
    }
    for (u32 i = 0; i < 4; ++i) {
        lines.push_back(fmt::format("{} R{}, R{} ;", convert, 8 + i, 4 + i));
        lines.push_back(fmt::format("AST a[{:#x}], R{} ;", 0x70 + 4 * i, i));
        lines.push_back(fmt::format("AST a[{:#x}], R{} ;", 0x80 + 4 * i, 8 + i));
    }
    lines.push_back("EXIT ;");
    shader::testing::GraphicsEnvironment env("integer attribute", VertexHeader(architecture),
                                             Code(architecture, lines), architecture,
                                             renderer->Target());
    env.attribute_types[1] = type;
    const shader::GraphicsProgram vertex = shader::TranslateGraphics(env);
    ASSERT_EQ(vertex.layout.inputs.size(), 2u);
    EXPECT_EQ(vertex.layout.inputs[0].type, shader::AttributeType::Float);
    EXPECT_EQ(vertex.layout.inputs[1].type, type);
    // Per vertex: the integers of generic vector 1 (the first vertex's are shown).
    const std::array<std::array<s64, 4>, 3> values =
        is_signed ? std::array<std::array<s64, 4>, 3>{{{-70000, 3, 16777215, -1},
                                                       {5, 6, 7, 8},
                                                       {-9, 10, -11, 12}}}
                  : std::array<std::array<s64, 4>, 3>{
                        {{4000000000, 3, 16777215, 1}, {5, 6, 7, 8}, {9, 10, 11, 12}}};
    RenderInputs inputs = Inputs(kUnitW);
    for (int v = 0; v < 3; ++v) {
        for (int c = 0; c < 4; ++c) {
            inputs.attributes[1][v][c] = std::bit_cast<float>(static_cast<u32>(values[v][c]));
        }
    }
    const Pictures pictures = renderer->Draw(
        vertex, ShowVaryingsFragment({{0, 0xF, shader::Interpolation::Flat}}), inputs);
    ASSERT_EQ(pictures.size(), 1u);
    u32 wrong = 0;
    for (const Vec4& pixel : pictures.at(0)) {
        for (int c = 0; c < 4; ++c) {
            if (pixel[c] != static_cast<float>(values[0][c]) && wrong++ < 4) {
                ADD_FAILURE() << fmt::format("component {}: {}, expected {}", c, pixel[c],
                                             values[0][c]);
            }
        }
    }
    EXPECT_EQ(wrong, 0u);
}

TEST(IntegerVertexAttribute, SignedMaxwell) {
    DrawIntegerAttribute(Architecture::Maxwell, shader::AttributeType::Sint);
}
TEST(IntegerVertexAttribute, SignedAmpere) {
    DrawIntegerAttribute(Architecture::Ampere, shader::AttributeType::Sint);
}
TEST(IntegerVertexAttribute, UnsignedMaxwell) {
    DrawIntegerAttribute(Architecture::Maxwell, shader::AttributeType::Uint);
}
TEST(IntegerVertexAttribute, UnsignedAmpere) {
    DrawIntegerAttribute(Architecture::Ampere, shader::AttributeType::Uint);
}

}  // namespace
}  // namespace video::testing
