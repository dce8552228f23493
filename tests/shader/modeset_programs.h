#pragma once

// NVIDIA's nvidia-modeset programs (../shared/fixtures/nvidia-{ampere,maxwell}-graphics) as a
// driver would hand them to the translator: the Maxwell programs with their switch tables in
// constant bank 1.

#include <map>
#include <string>
#include <vector>

#include "fixtures.h"
#include "graphics_environment.h"

namespace shader::testing {

// The Maxwell programs' switch tables: constant bank 1 as nvidia-modeset fills it, by
// programs.tsv's const_index.
const std::vector<u32>& ModesetConstantBuffer(int const_index);

// programs.tsv's const_index of each Maxwell program (-1: none).
std::map<std::string, int> ModesetConstantIndices();

// A Maxwell program of the fixture with its bank 1 fixed (when it has one).
GraphicsEnvironment MaxwellEnvironment(const sass::testing::GraphicsProgramFixture& program,
                                       int const_index, const TargetProfile& target);

// An Ampere program of the fixture.
GraphicsEnvironment AmpereEnvironment(const sass::testing::GraphicsProgramFixture& program,
                                      const TargetProfile& target);

// The programs of one fixture set; a test failure under CI when it is missing.
std::vector<sass::testing::GraphicsProgramFixture> ModesetPrograms(const char* set);

}  // namespace shader::testing
