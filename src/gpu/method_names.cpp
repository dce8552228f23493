#include "gpu/method_names.h"

#include <fmt/format.h>

#include <span>
#include <string_view>

#include "gpu/class_ids.h"

namespace gpu {
namespace {

// `count` methods from byte offset `offset`, `stride` bytes apart, named NAME(i) (or NAME for
// a single one that is not `indexed`: an array of one in the class header).
struct Named {
    u32 offset;
    std::string_view name;
    u32 count = 1;
    u32 stride = 4;
    bool indexed = false;
};

constexpr Named kHostCommon[] = {
    {0x00, "SET_OBJECT"}, {0x04, "ILLEGAL"},
    {0x08, "NOP"},        {0x10, "SEMAPHOREA"},
    {0x14, "SEMAPHOREB"}, {0x18, "SEMAPHOREC"},
    {0x1C, "SEMAPHORED"}, {0x20, "NON_STALL_INTERRUPT"},
    {0x24, "FB_FLUSH"},   {0x28, "MEM_OP_A"},
    {0x2C, "MEM_OP_B"},   {0x30, "MEM_OP_C"},
    {0x34, "MEM_OP_D"},   {0x50, "SET_REFERENCE"},
    {0x70, "SYNCPOINTA"}, {0x74, "SYNCPOINTB"},
    {0x78, "WFI"},        {0x7C, "CRC_CHECK"},
    {0x80, "YIELD"},
};
constexpr Named kHostAmpere[] = {
    {0x5C, "SEM_ADDR_LO"},    {0x60, "SEM_ADDR_HI"}, {0x64, "SEM_PAYLOAD_LO"},
    {0x68, "SEM_PAYLOAD_HI"}, {0x6C, "SEM_EXECUTE"}, {0x84, "CLEAR_FAULTED"},
};

// The inline-to-memory methods, at the same offsets in A140, the 3D and the compute classes.
constexpr Named kInlineToMemory[] = {
    {0x100, "NO_OPERATION"},
    {0x110, "WAIT_FOR_IDLE"},
    {0x180, "LINE_LENGTH_IN"},
    {0x184, "LINE_COUNT"},
    {0x188, "OFFSET_OUT_UPPER"},
    {0x18C, "OFFSET_OUT"},
    {0x190, "PITCH_OUT"},
    {0x194, "SET_DST_BLOCK_SIZE"},
    {0x198, "SET_DST_WIDTH"},
    {0x19C, "SET_DST_HEIGHT"},
    {0x1A0, "SET_DST_DEPTH"},
    {0x1A4, "SET_DST_LAYER"},
    {0x1A8, "SET_DST_ORIGIN_BYTES_X"},
    {0x1AC, "SET_DST_ORIGIN_SAMPLES_Y"},
    {0x1B0, "LAUNCH_DMA"},
    {0x1B4, "LOAD_INLINE_DATA"},
};

constexpr Named kThreed[] = {
    {0x104, "SET_NOTIFY_A"},
    {0x108, "SET_NOTIFY_B"},
    {0x10C, "NOTIFY"},
    {0x114, "LOAD_MME_INSTRUCTION_RAM_POINTER"},
    {0x118, "LOAD_MME_INSTRUCTION_RAM"},
    {0x11C, "LOAD_MME_START_ADDRESS_RAM_POINTER"},
    {0x120, "LOAD_MME_START_ADDRESS_RAM"},
    {0x124, "SET_MME_SHADOW_RAM_CONTROL"},
    {0x13C, "SEND_GO_IDLE"},
    {0x140, "PM_TRIGGER"},
    // The draw state (engines/draw_state.cpp reads these).
    {0x0A18, "SET_VIEWPORT_COORDINATE_SWIZZLE", 16, 32},
    {0x0D7C, "SET_VIEWPORT_Z_CLIP"},
    {0x1214, "DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST"},
    {0x1218, "DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT"},
    {0x1300, "SET_INLINE_INDEX4X8_ALIGN"},
    {0x1304, "DRAW_INLINE_INDEX4X8"},
    {0x15E8, "DRAW_INLINE_INDEX"},
    {0x15EC, "SET_INLINE_INDEX2X16_ALIGN"},
    {0x15F0, "DRAW_INLINE_INDEX2X16"},
    {0x17E4, "DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST"},
    {0x17E8, "DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST"},
    {0x17EC, "DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST"},
    {0x17F0, "DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT"},
    {0x17F4, "DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT"},
    {0x17F8, "DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT"},
    // Turing and later (clc597.h, clc797.h).
    {0x0220, "SET_INSTANCE_COUNT"},
    {0x0238, "SET_INDEX_BUFFER_SIZE_A"},
    {0x023C, "SET_INDEX_BUFFER_SIZE_B"},
    {0x0260, "SET_DRAW_CONTROL_A"},
    {0x0264, "SET_DRAW_CONTROL_B"},
    {0x0268, "DRAW_INDEX_BUFFER_BEGIN_END_A"},
    {0x026C, "DRAW_INDEX_BUFFER_BEGIN_END_B"},
    {0x0270, "DRAW_VERTEX_ARRAY_BEGIN_END_A"},
    {0x0274, "DRAW_VERTEX_ARRAY_BEGIN_END_B"},
    {0xDAC, "SET_FRONT_POLYGON_MODE"},
    {0xDB0, "SET_BACK_POLYGON_MODE"},
    {0xF54, "SET_BACK_STENCIL_FUNC_REF"},
    {0xF58, "SET_BACK_STENCIL_MASK"},
    {0xF5C, "SET_BACK_STENCIL_FUNC_MASK"},
    {0x12E4, "SET_BLEND_STATE_PER_TARGET"},
    {0x131C, "SET_BLEND_CONST_RED"},
    {0x1320, "SET_BLEND_CONST_GREEN"},
    {0x1324, "SET_BLEND_CONST_BLUE"},
    {0x1328, "SET_BLEND_CONST_ALPHA"},
    {0x133C, "SET_BLEND_SEPARATE_FOR_ALPHA"},
    {0x1340, "SET_BLEND_COLOR_OP"},
    {0x1344, "SET_BLEND_COLOR_SOURCE_COEFF"},
    {0x1348, "SET_BLEND_COLOR_DEST_COEFF"},
    {0x134C, "SET_BLEND_ALPHA_OP"},
    {0x1350, "SET_BLEND_ALPHA_SOURCE_COEFF"},
    {0x1358, "SET_BLEND_ALPHA_DEST_COEFF"},
    {0x1360, "SET_BLEND", 8},
    {0x1380, "SET_STENCIL_TEST"},
    {0x1384, "SET_STENCIL_OP_FAIL"},
    {0x1388, "SET_STENCIL_OP_ZFAIL"},
    {0x138C, "SET_STENCIL_OP_ZPASS"},
    {0x1390, "SET_STENCIL_FUNC"},
    {0x1394, "SET_STENCIL_FUNC_REF"},
    {0x1398, "SET_STENCIL_FUNC_MASK"},
    {0x139C, "SET_STENCIL_MASK"},
    {0x13AC, "SET_WINDOW_ORIGIN"},
    {0x1594, "SET_TWO_SIDED_STENCIL_TEST"},
    {0x1598, "SET_BACK_STENCIL_OP_FAIL"},
    {0x159C, "SET_BACK_STENCIL_OP_ZFAIL"},
    {0x15A0, "SET_BACK_STENCIL_OP_ZPASS"},
    {0x15A4, "SET_BACK_STENCIL_FUNC"},
    {0x1880, "SET_VERTEX_STREAM_INSTANCE_A", 32},
    {0x1E00, "SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA", 8, 32},
    {0x1E04, "SET_BLEND_PER_TARGET_COLOR_OP", 8, 32},
    {0x1E08, "SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF", 8, 32},
    {0x1E0C, "SET_BLEND_PER_TARGET_COLOR_DEST_COEFF", 8, 32},
    {0x1E10, "SET_BLEND_PER_TARGET_ALPHA_OP", 8, 32},
    {0x1E14, "SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF", 8, 32},
    {0x1E18, "SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF", 8, 32},
    {0x1F00, "SET_VERTEX_STREAM_LIMIT_A_A", 32, 8},
    {0x1F04, "SET_VERTEX_STREAM_LIMIT_A_B", 32, 8},
    {0x2608, "SET_BINDLESS_TEXTURE"},
    {0x800, "SET_COLOR_TARGET_A", 8, 64},
    {0x804, "SET_COLOR_TARGET_B", 8, 64},
    {0x808, "SET_COLOR_TARGET_WIDTH", 8, 64},
    {0x80C, "SET_COLOR_TARGET_HEIGHT", 8, 64},
    {0x810, "SET_COLOR_TARGET_FORMAT", 8, 64},
    {0x814, "SET_COLOR_TARGET_MEMORY", 8, 64},
    {0x81C, "SET_COLOR_TARGET_ARRAY_PITCH", 8, 64},
    {0x820, "SET_COLOR_TARGET_LAYER", 8, 64},
    {0xA00, "SET_VIEWPORT_SCALE_X", 16, 32},
    {0xA04, "SET_VIEWPORT_SCALE_Y", 16, 32},
    {0xA08, "SET_VIEWPORT_SCALE_Z", 16, 32},
    {0xA0C, "SET_VIEWPORT_OFFSET_X", 16, 32},
    {0xA10, "SET_VIEWPORT_OFFSET_Y", 16, 32},
    {0xA14, "SET_VIEWPORT_OFFSET_Z", 16, 32},
    {0xC00, "SET_VIEWPORT_CLIP_HORIZONTAL", 16, 16},
    {0xC04, "SET_VIEWPORT_CLIP_VERTICAL", 16, 16},
    {0xC08, "SET_VIEWPORT_CLIP_MIN_Z", 16, 16},
    {0xC0C, "SET_VIEWPORT_CLIP_MAX_Z", 16, 16},
    {0xD74, "SET_VERTEX_ARRAY_START"},
    {0xD78, "DRAW_VERTEX_ARRAY"},
    {0xD80, "SET_COLOR_CLEAR_VALUE", 4},
    {0xD90, "SET_Z_CLEAR_VALUE"},
    {0xDA0, "SET_STENCIL_CLEAR_VALUE"},
    {0xE00, "SET_SCISSOR_ENABLE", 16, 16},
    {0xE04, "SET_SCISSOR_HORIZONTAL", 16, 16},
    {0xE08, "SET_SCISSOR_VERTICAL", 16, 16},
    {0xF10, "SELECT_MAXWELL_TEXTURE_HEADERS"},
    {0xFE0, "SET_ZT_A"},
    {0xFE4, "SET_ZT_B"},
    {0xFE8, "SET_ZT_FORMAT"},
    {0xFEC, "SET_ZT_BLOCK_SIZE"},
    {0xFF0, "SET_ZT_ARRAY_PITCH"},
    {0x1160, "SET_VERTEX_ATTRIBUTE_A", 32},
    {0x121C, "SET_CT_SELECT"},
    {0x1228, "SET_ZT_SIZE_A"},
    {0x122C, "SET_ZT_SIZE_B"},
    {0x1230, "SET_ZT_SIZE_C"},
    {0x1234, "SET_SAMPLER_BINDING"},
    {0x12CC, "SET_DEPTH_TEST"},
    {0x12E8, "SET_DEPTH_WRITE"},
    {0x130C, "SET_DEPTH_FUNC"},
    {0x1434, "SET_GLOBAL_BASE_VERTEX_INDEX"},
    {0x1438, "SET_GLOBAL_BASE_INSTANCE_INDEX"},
    {0x1538, "SET_ZT_SELECT"},
    {0x1550, "SET_RENDER_ENABLE_A"},
    {0x1554, "SET_RENDER_ENABLE_B"},
    {0x1558, "SET_RENDER_ENABLE_C"},
    {0x155C, "SET_TEX_SAMPLER_POOL_A"},
    {0x1560, "SET_TEX_SAMPLER_POOL_B"},
    {0x1564, "SET_TEX_SAMPLER_POOL_C"},
    {0x1574, "SET_TEX_HEADER_POOL_A"},
    {0x1578, "SET_TEX_HEADER_POOL_B"},
    {0x157C, "SET_TEX_HEADER_POOL_C"},
    {0x1608, "SET_PROGRAM_REGION_A"},
    {0x160C, "SET_PROGRAM_REGION_B"},
    {0x1614, "END"},
    {0x1618, "BEGIN"},
    {0x17C8, "SET_INDEX_BUFFER_A"},
    {0x17CC, "SET_INDEX_BUFFER_B"},
    {0x17D0, "SET_INDEX_BUFFER_C"},
    {0x17D4, "SET_INDEX_BUFFER_D"},
    {0x17D8, "SET_INDEX_BUFFER_E"},
    {0x17DC, "SET_INDEX_BUFFER_F"},
    {0x17E0, "DRAW_INDEX_BUFFER"},
    {0x1918, "OGL_SET_CULL"},
    {0x191C, "OGL_SET_FRONT_FACE"},
    {0x1920, "OGL_SET_CULL_FACE"},
    {0x1944, "SET_RENDER_ENABLE_OVERRIDE"},
    {0x19D0, "CLEAR_SURFACE"},
    {0x1A00, "SET_CT_WRITE", 8},
    {0x1B00, "SET_REPORT_SEMAPHORE_A"},
    {0x1B04, "SET_REPORT_SEMAPHORE_B"},
    {0x1B08, "SET_REPORT_SEMAPHORE_C"},
    {0x1B0C, "SET_REPORT_SEMAPHORE_D"},
    {0x1C00, "SET_VERTEX_STREAM_A_FORMAT", 16, 16},
    {0x1C04, "SET_VERTEX_STREAM_A_LOCATION_A", 16, 16},
    {0x1C08, "SET_VERTEX_STREAM_A_LOCATION_B", 16, 16},
    {0x1C0C, "SET_VERTEX_STREAM_A_FREQUENCY", 16, 16},
    {0x2000, "SET_PIPELINE_SHADER", 6, 64},
    {0x2004, "SET_PIPELINE_PROGRAM", 6, 64},
    {0x200C, "SET_PIPELINE_REGISTER_COUNT", 6, 64},
    {0x2010, "SET_PIPELINE_BINDING", 6, 64},
    {0x2014, "SET_PIPELINE_PROGRAM_ADDRESS_A", 6, 64},
    {0x2018, "SET_PIPELINE_PROGRAM_ADDRESS_B", 6, 64},
    {0x2380, "SET_CONSTANT_BUFFER_SELECTOR_A"},
    {0x2384, "SET_CONSTANT_BUFFER_SELECTOR_B"},
    {0x2388, "SET_CONSTANT_BUFFER_SELECTOR_C"},
    {0x238C, "LOAD_CONSTANT_BUFFER_OFFSET"},
    {0x2390, "LOAD_CONSTANT_BUFFER", 16},
    {0x2410, "BIND_GROUP_CONSTANT_BUFFER", 5, 32},
    // The rest of the state NVK sends for a draw (tests/gpu/nvk/nvk_methods.txt), at the
    // offsets of clc797.h; Mesa's NVK writes these through its NV9097 (Fermi) names for every
    // class, so they keep these offsets in MAXWELL_B too.
    {0x0210, "SET_API_MANDATED_EARLY_Z"},
    {0x037C, "SET_RASTER_ENABLE"},
    {0x0700, "SET_STREAM_OUT_CONTROL_STREAM", 4, 16},
    {0x0704, "SET_STREAM_OUT_CONTROL_COMPONENT_COUNT", 4, 16},
    {0x0708, "SET_STREAM_OUT_CONTROL_STRIDE", 4, 16},
    {0x0740, "SET_RASTER_INPUT"},
    {0x0818, "SET_COLOR_TARGET_THIRD_DIMENSION", 8, 64},
    {0x0D6C, "SET_CLEAR_RECT_HORIZONTAL"},
    {0x0D70, "SET_CLEAR_RECT_VERTICAL"},
    {0x0DA4, "INVALIDATE_SHADER_CACHES_NO_WFI"},
    {0x0DC0, "SET_POLY_OFFSET_POINT"},
    {0x0DC4, "SET_POLY_OFFSET_LINE"},
    {0x0DC8, "SET_POLY_OFFSET_FILL"},
    {0x0F1C, "SET_POST_Z_PS_IMASK"},
    {0x0FBC, "SET_SAMPLE_MASK_X0_Y0"},
    {0x0FC0, "SET_SAMPLE_MASK_X1_Y0"},
    {0x0FC4, "SET_SAMPLE_MASK_X0_Y1"},
    {0x0FC8, "SET_SAMPLE_MASK_X1_Y1"},
    {0x0FF4, "SET_SURFACE_CLIP_HORIZONTAL"},
    {0x0FF8, "SET_SURFACE_CLIP_VERTICAL"},
    {0x10F8, "SET_CLEAR_SURFACE_CONTROL"},
    {0x1110, "SET_DEPTH_BIAS_CONTROL"},
    {0x11E0, "SET_ANTI_ALIAS_SAMPLE_POSITIONS", 4},
    {0x1288, "INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI"},
    {0x13B0, "SET_LINE_WIDTH_FLOAT"},
    {0x13B4, "SET_ALIASED_LINE_WIDTH_FLOAT"},
    {0x1418, "SET_LINE_MULTISAMPLE_OVERRIDE"},
    {0x1424, "INVALIDATE_SAMPLER_CACHE_NO_WFI"},
    {0x1428, "INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI"},
    {0x1510, "SET_USER_CLIP_ENABLE"},
    {0x153C, "SET_ANTI_ALIAS_ALPHA_CONTROL"},
    {0x156C, "SET_SLOPE_SCALE_DEPTH_BIAS"},
    {0x1570, "SET_ANTI_ALIASED_LINE"},
    {0x15BC, "SET_DEPTH_BIAS"},
    {0x15CC, "SET_RT_LAYER"},
    {0x15D0, "SET_ANTI_ALIAS"},
    {0x1644, "SET_DA_PRIMITIVE_RESTART"},
    {0x166C, "SET_LINE_STIPPLE"},
    {0x1680, "SET_LINE_STIPPLE_PARAMETERS"},
    {0x1684, "SET_PROVOKING_VERTEX"},
    {0x187C, "SET_DEPTH_BIAS_CLAMP"},
    {0x193C, "SET_VIEWPORT_CLIP_CONTROL"},
    {0x1940, "SET_USER_CLIP_OP"},
    {0x196C, "SET_ZCULL_BOUNDS"},
    {0x19BC, "SET_DEPTH_BOUNDS_TEST"},
    {0x19C4, "SET_LOGIC_OP"},
    {0x19C8, "SET_LOGIC_OP_FUNC"},
    {0x19E0, "SET_COLOR_COMPRESSION", 8},
    {0x3400, "SET_MME_SHADOW_SCRATCH", 256},
    {0x3800, "CALL_MME_MACRO", 128, 8},
    {0x3804, "CALL_MME_DATA", 128, 8},
};

// 3D methods of Turing and later only (clc597.h, clc797.h): variable-rate shading and
// conservative rasterisation.
constexpr Named kThreedTuring[] = {
    {0x02CC, "SET_VARIABLE_PIXEL_RATE_SHADING_TABLE_SELECT"},
    {0x0360, "SET_SUBTILING_PERF_KNOB_A"},
    {0x0364, "SET_SUBTILING_PERF_KNOB_B"},
    {0x1148, "SET_CONSERVATIVE_RASTER"},
    {0x12A8, "SET_SHADING_RATE_INDEX_SURFACE_ADDRESS_A", 1, 32, true},
    {0x12AC, "SET_SHADING_RATE_INDEX_SURFACE_ADDRESS_B", 1, 32, true},
    {0x12B0, "SET_SHADING_RATE_INDEX_SURFACE_SIZE_A", 1, 32, true},
    {0x12B4, "SET_SHADING_RATE_INDEX_SURFACE_SIZE_B", 1, 32, true},
    {0x12B8, "SET_SHADING_RATE_INDEX_SURFACE_LAYER", 1, 32, true},
    {0x12BC, "SET_SHADING_RATE_INDEX_SURFACE_ARRAY_PITCH", 1, 32, true},
    {0x12C0, "SET_SHADING_RATE_INDEX_SURFACE_BLOCK_SIZE", 1, 32, true},
    {0x12C4, "SET_SHADING_RATE_INDEX_SURFACE_ALLOCATED_SIZE", 1, 32, true},
};

// OGD classes/compute/clb1c0.h (deko3d engine_compute.def uses the same numbers).
constexpr Named kCompute[] = {
    {0x110, "WAIT_FOR_IDLE"},
    {0x214, "SET_SHADER_SHARED_MEMORY_WINDOW"},
    {0x21C, "INVALIDATE_SHADER_CACHES"},
    {0x2B4, "SEND_PCAS_A"},
    {0x2B8, "SEND_PCAS_B"},
    {0x2BC, "SEND_SIGNALING_PCAS_B"},
    {0x2E4, "SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_A"},
    {0x2E8, "SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_B"},
    {0x2EC, "SET_SHADER_LOCAL_MEMORY_NON_THROTTLED_C"},
    {0x2F0, "SET_SHADER_LOCAL_MEMORY_THROTTLED_A"},
    {0x2F4, "SET_SHADER_LOCAL_MEMORY_THROTTLED_B"},
    {0x2F8, "SET_SHADER_LOCAL_MEMORY_THROTTLED_C"},
    {0x310, "SET_SPA_VERSION"},
    {0x77C, "SET_SHADER_LOCAL_MEMORY_WINDOW"},
    {0x790, "SET_SHADER_LOCAL_MEMORY_A"},
    {0x794, "SET_SHADER_LOCAL_MEMORY_B"},
    {0x1528, "SET_SHADER_EXCEPTIONS"},
    {0x155C, "SET_TEX_SAMPLER_POOL_A"},
    {0x1560, "SET_TEX_SAMPLER_POOL_B"},
    {0x1564, "SET_TEX_SAMPLER_POOL_C"},
    {0x1574, "SET_TEX_HEADER_POOL_A"},
    {0x1578, "SET_TEX_HEADER_POOL_B"},
    {0x157C, "SET_TEX_HEADER_POOL_C"},
    {0x1608, "SET_PROGRAM_REGION_A"},
    {0x160C, "SET_PROGRAM_REGION_B"},
    {0x1B00, "SET_REPORT_SEMAPHORE_A"},
    {0x1B04, "SET_REPORT_SEMAPHORE_B"},
    {0x1B08, "SET_REPORT_SEMAPHORE_C"},
    {0x1B0C, "SET_REPORT_SEMAPHORE_D"},
    {0x2608, "SET_BINDLESS_TEXTURE"},
};

constexpr Named kCopy[] = {
    {0x100, "NOP"},
    {0x140, "PM_TRIGGER"},
    {0x2C8, "INCREMENT_SYNC_POINT"},
    {0x240, "SET_SEMAPHORE_A"},
    {0x244, "SET_SEMAPHORE_B"},
    {0x248, "SET_SEMAPHORE_PAYLOAD"},
    {0x254, "SET_RENDER_ENABLE_A"},
    {0x258, "SET_RENDER_ENABLE_B"},
    {0x25C, "SET_RENDER_ENABLE_C"},
    {0x260, "SET_SRC_PHYS_MODE"},
    {0x264, "SET_DST_PHYS_MODE"},
    {0x300, "LAUNCH_DMA"},
    {0x400, "OFFSET_IN_UPPER"},
    {0x404, "OFFSET_IN_LOWER"},
    {0x408, "OFFSET_OUT_UPPER"},
    {0x40C, "OFFSET_OUT_LOWER"},
    {0x410, "PITCH_IN"},
    {0x414, "PITCH_OUT"},
    {0x418, "LINE_LENGTH_IN"},
    {0x41C, "LINE_COUNT"},
    {0x700, "SET_REMAP_CONST_A"},
    {0x704, "SET_REMAP_CONST_B"},
    {0x708, "SET_REMAP_COMPONENTS"},
    {0x70C, "SET_DST_BLOCK_SIZE"},
    {0x710, "SET_DST_WIDTH"},
    {0x714, "SET_DST_HEIGHT"},
    {0x718, "SET_DST_DEPTH"},
    {0x71C, "SET_DST_LAYER"},
    {0x720, "SET_DST_ORIGIN"},
    {0x728, "SET_SRC_BLOCK_SIZE"},
    {0x72C, "SET_SRC_WIDTH"},
    {0x730, "SET_SRC_HEIGHT"},
    {0x734, "SET_SRC_DEPTH"},
    {0x738, "SET_SRC_LAYER"},
    {0x73C, "SET_SRC_ORIGIN"},
    {0x1114, "PM_TRIGGER_END"},
};

constexpr Named kTwod[] = {
    {0x200, "SET_DST_FORMAT"},
    {0x204, "SET_DST_MEMORY_LAYOUT"},
    {0x208, "SET_DST_BLOCK_SIZE"},
    {0x20C, "SET_DST_DEPTH"},
    {0x210, "SET_DST_LAYER"},
    {0x214, "SET_DST_PITCH"},
    {0x218, "SET_DST_WIDTH"},
    {0x21C, "SET_DST_HEIGHT"},
    {0x220, "SET_DST_OFFSET_UPPER"},
    {0x224, "SET_DST_OFFSET_LOWER"},
    {0x230, "SET_SRC_FORMAT"},
    {0x234, "SET_SRC_MEMORY_LAYOUT"},
    {0x238, "SET_SRC_BLOCK_SIZE"},
    {0x23C, "SET_SRC_DEPTH"},
    {0x240, "SET_SRC_LAYER"},
    {0x244, "SET_SRC_PITCH"},
    {0x248, "SET_SRC_WIDTH"},
    {0x24C, "SET_SRC_HEIGHT"},
    {0x250, "SET_SRC_OFFSET_UPPER"},
    {0x254, "SET_SRC_OFFSET_LOWER"},
    {0x290, "SET_CLIP_ENABLE"},
    {0x2AC, "SET_OPERATION"},
    {0x580, "RENDER_SOLID_PRIM_MODE"},
    {0x584, "SET_RENDER_SOLID_PRIM_COLOR_FORMAT"},
    {0x588, "SET_RENDER_SOLID_PRIM_COLOR"},
    {0x600, "RENDER_SOLID_PRIM_POINT_SET_X", 64, 8},
    {0x604, "RENDER_SOLID_PRIM_POINT_Y", 64, 8},
    {0x888, "SET_PIXELS_FROM_MEMORY_SAFE_OVERLAP"},
    {0x88C, "SET_PIXELS_FROM_MEMORY_SAMPLE_MODE"},
    {0x8B0, "SET_PIXELS_FROM_MEMORY_DST_X0"},
    {0x8B4, "SET_PIXELS_FROM_MEMORY_DST_Y0"},
    {0x8B8, "SET_PIXELS_FROM_MEMORY_DST_WIDTH"},
    {0x8BC, "SET_PIXELS_FROM_MEMORY_DST_HEIGHT"},
    {0x8C0, "SET_PIXELS_FROM_MEMORY_DU_DX_FRAC"},
    {0x8C4, "SET_PIXELS_FROM_MEMORY_DU_DX_INT"},
    {0x8C8, "SET_PIXELS_FROM_MEMORY_DV_DY_FRAC"},
    {0x8CC, "SET_PIXELS_FROM_MEMORY_DV_DY_INT"},
    {0x8D0, "SET_PIXELS_FROM_MEMORY_SRC_X0_FRAC"},
    {0x8D4, "SET_PIXELS_FROM_MEMORY_SRC_X0_INT"},
    {0x8D8, "SET_PIXELS_FROM_MEMORY_SRC_Y0_FRAC"},
    {0x8DC, "PIXELS_FROM_MEMORY_SRC_Y0_INT"},
};

std::optional<std::string> Lookup(std::span<const Named> table, u32 offset) {
    for (const Named& named : table) {
        if (offset < named.offset) {
            continue;
        }
        const u32 distance = offset - named.offset;
        if (distance % named.stride == 0 && distance / named.stride < named.count) {
            return named.count == 1 && !named.indexed
                       ? std::string(named.name)
                       : fmt::format("{}({})", named.name, distance / named.stride);
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> MethodName(u32 gpfifo_class, u32 class_id, u32 method) {
    const u32 offset = method * 4;
    if (method < 0x40) {
        if (IsAmpereGpfifo(gpfifo_class)) {
            if (auto name = Lookup(kHostAmpere, offset)) {
                return name;
            }
        }
        return Lookup(kHostCommon, offset);
    }
    switch (KindOfClass(class_id).value_or(EngineKind::Gpfifo)) {
        case EngineKind::Threed:
            if (auto name = Lookup(kInlineToMemory, offset)) {
                return name;
            }
            if (class_id >= 0xC597) {
                if (auto name = Lookup(kThreedTuring, offset)) {
                    return name;
                }
            }
            return Lookup(kThreed, offset);
        case EngineKind::Compute:
            if (auto name = Lookup(kInlineToMemory, offset)) {
                return name;
            }
            return Lookup(kCompute, offset);
        case EngineKind::InlineToMemory:
            return Lookup(kInlineToMemory, offset);
        case EngineKind::Copy:
            return Lookup(kCopy, offset);
        case EngineKind::Twod:
            return Lookup(kTwod, offset);
        case EngineKind::Gpfifo:
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace gpu
