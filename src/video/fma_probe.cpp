#include "video/fma_probe.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "base/error.h"

namespace video {
namespace {

struct Case {
    float a, b, c;
};

// a * b + c where rounding the product first (or the sum to f64 first) changes the result:
//  - (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly; the product rounded to f32 gives 0.
//  - the same with the signs of a and c turned: -2^-24.
//  - (1 + 2^-23)(1 - 2^-24) - 1 = 2^-24 - 2^-47; the rounded product is 1, giving 0.
//  - (1 + 2^-12)^2 + 2^-70 = 1 + 2^-11 + 2^-24 + 2^-70: just above a tie, so 1 + 2^-11 + 2^-23
//    rounded once; rounded to f64 first it is the tie, which goes to even, 1 + 2^-11.
constexpr Case kCases[] = {
    {1.0f + 0x1p-12f, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f)},
    {-(1.0f + 0x1p-12f), 1.0f + 0x1p-12f, 1.0f + 0x1p-11f},
    {1.0f + 0x1p-23f, 1.0f - 0x1p-24f, -1.0f},
    {1.0f + 0x1p-12f, 1.0f + 0x1p-12f, 0x1p-70f},
};
constexpr unsigned kCount = sizeof(kCases) / sizeof(kCases[0]);

// Invocation i reads data[3i], data[3i + 1], data[3i + 2] and writes their Fma to
// data[3 * kCount + i].
constexpr const char* kProbe = R"(
               OpCapability Shader
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpDecorate %Data Block
               OpMemberDecorate %Data 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
     %v3uint = OpTypeVector %uint 3
  %ptr_in_v3 = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in_v3 Input
        %arr = OpTypeRuntimeArray %float
       %Data = OpTypeStruct %arr
   %ptr_data = OpTypePointer StorageBuffer %Data
        %buf = OpVariable %ptr_data StorageBuffer
      %ptr_f = OpTypePointer StorageBuffer %float
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
    %uint_12 = OpConstant %uint 12
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %ids = OpLoad %v3uint %gid
          %i = OpCompositeExtract %uint %ids 0
         %i3 = OpIMul %uint %i %uint_3
        %ib = OpIAdd %uint %i3 %uint_1
        %ic = OpIAdd %uint %i3 %uint_2
        %id = OpIAdd %uint %i %uint_12
         %pa = OpAccessChain %ptr_f %buf %uint_0 %i3
         %pb = OpAccessChain %ptr_f %buf %uint_0 %ib
         %pc = OpAccessChain %ptr_f %buf %uint_0 %ic
         %pd = OpAccessChain %ptr_f %buf %uint_0 %id
          %a = OpLoad %float %pa
          %b = OpLoad %float %pb
          %c = OpLoad %float %pc
          %r = OpExtInst %float %1 Fma %a %b %c
               OpStore %pd %r
               OpReturn
               OpFunctionEnd
)";
static_assert(kCount == 4, "LocalSize and the %uint_12 output offset of kProbe");

std::vector<u32> AssembleProbe() {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* message) { messages += message; });
    std::vector<u32> words;
    if (!tools.Assemble(kProbe, &words)) {
        base::Fail("the fma probe does not assemble: {}", messages);
    }
    return words;
}

}  // namespace

bool ProbeFusedFma(ComputeDevice& device) {
    static const std::vector<u32> spirv = AssembleProbe();
    std::vector<float> data(4 * kCount, -1.0f);
    for (unsigned i = 0; i < kCount; ++i) {
        data[3 * i] = kCases[i].a;
        data[3 * i + 1] = kCases[i].b;
        data[3 * i + 2] = kCases[i].c;
    }
    std::vector<u8> bytes(data.size() * sizeof(float));
    std::memcpy(bytes.data(), data.data(), bytes.size());
    ComputeDispatch dispatch;
    dispatch.spirv = spirv;
    dispatch.buffers.push_back({0, BufferKind::Storage, &bytes});
    device.Dispatch(dispatch);
    std::memcpy(data.data(), bytes.data(), bytes.size());
    for (unsigned i = 0; i < kCount; ++i) {
        const float expected = std::fma(kCases[i].a, kCases[i].b, kCases[i].c);
        if (std::bit_cast<u32>(data[3 * kCount + i]) != std::bit_cast<u32>(expected)) {
            return false;
        }
    }
    return true;
}

}  // namespace video
