// Varyings moved below the device's Locations for one pipeline (video/varying_locations.h): the
// plan gives each Location at or above the limit a free one below it, the same for every stage,
// and the patch moves only the stage's varyings (not a vertex stage's attributes nor a fragment
// stage's render targets). Modules are written here word by word (SPIR-V spec 2.3, 3.32).

#include <gtest/gtest.h>

#include <string>

#include "base/error.h"
#include "video/varying_locations.h"

namespace {

using shader::GraphicsProgram;
using shader::Stage;
using shader::StageVarying;

GraphicsProgram Program(Stage stage, std::vector<u32> inputs, std::vector<u32> outputs) {
    GraphicsProgram program;
    program.stage = stage;
    for (const u32 location : inputs) {
        program.layout.inputs.push_back({.location = location, .components = 0xF});
    }
    for (const u32 location : outputs) {
        program.layout.outputs.push_back({.location = location, .components = 0xF});
    }
    return program;
}

std::map<u32, u32> Plan(const std::vector<GraphicsProgram>& programs, u32 limit) {
    std::vector<const GraphicsProgram*> stages;
    for (const GraphicsProgram& program : programs) {
        stages.push_back(&program);
    }
    return video::PlanVaryingLocations(stages, limit);
}

TEST(VaryingLocations, NothingMovesBelowTheLimit) {
    EXPECT_TRUE(
        Plan({Program(Stage::Vertex, {0, 8}, {0, 31}), Program(Stage::Fragment, {0, 31}, {})}, 32)
            .empty());
}

// nvidia-modeset's vertex program: attributes 0 and 8, outputs generic 0 and texture
// coordinates 0-2 (Locations 32-34); its fragment program reads coordinates 0 and 1.
TEST(VaryingLocations, TextureCoordinatesTakeTheFreeLocationsOfThePipeline) {
    const std::map<u32, u32> moved = Plan(
        {Program(Stage::Vertex, {0, 8}, {0, 32, 33, 34}), Program(Stage::Fragment, {32, 33}, {})},
        32);
    EXPECT_EQ(moved, (std::map<u32, u32>{{32, 1}, {33, 2}, {34, 3}}));
    // A vertex stage's inputs and a fragment stage's outputs are not varyings: 1 stays free.
    EXPECT_EQ(Plan({Program(Stage::Vertex, {1}, {0, 40}), Program(Stage::Fragment, {40}, {1})}, 32),
              (std::map<u32, u32>{{40, 1}}));
}

TEST(VaryingLocations, MoreVaryingsThanLocationsAreNamed) {
    std::vector<u32> outputs;
    for (u32 i = 0; i < 33; ++i) {
        outputs.push_back(i);
    }
    try {
        Plan({Program(Stage::Vertex, {}, outputs)}, 32);
        FAIL() << "no error";
    } catch (const base::Error& error) {
        EXPECT_EQ(std::string(error.what()),
                  "the pipeline's stages pass 33 varyings; the device has 32 Locations");
    }
}

constexpr u32 Word(u32 count, u32 opcode) {
    return count << 16 | opcode;
}

// A module of an Input variable %10 at Location 32 and an Output variable %11 at Location 32
// (OpVariable: type, id, storage class; OpDecorate: target, Location 30, value).
std::vector<u32> Module() {
    return {0x07230203,  0x10300, 0,  12, 0,  // header
            Word(4, 71), 10,      30, 32, Word(4, 71), 11, 30, 32,
            Word(4, 59), 5,       10, 1,  Word(4, 59), 6,  11, 3};
}

TEST(VaryingLocations, TheFragmentStageMovesItsInputsAndTheVertexStageItsOutputs) {
    const std::map<u32, u32> moved{{32, 4}};
    const std::vector<u32> fragment = video::MoveVaryingLocations(Module(), Stage::Fragment, moved);
    EXPECT_EQ(fragment[8], 4u);    // the input
    EXPECT_EQ(fragment[12], 32u);  // the output: a render target
    const std::vector<u32> vertex = video::MoveVaryingLocations(Module(), Stage::Vertex, moved);
    EXPECT_EQ(vertex[8], 32u);  // the input: a vertex attribute
    EXPECT_EQ(vertex[12], 4u);
    const std::vector<u32> geometry = video::MoveVaryingLocations(Module(), Stage::Geometry, moved);
    EXPECT_EQ(geometry[8], 4u);
    EXPECT_EQ(geometry[12], 4u);
}

TEST(VaryingLocations, AMalformedModuleIsNamed) {
    std::vector<u32> module = Module();
    module[5] = Word(40, 71);  // runs past the end
    EXPECT_THROW(video::MoveVaryingLocations(module, Stage::Vertex, {{32, 1}}), base::Error);
}

}  // namespace
