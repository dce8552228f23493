#pragma once

// A small renderer for translated graphics stages: one triangle drawn into RGBA32F render
// targets of kPictureSize x kPictureSize, with per-vertex attributes, constant banks and
// textures chosen by the test, read back as floats. Built on src/video's Vulkan context (the
// device NXHOST_VULKAN_DEVICE picks, else the first discrete GPU, else lavapipe), its graphics
// pipelines, buffers and images.

#include <array>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/types.h"
#include "shader/program.h"
#include "shader/target_profile.h"

namespace video::testing {

inline constexpr u32 kPictureSize = 32;

using Vec4 = std::array<float, 4>;

// A texture bound where a stage's layout names the handle c[bank][offset]: RGBA32F texels, x
// fastest, sampled with linear or nearest filtering, clamped to the edge.
struct RenderTexture {
    u32 width = 0;
    u32 height = 0;
    std::vector<Vec4> texels;
    bool linear = true;
};

struct RenderInputs {
    // The vertex stage's inputs by Location: one value for each of the triangle's 3 vertices
    // (R32G32B32A32_SFLOAT, or of the same bits _SINT / _UINT where the vertex stage's input
    // takes integers).
    std::map<u32, std::array<Vec4, 3>> attributes;
    // The words of each constant bank the stages read (shorter than the layout's size: the
    // rest is zero).
    std::map<u32, std::vector<u32>> banks;
    // Textures by their handle's place (bank, byte offset).
    std::map<std::pair<u32, u32>, RenderTexture> textures;
    Vec4 clear{};  // every render target's colour before the draw
};

// Each render target the fragment stage writes, by its index: kPictureSize^2 pixels, rows
// from the top.
using Picture = std::vector<Vec4>;
using Pictures = std::map<u32, Picture>;

class GraphicsRenderer {
public:
    // Throws base::Error when there is no usable Vulkan device.
    static std::unique_ptr<GraphicsRenderer> Open();
    // One renderer for the whole test program, opened at the first call; null (and why) when
    // there is no usable Vulkan device.
    static GraphicsRenderer* Shared(std::string& why);
    virtual ~GraphicsRenderer() = default;

    virtual const std::string& DeviceName() const = 0;
    // What the translator may rely on for this device.
    virtual const shader::TargetProfile& Target() const = 0;

    // Draws one triangle (vertices 0, 1, 2) with the two stages. A missing attribute, bank or
    // texture of a stage's layout throws base::Error naming it, as does a refused pipeline.
    virtual Pictures Draw(const shader::GraphicsProgram& vertex,
                          const shader::GraphicsProgram& fragment, const RenderInputs& inputs) = 0;
};

// A vertex stage that passes its inputs on: Location 0 is the position, Location 1 + i goes to
// the output `varyings[i]` (the inputs a fragment stage reads, decorated with their
// interpolation). Assembled SPIR-V.
shader::GraphicsProgram PassThroughVertex(const std::vector<shader::StageVarying>& varyings);

// A fragment stage writing each input `varyings[i]` (perspective-interpolated, or flat where
// its interpolation is Flat: the first vertex's) to render target i, for showing what a vertex
// stage outputs.
shader::GraphicsProgram ShowVaryingsFragment(const std::vector<shader::StageVarying>& varyings);

}  // namespace video::testing
