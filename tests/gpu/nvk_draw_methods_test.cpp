// The AMPERE_B methods Mesa's NVK sends for one draw (tests/gpu/nvk/nvk_methods.txt: a render
// pass clearing an RGBA8 target, a pipeline of one vertex and one fragment shader, a vertex
// buffer, vkCmdDraw of 3 vertices; made by tests/gpu/nvk/capture.sh, see its README): every
// one has nxhost's name for it, the same as Mesa's class tables give (NVK's push_dump), and
// each is either state nxhost's 3D engine (draws, clears, macros) reads or one it ignores,
// listed here by name with why.

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "gpu/method_names.h"

namespace {

// Read by src/gpu/engines (draw_state, draws, surface_clear, constant_buffers, shader_programs)
// or src/gpu/macro (NVK's draws and clears run through its MME64 macros).
const std::set<std::string> kRead = {
    "SET_MME_SHADOW_SCRATCH",
    "CALL_MME_MACRO",
    "CALL_MME_DATA",
    "SET_COLOR_TARGET_A",
    "SET_COLOR_TARGET_B",
    "SET_COLOR_TARGET_WIDTH",
    "SET_COLOR_TARGET_HEIGHT",
    "SET_COLOR_TARGET_FORMAT",
    "SET_COLOR_TARGET_MEMORY",
    "SET_COLOR_TARGET_THIRD_DIMENSION",
    "SET_COLOR_TARGET_ARRAY_PITCH",
    "SET_CT_SELECT",
    "SET_ZT_SELECT",
    "SET_CLEAR_SURFACE_CONTROL",
    "SET_COLOR_CLEAR_VALUE",
    "SET_CLEAR_RECT_HORIZONTAL",
    "SET_CLEAR_RECT_VERTICAL",
    "SET_VERTEX_ATTRIBUTE_A",
    "SET_VERTEX_STREAM_INSTANCE_A",
    "SET_VERTEX_STREAM_A_FREQUENCY",
    "SET_VIEWPORT_SCALE_X",
    "SET_VIEWPORT_SCALE_Y",
    "SET_VIEWPORT_SCALE_Z",
    "SET_VIEWPORT_OFFSET_X",
    "SET_VIEWPORT_OFFSET_Y",
    "SET_VIEWPORT_OFFSET_Z",
    "SET_VIEWPORT_CLIP_MIN_Z",
    "SET_VIEWPORT_CLIP_MAX_Z",
    "SET_VIEWPORT_COORDINATE_SWIZZLE",
    "SET_VIEWPORT_Z_CLIP",
    "SET_SCISSOR_ENABLE",
    "SET_SCISSOR_HORIZONTAL",
    "SET_SCISSOR_VERTICAL",
    "SET_FRONT_POLYGON_MODE",
    "OGL_SET_CULL",
    "OGL_SET_FRONT_FACE",
    "LOAD_CONSTANT_BUFFER_OFFSET",
    "LOAD_CONSTANT_BUFFER",
    "SET_DEPTH_TEST",
    "SET_DEPTH_WRITE",
    "SET_STENCIL_TEST",
    "SET_BLEND",
    "SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA",
    "SET_BLEND_PER_TARGET_COLOR_OP",
    "SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF",
    "SET_BLEND_PER_TARGET_COLOR_DEST_COEFF",
    "SET_BLEND_PER_TARGET_ALPHA_OP",
    "SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF",
    "SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF",
    "SET_BLEND_CONST_RED",
    "SET_BLEND_CONST_GREEN",
    "SET_BLEND_CONST_BLUE",
    "SET_BLEND_CONST_ALPHA",
    "SET_PIPELINE_SHADER",
    "SET_PIPELINE_PROGRAM_ADDRESS_A",
    "SET_PIPELINE_PROGRAM_ADDRESS_B",
};

// Kept in the register file and not acted on.
const std::set<std::string> kIgnored = {
    // Cache invalidations and a wait: nxhost's texture cache hashes guest memory again after
    // each synchronisation, and the engine runs in order.
    "INVALIDATE_SAMPLER_CACHE_NO_WFI",
    "INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI",
    "INVALIDATE_SHADER_CACHES_NO_WFI",
    "INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI",
    "WAIT_FOR_IDLE",
    // Hardware performance and compression controls with no Vulkan counterpart.
    "SET_COLOR_COMPRESSION",
    "SET_SUBTILING_PERF_KNOB_A",
    "SET_SUBTILING_PERF_KNOB_B",
    "SET_API_MANDATED_EARLY_Z",
    "SET_POST_Z_PS_IMASK",
    "SET_ZCULL_BOUNDS",
    "SET_PIPELINE_REGISTER_COUNT",
    // The binding group: nxhost binds a stage's constant buffers by its stage.
    "SET_PIPELINE_BINDING",
    // Not made yet (src/video/README.md): target layers other than 0, multisampling, the
    // surface and viewport clip rectangles, conditional rendering, rasterisation off,
    // primitive restart, the back polygon mode, provoking vertex, depth bias, depth bounds,
    // lines' width and stipple, logic ops, user clip planes, variable-rate shading,
    // conservative rasterisation, transform feedback.
    "SET_COLOR_TARGET_LAYER",
    "SET_SURFACE_CLIP_HORIZONTAL",
    "SET_SURFACE_CLIP_VERTICAL",
    "SET_VIEWPORT_CLIP_HORIZONTAL",
    "SET_VIEWPORT_CLIP_VERTICAL",
    "SET_VIEWPORT_CLIP_CONTROL",
    "SET_ANTI_ALIAS",
    "SET_ANTI_ALIAS_ALPHA_CONTROL",
    "SET_ANTI_ALIAS_SAMPLE_POSITIONS",
    "SET_SAMPLE_MASK_X0_Y0",
    "SET_SAMPLE_MASK_X1_Y0",
    "SET_SAMPLE_MASK_X0_Y1",
    "SET_SAMPLE_MASK_X1_Y1",
    "SET_RENDER_ENABLE_OVERRIDE",
    "SET_RASTER_ENABLE",
    "SET_RASTER_INPUT",
    "SET_DA_PRIMITIVE_RESTART",
    "SET_BACK_POLYGON_MODE",
    "SET_PROVOKING_VERTEX",
    "SET_POLY_OFFSET_POINT",
    "SET_POLY_OFFSET_LINE",
    "SET_POLY_OFFSET_FILL",
    "SET_DEPTH_BIAS_CONTROL",
    "SET_DEPTH_BIAS",
    "SET_SLOPE_SCALE_DEPTH_BIAS",
    "SET_DEPTH_BIAS_CLAMP",
    "SET_DEPTH_BOUNDS_TEST",
    "SET_LINE_WIDTH_FLOAT",
    "SET_ALIASED_LINE_WIDTH_FLOAT",
    "SET_LINE_MULTISAMPLE_OVERRIDE",
    "SET_ANTI_ALIASED_LINE",
    "SET_LINE_STIPPLE",
    "SET_LINE_STIPPLE_PARAMETERS",
    "SET_LOGIC_OP",
    "SET_LOGIC_OP_FUNC",
    "SET_USER_CLIP_ENABLE",
    "SET_USER_CLIP_OP",
    "SET_RT_LAYER",
    "SET_SHADING_RATE_INDEX_SURFACE_ADDRESS_A",
    "SET_SHADING_RATE_INDEX_SURFACE_ADDRESS_B",
    "SET_SHADING_RATE_INDEX_SURFACE_SIZE_A",
    "SET_SHADING_RATE_INDEX_SURFACE_SIZE_B",
    "SET_SHADING_RATE_INDEX_SURFACE_LAYER",
    "SET_SHADING_RATE_INDEX_SURFACE_ARRAY_PITCH",
    "SET_SHADING_RATE_INDEX_SURFACE_BLOCK_SIZE",
    "SET_SHADING_RATE_INDEX_SURFACE_ALLOCATED_SIZE",
    "SET_VARIABLE_PIXEL_RATE_SHADING_TABLE_SELECT",
    "SET_CONSERVATIVE_RASTER",
    "SET_STREAM_OUT_CONTROL_STREAM",
    "SET_STREAM_OUT_CONTROL_COMPONENT_COUNT",
    "SET_STREAM_OUT_CONTROL_STRIDE",
};

struct CapturedMethod {
    u32 offset = 0;
    std::string name;  // Mesa's, less its NVC797_ prefix
};

std::vector<CapturedMethod> Captured() {
    std::ifstream in(NXHOST_SOURCE_DIR "/tests/gpu/nvk/nvk_methods.txt");
    std::vector<CapturedMethod> methods;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string offset, name;
        fields >> offset >> name;
        if (name.rfind("NVC797_", 0) != 0) {
            ADD_FAILURE() << "not an AMPERE_B method: " << line;
            continue;
        }
        methods.push_back({static_cast<u32>(std::stoul(offset, nullptr, 16)), name.substr(7)});
    }
    return methods;
}

TEST(NvkDrawMethods, NxhostNamesEveryMethodAsMesaDoes) {
    const auto methods = Captured();
    ASSERT_EQ(methods.size(), 247u);
    for (const CapturedMethod& method : methods) {
        const auto name = gpu::MethodName(0xC76F, 0xC797, method.offset / 4);
        EXPECT_EQ(name.value_or("(none)"), method.name) << "at " << std::hex << method.offset;
    }
}

TEST(NvkDrawMethods, EachIsReadOrListedAsIgnored) {
    const std::regex index(R"(\(\d+\)$)");
    std::set<std::string> seen;
    for (const CapturedMethod& method : Captured()) {
        const std::string name = std::regex_replace(method.name, index, "");
        seen.insert(name);
        EXPECT_NE(kRead.contains(name), kIgnored.contains(name))
            << name << " must be in exactly one of kRead and kIgnored";
    }
    // The lists name nothing the capture lacks (SET_COLOR_TARGET_LAYER is NVK's too).
    for (const auto* list : {&kRead, &kIgnored}) {
        for (const std::string& name : *list) {
            EXPECT_TRUE(seen.contains(name)) << name << " is not in the capture";
        }
    }
}

}  // namespace
