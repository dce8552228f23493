// The shader program header parser on NVIDIA's own headers (the Ampere set's v4 and the
// Maxwell set's v3 headers of the same 34 programs), against values read off their words by
// hand, against the attributes nvdisasm shows each program reading and writing, and on damaged
// headers.
#include <gtest/gtest.h>

#include <regex>

#include "base/error.h"
#include "fixtures.h"
#include "shader/sph.h"

namespace shader {
namespace {

using sass::testing::GraphicsProgramFixture;
using sass::testing::LoadGraphicsPrograms;

std::vector<GraphicsProgramFixture> Programs(const std::string& set) {
    std::vector<GraphicsProgramFixture> programs = LoadGraphicsPrograms(set);
    if (programs.empty() && std::getenv("CI") != nullptr) {
        ADD_FAILURE() << "../shared/fixtures/" << set << " is missing";
    }
    return programs;
}

const GraphicsProgramFixture* Find(const std::vector<GraphicsProgramFixture>& programs,
                                   const std::string& name) {
    for (const GraphicsProgramFixture& program : programs) {
        if (program.name == name) {
            return &program;
        }
    }
    return nullptr;
}

// Word 6 of the vertex program's header is 0x00000003 and word 7 0x0000000b: generic vector 0
// reads x and y, vector 8 x, y and w (ALD a[0x80], a[0x84], a[0x100].64, a[0x10c]); byte 0x35 is
// 0xb0 (position x, y, w written) and bytes 0x4a, 0x4b are 0x33, 0x03 (fixed-function
// texture coordinates 0-2, s and t).
void ExpectVertexHeader(const Sph& sph, u32 version, u32 sass_version) {
    EXPECT_EQ(sph.type, SphType::Vtg);
    EXPECT_EQ(sph.version, version);
    EXPECT_EQ(sph.shader_type, SphShaderType::Vertex);
    EXPECT_EQ(sph.sass_version, sass_version);
    EXPECT_FALSE(sph.kills_pixels);
    EXPECT_FALSE(sph.does_global_store);
    EXPECT_EQ(sph.local_memory_bytes, 0u);
    EXPECT_EQ(sph.stream_out_mask, 0u);
    std::array<u8, kSphGenericVectors> generic{};
    generic[0] = 0x3;
    generic[8] = 0xb;
    EXPECT_EQ(sph.vtg_inputs.generic, generic);
    EXPECT_EQ(sph.vtg_inputs.system_values_b, 0u);
    EXPECT_EQ(sph.vtg_inputs.system_values_c, 0u);
    EXPECT_EQ(sph.vtg_outputs.system_values_b,
              kSphPositionX | kSphPositionX << 1 | kSphPositionX << 3);
    EXPECT_EQ(sph.vtg_outputs.generic, (std::array<u8, kSphGenericVectors>{}));
    EXPECT_EQ(sph.vtg_outputs.fixed_function_texture,
              (std::array<u8, kSphFixedFunctionTextures>{3, 3, 3}));
}

TEST(Sph, VertexHeaderOfBothGenerations) {
    const auto ampere = Programs("nvidia-ampere-graphics");
    const auto maxwell = Programs("nvidia-maxwell-graphics");
    if (ampere.empty() || maxwell.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-{ampere,maxwell}-graphics are missing";
    }
    const Sph v4 = ParseSph(Find(ampere, "nvidia_headsurface_vertex")->header, "ampere vertex");
    ExpectVertexHeader(v4, 4, 2);  // word 0 0x02040481
    EXPECT_EQ(v4.Bytes(), 0x80u);
    const Sph v3 = ParseSph(Find(maxwell, "nvidia_headsurface_vertex")->header, "maxwell vertex");
    ExpectVertexHeader(v3, 3, 0);  // word 0 0x02000461
    EXPECT_EQ(v3.Bytes(), 0x50u);
}

// Word 5 0x80000000: position w read (IPA a[0x7c]); word 15 0x000a0a00: fixed-function texture
// coordinates 1 and 2, s and t perspective (2 bits each, 2 = perspective); word 18 7: target 0
// takes r, g and b (R0, R1, R2 at EXIT).
TEST(Sph, PixelHeaderOfBothGenerations) {
    const auto ampere = Programs("nvidia-ampere-graphics");
    const auto maxwell = Programs("nvidia-maxwell-graphics");
    if (ampere.empty() || maxwell.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-{ampere,maxwell}-graphics are missing";
    }
    for (const auto* set : {&ampere, &maxwell}) {
        const Sph sph = ParseSph(Find(*set, "nvidia_headsurface_fragment")->header, "fragment");
        EXPECT_EQ(sph.type, SphType::Pixel);
        EXPECT_EQ(sph.shader_type, SphShaderType::Pixel);
        EXPECT_EQ(sph.version, set == &ampere ? 4u : 3u);
        EXPECT_EQ(sph.sass_version, set == &ampere ? 2u : 0u);
        EXPECT_FALSE(sph.mrt_enable);
        EXPECT_FALSE(sph.kills_pixels);
        EXPECT_EQ(sph.pixel_inputs.system_values_b, kSphPositionX << 3);
        const SphImapVector st{PixelImap::Perspective, PixelImap::Perspective, PixelImap::Unused,
                               PixelImap::Unused};
        EXPECT_EQ(sph.pixel_inputs.fixed_function_texture[0], SphImapVector{});
        EXPECT_EQ(sph.pixel_inputs.fixed_function_texture[1], st);
        EXPECT_EQ(sph.pixel_inputs.fixed_function_texture[2], st);
        for (const SphImapVector& vector : sph.pixel_inputs.generic) {
            EXPECT_EQ(vector, SphImapVector{});
        }
        EXPECT_EQ(sph.pixel_outputs.targets, (std::array<u8, kSphRenderTargets>{7}));
        EXPECT_FALSE(sph.pixel_outputs.depth);
        EXPECT_FALSE(sph.pixel_outputs.sample_mask);
        EXPECT_FALSE(sph.does_interlock);
        EXPECT_EQ(sph.per_vertex_inputs, (std::array<u8, kSphGenericVectors>{}));
    }
}

// The two compilations of each program declare the same stage, inputs and outputs.
TEST(Sph, MaxwellAndAmpereHeadersAgree) {
    const auto ampere = Programs("nvidia-ampere-graphics");
    const auto maxwell = Programs("nvidia-maxwell-graphics");
    if (ampere.empty() || maxwell.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-{ampere,maxwell}-graphics are missing";
    }
    ASSERT_EQ(ampere.size(), 34u);
    ASSERT_EQ(maxwell.size(), 34u);
    for (const GraphicsProgramFixture& program : ampere) {
        SCOPED_TRACE(program.name);
        const GraphicsProgramFixture* twin = Find(maxwell, program.name);
        ASSERT_NE(twin, nullptr);
        const Sph v4 = ParseSph(program.header, program.name);
        const Sph v3 = ParseSph(twin->header, twin->name);
        EXPECT_EQ(v4.version, 4u);
        EXPECT_EQ(v3.version, 3u);
        EXPECT_EQ(v4.shader_type,
                  program.type == "vertex" ? SphShaderType::Vertex : SphShaderType::Pixel);
        EXPECT_EQ(v4.shader_type, v3.shader_type);
        EXPECT_EQ(v4.vtg_inputs, v3.vtg_inputs);
        EXPECT_EQ(v4.vtg_outputs, v3.vtg_outputs);
        EXPECT_EQ(v4.pixel_inputs, v3.pixel_inputs);
        EXPECT_EQ(v4.pixel_outputs, v3.pixel_outputs);
        EXPECT_EQ(v4.kills_pixels, v3.kills_pixels);
    }
}

// Whether the header's map enables the 32-bit component at attribute byte address `address`
// (positions 0x70-0x7c, generic vectors 0x80-0x27c, fixed-function textures 0x300-0x39c).
bool Enabled(const Sph& sph, u32 address, bool output) {
    const u32 component = address / 4 % 4;
    if (address >= 0x70 && address < 0x80) {
        const u8 b = sph.IsPixel() ? sph.pixel_inputs.system_values_b
                                   : (output ? sph.vtg_outputs : sph.vtg_inputs).system_values_b;
        return (b >> (4 + component) & 1) != 0;
    }
    const bool generic = address >= 0x80 && address < 0x280;
    const bool texture = address >= 0x300 && address < 0x3a0;
    if (!generic && !texture) {
        ADD_FAILURE() << "an attribute the test does not map: " << address;
        return false;
    }
    const u32 vector = (address - (generic ? 0x80 : 0x300)) / 16;
    if (sph.IsPixel()) {
        const auto& vectors = generic ? sph.pixel_inputs.generic.data()
                                      : sph.pixel_inputs.fixed_function_texture.data();
        return vectors[vector][component] != PixelImap::Unused;
    }
    const SphVtgMap& map = output ? sph.vtg_outputs : sph.vtg_inputs;
    const u8 mask = generic ? map.generic[vector] : map.fixed_function_texture[vector];
    return (mask >> component & 1) != 0;
}

// Every attribute component that nvdisasm shows a program read (ALD, IPA) or write (AST) is
// one its header enables.
TEST(Sph, MapsCoverTheAttributesTheCodeUses) {
    const auto programs = Programs("nvidia-ampere-graphics");
    const auto listing = sass::testing::LoadGraphicsFixture();
    if (programs.empty() || listing.empty()) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    static const std::regex access(R"(^(ALD|AST|IPA)(\.\w+)*\s.*a\[(0x[0-9a-f]+)\])");
    u32 checked = 0;
    for (const auto& inst : listing) {
        std::smatch match;
        if (!std::regex_search(inst.text, match, access)) {
            continue;
        }
        const Sph sph = ParseSph(Find(programs, inst.program)->header, inst.program);
        const bool output = match[1] == "AST";
        const u32 words = inst.text.find(".128") != std::string::npos  ? 4
                          : inst.text.find(".64") != std::string::npos ? 2
                                                                       : 1;
        const u32 address = static_cast<u32>(std::stoul(match[3].str(), nullptr, 16));
        for (u32 word = 0; word < words; ++word) {
            EXPECT_TRUE(Enabled(sph, address + 4 * word, output))
                << inst.program << " at " << inst.address << ": " << inst.text;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 3u + 2u + 3u + 2u * 3u + 215u);  // ALD, ALD.64, AST, AST.64, IPA
}

std::string ParseError(std::vector<u8> bytes) {
    try {
        ParseSph(bytes, "damaged");
    } catch (const base::Error& error) {
        return error.what();
    }
    return "no error";
}

TEST(Sph, DamagedHeadersAreRefused) {
    std::vector<u8> header(0x80, 0);
    const auto word0 = [&](u32 value) {
        for (u32 i = 0; i < 4; ++i) {
            header[i] = static_cast<u8>(value >> (8 * i));
        }
        return header;
    };
    EXPECT_NE(ParseError(std::vector<u8>(0x4f, 0)).find("needs 0x50 bytes, 79 given"),
              std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000000)).find("type 0"), std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000003 | 4 << 5 | 1 << 10)).find("type 3"), std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000001 | 5 << 5 | 1 << 10)).find("version 5"),
              std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000001 | 4 << 5 | 0 << 10)).find("shader type 0"),
              std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000001 | 4 << 5 | 6 << 10)).find("shader type 6"),
              std::string::npos);
    // A PS header for a vertex stage, a VTG header for a pixel stage.
    EXPECT_NE(ParseError(word0(0x00000002 | 4 << 5 | 1 << 10)).find("type PS for shader type 1"),
              std::string::npos);
    EXPECT_NE(ParseError(word0(0x00000001 | 4 << 5 | 5 << 10)).find("type VTG for shader type 5"),
              std::string::npos);
    // A v4 header cut to v3's size.
    std::vector<u8> short_v4 = word0(0x00000001 | 4 << 5 | 1 << 10);
    short_v4.resize(0x50);
    EXPECT_NE(ParseError(short_v4).find("version 4 shader program header needs 0x80 bytes"),
              std::string::npos);
    EXPECT_NO_THROW(ParseSph(word0(0x00000001 | 3 << 5 | 1 << 10), "v3 in 0x80 bytes"));
}

}  // namespace
}  // namespace shader
