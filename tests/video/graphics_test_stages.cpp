// The renderer's helper stages (graphics_renderer.h), written as SPIR-V assembly and assembled
// by SPIRV-Tools.
#include <string>

#include <fmt/format.h>
#include <spirv-tools/libspirv.hpp>

#include "base/error.h"
#include "graphics_renderer.h"

namespace video::testing {
namespace {

constexpr std::string_view kTypes = R"(
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %vec4 = OpTypeVector %float 4
    %in_vec4 = OpTypePointer Input %vec4
   %out_vec4 = OpTypePointer Output %vec4
)";

std::vector<u32> Assemble(const std::string& text) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* message) { messages += message; });
    std::vector<u32> words;
    if (!tools.Assemble(text, &words) || !tools.Validate(words)) {
        base::Fail("the test renderer's stage does not assemble: {}\n{}", messages, text);
    }
    return words;
}

}  // namespace

shader::GraphicsProgram PassThroughVertex(const std::vector<shader::StageVarying>& varyings) {
    std::string interface = "%position";
    std::string decorations = "OpDecorate %position BuiltIn Position\n";
    std::string variables = "%position = OpVariable %out_vec4 Output\n";
    std::string body = "%p = OpLoad %vec4 %in0\nOpStore %position %p\n";
    shader::GraphicsProgram program;
    program.stage = shader::Stage::Vertex;
    program.layout.inputs.push_back({0, 0xF});
    interface += " %in0";
    decorations += "OpDecorate %in0 Location 0\n";
    variables += "%in0 = OpVariable %in_vec4 Input\n";
    for (std::size_t i = 0; i < varyings.size(); ++i) {
        interface += fmt::format(" %in{} %out{}", i + 1, i);
        decorations += fmt::format("OpDecorate %in{} Location {}\nOpDecorate %out{} Location {}\n",
                                   i + 1, i + 1, i, varyings[i].location);
        // The fragment input's interpolation on the output too (lavapipe reads it there).
        if (varyings[i].interpolation == shader::Interpolation::Flat) {
            decorations += fmt::format("OpDecorate %out{} Flat\n", i);
        } else if (varyings[i].interpolation == shader::Interpolation::Linear) {
            decorations += fmt::format("OpDecorate %out{} NoPerspective\n", i);
        }
        variables += fmt::format(
            "%in{} = OpVariable %in_vec4 Input\n%out{} = OpVariable %out_vec4 Output\n", i + 1, i);
        body += fmt::format("%v{} = OpLoad %vec4 %in{}\nOpStore %out{} %v{}\n", i, i + 1, i, i);
        program.layout.inputs.push_back({static_cast<u32>(i + 1), 0xF});
        program.layout.outputs.push_back({varyings[i].location, 0xF, varyings[i].interpolation});
    }
    program.spirv = Assemble(fmt::format(
        "OpCapability Shader\nOpMemoryModel Logical GLSL450\n"
        "OpEntryPoint Vertex %main \"main\" {}\n{}{}{}"
        "%main = OpFunction %void None %fn\n%entry = OpLabel\n{}OpReturn\nOpFunctionEnd\n",
        interface, decorations, kTypes, variables, body));
    return program;
}

shader::GraphicsProgram ShowVaryingsFragment(const std::vector<shader::StageVarying>& varyings) {
    std::string interface;
    std::string decorations;
    std::string variables;
    std::string body;
    shader::GraphicsProgram program;
    program.stage = shader::Stage::Fragment;
    for (std::size_t i = 0; i < varyings.size(); ++i) {
        interface += fmt::format(" %in{} %out{}", i, i);
        decorations += fmt::format("OpDecorate %in{} Location {}\nOpDecorate %out{} Location {}\n",
                                   i, varyings[i].location, i, i);
        if (varyings[i].interpolation == shader::Interpolation::Flat) {
            decorations += fmt::format("OpDecorate %in{} Flat\n", i);
        }
        variables += fmt::format(
            "%in{} = OpVariable %in_vec4 Input\n%out{} = OpVariable %out_vec4 Output\n", i, i);
        body += fmt::format("%v{} = OpLoad %vec4 %in{}\nOpStore %out{} %v{}\n", i, i, i, i);
        program.layout.inputs.push_back(
            {varyings[i].location, 0xF, varyings[i].interpolation, shader::AttributeType::Float});
        program.layout.render_targets.emplace_back(static_cast<u32>(i), 0xF);
    }
    program.spirv = Assemble(fmt::format(
        "OpCapability Shader\nOpMemoryModel Logical GLSL450\n"
        "OpEntryPoint Fragment %main \"main\"{}\nOpExecutionMode %main OriginUpperLeft\n{}{}{}"
        "%main = OpFunction %void None %fn\n%entry = OpLabel\n{}OpReturn\nOpFunctionEnd\n",
        interface, decorations, kTypes, variables, body));
    return program;
}

}  // namespace video::testing
