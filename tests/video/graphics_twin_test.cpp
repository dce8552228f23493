// The 34 nvidia-modeset programs (1 vertex, 33 fragment) were compiled by NVIDIA from one GLSL
// source each for Maxwell and for Ampere (../shared/fixtures/nvidia-{maxwell,ampere}-graphics).
// Both translations of each program are drawn by the test renderer with the same inputs, for
// several input sets, and must give the same picture. The device is the one
// NXHOST_VULKAN_DEVICE picks (lavapipe without a GPU); on the device machine:
//   NXHOST_VULKAN_DEVICE=NVIDIA build/tests/video/nx_graphics_render_tests
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include <fmt/format.h>

#include "graphics_renderer.h"
#include "shader/graphics.h"
#include "shader/modeset_programs.h"

namespace video::testing {
namespace {

using shader::GraphicsProgram;
using shader::sass::testing::GraphicsProgramFixture;

constexpr int kSeeds = 6;  // resamplingMethod takes each of its 6 values once
constexpr Vec4 kClear{-3.5f, 7.25f, -1.0f, 0.125f};

// The tolerance: the two programs are different instruction sequences for one GLSL program
// (operations reordered, FFMA against FMUL + FADD, a reciprocal multiplied against a division),
// so a value may differ by the rounding of a few operations on values of the texels' and
// coordinates' size: 2^-16 absolute plus 2^-16 relative.
bool Close(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) {
        return std::isnan(a) && std::isnan(b);
    }
    return std::fabs(a - b) <= 0x1p-16f * (1.0f + std::max(std::fabs(a), std::fabs(b)));
}

// A random whole number below `n`.
u32 Below(std::mt19937& random, u32 n) {
    return static_cast<u32>(random() % n);
}

u32 Bits(float value) {
    u32 bits;
    std::memcpy(&bits, &value, 4);
    return bits;
}

// nvidia-modeset's NvHsFragmentUniforms (open-gpu-kernel-modules,
// src/nvidia-modeset/include/nvidia-headsurface-types.h, MIT licence), filled with values of
// the kind its driver writes: byte offsets as its comments give them.
std::vector<u32> FragmentUniforms(std::mt19937& random, int seed) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::vector<u32> words(64, 0);
    const auto put = [&](u32 offset, u32 value) { words[offset / 4] = value; };
    const auto put_float = [&](u32 offset, float value) { put(offset, Bits(value)); };
    put(0, 32 + Below(random, 64));  // vertexScale
    put(4, 32 + Below(random, 64));
    for (u32 i = 0; i < 3; ++i) {
        put(16 + 4 * i, 2 + Below(random, 30));  // numLutEntries
    }
    put(32, Below(random, 8));  // primaryTextureBias
    put(36, Below(random, 8));
    put(40, Below(random, 48));  // cursorPosition
    put(44, Below(random, 48));
    for (u32 column = 0; column < 3; ++column) {  // transform, a vec4 per column (std140)
        for (u32 row = 0; row < 3; ++row) {
            put_float(48 + 16 * column + 4 * row,
                      (row == column ? 1.0f : 0.0f) + 0.25f * (unit(random) - 0.5f));
        }
    }
    put_float(96, unit(random));  // pixelShiftOffset
    put_float(100, unit(random));
    put_float(112, 0.2f + 0.1f * unit(random));  // luminanceCoefficient
    put_float(116, 0.6f + 0.1f * unit(random));
    put_float(120, 0.1f + 0.05f * unit(random));
    put_float(128, 0.5f + 0.5f * unit(random));  // chromaCoefficient
    put_float(132, 0.5f + 0.5f * unit(random));
    put_float(136, 0.8f + 0.4f * unit(random));  // luminanceScale
    put_float(140, 0.1f * unit(random));         // luminanceBlackLevel
    put_float(144, 0.8f + 0.4f * unit(random));  // chrominanceScale
    put_float(148, 0.1f * unit(random));         // chrominanceBlackLevel
    put(152, Below(random, 2));                  // useSatHue
    put_float(156, unit(random));                // satCos
    put(160, static_cast<u32>(1 + seed % 6));    // resamplingMethod: 1..6
    return words;
}

// nvidia-modeset's NvHsVertexUniforms (same header): vertexScale, primaryTextureScale,
// primaryTextureBias, cursorPosition, two words each.
std::vector<u32> VertexUniforms(std::mt19937& random) {
    return {1 + Below(random, 2),   1 + Below(random, 2), 16 + Below(random, 64),
            16 + Below(random, 64), Below(random, 8),     Below(random, 8),
            Below(random, 32),      Below(random, 32)};
}

RenderTexture Pattern(std::mt19937& random, bool linear) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    RenderTexture texture;
    texture.width = 32;
    texture.height = 32;
    texture.linear = linear;
    texture.texels.resize(32 * 32);
    for (Vec4& texel : texture.texels) {
        texel = {unit(random), unit(random), unit(random), unit(random)};
    }
    return texture;
}

// The inputs of one seed: every bank the two layouts read (bank 1 of a Maxwell program is
// its switch table, fixed at translation; the uniforms in every other), a texture per handle,
// and attribute values for `attribute_locations` beside the position at Location 0.
RenderInputs Inputs(int seed, const std::vector<const GraphicsProgram*>& programs,
                    std::span<const u32> bank1, const std::vector<u32>& attribute_locations,
                    bool vertex_stage) {
    std::mt19937 random(0x7A1 + 977 * static_cast<u32>(seed));
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    RenderInputs inputs;
    inputs.clear = kClear;
    const std::vector<u32> uniforms =
        vertex_stage ? VertexUniforms(random) : FragmentUniforms(random, seed);
    for (const GraphicsProgram* program : programs) {
        for (const shader::ConstantBankBinding& bank : program->layout.constant_banks) {
            inputs.banks[bank.bank] =
                bank.bank == 1 ? std::vector<u32>(bank1.begin(), bank1.end()) : uniforms;
        }
        for (const shader::ImageBinding& image : program->layout.images) {
            inputs.textures[{image.handle_bank, image.handle_offset}] =
                Pattern(random, seed % 2 == 0);
        }
    }
    // A triangle covering the picture, (-1,-1) (3,-1) (-1,3), with a different w at each
    // vertex so that perspective interpolation differs from linear.
    const std::array<float, 3> w = {0.5f + unit(random), 0.5f + unit(random), 0.5f + unit(random)};
    const float corners[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    std::array<Vec4, 3>& position = inputs.attributes[0];
    for (int v = 0; v < 3; ++v) {
        position[v] = {corners[v][0] * w[v], corners[v][1] * w[v], 0.5f * w[v], w[v]};
    }
    for (const u32 location : attribute_locations) {
        std::array<Vec4, 3>& values = inputs.attributes[location];
        for (int v = 0; v < 3; ++v) {
            // Texture coordinates around 0..1 (a third beyond, so clamping shows), the q
            // component positive.
            values[v] = {1.5f * unit(random) - 0.25f, 1.5f * unit(random) - 0.25f, unit(random),
                         0.5f + unit(random)};
        }
    }
    return inputs;
}

// One step of a texture filter's weights (8 subtexel bits: subTexelPrecisionBits of lavapipe and
// of NVIDIA's GPUs) between texels of [0, 1]. The two encodings compute a texture coordinate
// with different instructions (NVIDIA's compilers fuse differently for each), so where a
// coordinate falls next to a weight boundary their bilinear weights may be one step apart: seen
// on the H200 for 1-2 pixels in 1024 of some programs, by at most 0.0021.
constexpr float kFilterStep = 1.0f / 256;
constexpr u64 kFilterStepPixelsAllowed = 4;

struct Comparison {
    u64 pixels = 0;
    u64 different = 0;
    u64 filter_steps = 0;  // pixels that differ by more than Close, within kFilterStep
    u64 cleared = 0;       // pixels of the clear colour in the Maxwell picture
    float largest = 0;
    std::string first;
};

Comparison Compare(const Pictures& maxwell, const Pictures& ampere) {
    Comparison result;
    for (const auto& [index, picture] : ampere) {
        const auto other = maxwell.find(index);
        if (other == maxwell.end()) {
            result.first = fmt::format("render target {} only in the Ampere picture", index);
            ++result.different;
            continue;
        }
        for (std::size_t p = 0; p < picture.size(); ++p) {
            ++result.pixels;
            bool same = true;
            for (int c = 0; c < 4; ++c) {
                const float a = other->second[p][c];
                const float b = picture[p][c];
                same = same && Close(a, b);
                if (!std::isnan(a) && !std::isnan(b)) {
                    result.largest = std::max(result.largest, std::fabs(a - b));
                }
            }
            result.cleared += other->second[p] == kClear;
            bool within_a_step = true;
            for (int c = 0; c < 4; ++c) {
                within_a_step =
                    within_a_step && std::fabs(other->second[p][c] - picture[p][c]) <= kFilterStep;
            }
            if (!same && within_a_step) {
                ++result.filter_steps;
            } else if (!same) {
                if (result.different++ == 0) {
                    const Vec4& a = other->second[p];
                    const Vec4& b = picture[p];
                    result.first = fmt::format(
                        "target {} pixel ({}, {}): Maxwell {} {} {} {}, Ampere {} {} {} {}", index,
                        p % kPictureSize, p / kPictureSize, a[0], a[1], a[2], a[3], b[0], b[1],
                        b[2], b[3]);
                }
            }
        }
    }
    return result;
}

// The fixture's programs: both sets, in programs.tsv's order (the same names).
struct Twins {
    std::vector<GraphicsProgramFixture> maxwell;
    std::vector<GraphicsProgramFixture> ampere;
    std::map<std::string, int> const_indices;
};
const Twins& LoadTwins() {
    static const Twins twins{shader::testing::ModesetPrograms("nvidia-maxwell-graphics"),
                             shader::testing::ModesetPrograms("nvidia-ampere-graphics"),
                             shader::testing::ModesetConstantIndices()};
    return twins;
}

// The names of the 34 programs (programs.tsv of the Maxwell set; none when it is missing).
std::vector<std::string> ProgramNames() {
    std::vector<std::string> names;
    for (const auto& [name, index] : shader::testing::ModesetConstantIndices()) {
        names.push_back(name);
    }
    return names;
}

TEST(GraphicsTwins, BothSetsHoldTheSame34Programs) {
    const Twins& twins = LoadTwins();
    if (twins.maxwell.empty() || twins.ampere.empty()) {
        GTEST_SKIP() << "graphics fixtures missing";
    }
    ASSERT_EQ(twins.maxwell.size(), 34u);
    ASSERT_EQ(twins.ampere.size(), 34u);
    for (std::size_t i = 0; i < twins.maxwell.size(); ++i) {
        EXPECT_EQ(twins.maxwell[i].name, twins.ampere[i].name);
    }
    EXPECT_EQ(ProgramNames().size(), 34u);
}

class GraphicsTwin : public ::testing::TestWithParam<std::string> {};

// Both translations of the program drawn with each seed's inputs: the same picture within
// Close's tolerance, something drawn, and a different picture for each seed.
TEST_P(GraphicsTwin, BothTranslationsDrawTheSamePictures) {
    std::string why;
    GraphicsRenderer* renderer = GraphicsRenderer::Shared(why);
    if (renderer == nullptr) {
        GTEST_SKIP() << "no Vulkan device: " << why;
    }
    const Twins& twins = LoadTwins();
    const std::string& name = GetParam();
    const auto find = [&](const std::vector<GraphicsProgramFixture>& set) {
        const auto it = std::find_if(set.begin(), set.end(), [&](const GraphicsProgramFixture& p) {
            return p.name == name;
        });
        return it == set.end() ? nullptr : &*it;
    };
    const GraphicsProgramFixture* maxwell = find(twins.maxwell);
    const GraphicsProgramFixture* ampere = find(twins.ampere);
    ASSERT_NE(maxwell, nullptr);
    ASSERT_NE(ampere, nullptr);
    const int const_index = twins.const_indices.at(name);
    const GraphicsProgram ours = shader::TranslateGraphics(
        shader::testing::MaxwellEnvironment(*maxwell, const_index, renderer->Target()));
    const GraphicsProgram theirs =
        shader::TranslateGraphics(shader::testing::AmpereEnvironment(*ampere, renderer->Target()));
    const std::vector<u32> bank1 =
        const_index >= 0 ? shader::testing::ModesetConstantBuffer(const_index) : std::vector<u32>{};
    const bool vertex = ours.stage == shader::Stage::Vertex;
    std::vector<Pictures> seen;
    float largest = 0;
    for (int seed = 0; seed < kSeeds; ++seed) {
        SCOPED_TRACE(fmt::format("seed {}", seed));
        Pictures maxwell_picture;
        Pictures ampere_picture;
        if (vertex) {
            // The vertex program's outputs, shown by a fragment stage; its inputs are the
            // attributes it reads.
            std::vector<u32> locations;
            for (const shader::StageVarying& input : theirs.layout.inputs) {
                if (input.location != 0) {
                    locations.push_back(input.location);
                }
            }
            const RenderInputs inputs = Inputs(seed, {&ours, &theirs}, bank1, locations, true);
            const GraphicsProgram shown = ShowVaryingsFragment(theirs.layout.outputs);
            maxwell_picture = renderer->Draw(ours, shown, inputs);
            ampere_picture = renderer->Draw(theirs, shown, inputs);
        } else {
            const GraphicsProgram pass = PassThroughVertex(theirs.layout.inputs);
            std::vector<u32> attribute_locations;
            for (u32 k = 1; k <= theirs.layout.inputs.size(); ++k) {
                attribute_locations.push_back(k);
            }
            const RenderInputs inputs =
                Inputs(seed, {&ours, &theirs}, bank1, attribute_locations, false);
            maxwell_picture = renderer->Draw(pass, ours, inputs);
            ampere_picture = renderer->Draw(pass, theirs, inputs);
        }
        const Comparison comparison = Compare(maxwell_picture, ampere_picture);
        EXPECT_EQ(comparison.different, 0u)
            << comparison.different << " of " << comparison.pixels
            << " pixels differ (largest difference " << comparison.largest
            << "); first: " << comparison.first;
        EXPECT_LE(comparison.filter_steps, kFilterStepPixelsAllowed)
            << comparison.filter_steps << " of " << comparison.pixels
            << " pixels differ by up to a filter step (largest difference " << comparison.largest
            << ")";
        EXPECT_LT(comparison.cleared, comparison.pixels) << "nothing was drawn";
        largest = std::max(largest, comparison.largest);
        seen.push_back(std::move(ampere_picture));
    }
    // The pictures depend on the inputs: no two seeds give the same one.
    for (int a = 0; a < kSeeds; ++a) {
        for (int b = a + 1; b < kSeeds; ++b) {
            EXPECT_GT(Compare(seen[a], seen[b]).different, 0u)
                << "seeds " << a << " and " << b << " draw the same";
        }
    }
    RecordProperty("largest_difference", fmt::format("{}", largest));
}

INSTANTIATE_TEST_SUITE_P(Modeset, GraphicsTwin, ::testing::ValuesIn(ProgramNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             return info.param;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GraphicsTwin);

}  // namespace
}  // namespace video::testing
