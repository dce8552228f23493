// Native float arithmetic where the target guarantees NVIDIA's results (frontend/float_arith.h):
// the same fixture kernels translated with and without TargetProfile's float guarantees.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>

#include "base/error.h"
#include "base/file.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace {

shader::ComputeProgram Translate(const char* file, const char* name,
                                 const shader::TargetProfile& target) {
    const std::filesystem::path path =
        std::filesystem::path(NXHOST_SOURCE_DIR) / "tests" / "shader" / "cuda" / file;
    const shader::sass::Cubin cubin = shader::sass::ReadCubin(base::ReadFile(path), file);
    const auto kernel = std::find_if(cubin.kernels.begin(), cubin.kernels.end(),
                                     [&](const auto& k) { return k.name == name; });
    if (kernel == cubin.kernels.end()) {
        ADD_FAILURE() << "no kernel " << name;
        return {};
    }
    shader::ComputeState state;
    state.block = {64, 1, 1};
    return shader::TranslateCompute(*kernel, target, state);
}

// spirv-dis text with friendly names (%float, %double), after validating for Vulkan 1.1.
std::string Disassemble(const shader::ComputeProgram& program) {
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* message) { messages += message; });
    EXPECT_TRUE(tools.Validate(program.spirv)) << messages;
    std::string text;
    EXPECT_TRUE(tools.Disassemble(
        program.spirv, &text,
        SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_NO_HEADER));
    return text;
}

// Lines of `text` holding every one of `parts`.
int CountLines(const std::string& text, std::initializer_list<std::string_view> parts) {
    std::istringstream lines(text);
    int count = 0;
    for (std::string line; std::getline(lines, line);) {
        count += std::all_of(parts.begin(), parts.end(), [&](std::string_view part) {
            return line.find(part) != std::string::npos;
        });
    }
    return count;
}

shader::TargetProfile Plain() {
    shader::TargetProfile target;
    target.subgroup_size = 8;
    target.int64 = true;
    target.float64 = true;
    return target;
}

shader::TargetProfile Guaranteed() {
    shader::TargetProfile target = Plain();
    target.denorm_preserve_f32 = true;
    target.denorm_preserve_f64 = true;
    target.signed_zero_inf_nan_preserve_f32 = true;
    target.signed_zero_inf_nan_preserve_f64 = true;
    target.fused_fma_f32 = true;
    return target;
}

// float_ops (arith.cu): x * y + s and fabsf(x) * -y + 1.5f are FFMAs in round-to-nearest,
// __fadd_rz, __fmul_rd and __fmaf_ru directed ones, which stay exact integer code.
TEST(NativeFloat, FloatOpsUsesNativeFmaWhereGuaranteed) {
    const shader::ComputeProgram plain = Translate("arith.cubin", "float_ops", Plain());
    const shader::ComputeProgram fast = Translate("arith.cubin", "float_ops", Guaranteed());
    const std::string plain_text = Disassemble(plain);
    const std::string fast_text = Disassemble(fast);
    EXPECT_EQ(CountLines(plain_text, {"%float", " Fma "}), 0);
    EXPECT_GE(CountLines(fast_text, {"%float", " Fma "}), 2);
    EXPECT_EQ(CountLines(plain_text, {"DenormPreserve"}), 0);
    EXPECT_EQ(CountLines(fast_text, {"OpExecutionMode", "DenormPreserve 32"}), 1);
    EXPECT_EQ(CountLines(fast_text, {"OpExecutionMode", "DenormPreserve 64"}), 1);
    EXPECT_EQ(CountLines(fast_text, {"OpExecutionMode", "SignedZeroInfNanPreserve 32"}), 1);
    EXPECT_EQ(CountLines(fast_text, {"OpExtension", "SPV_KHR_float_controls"}), 1);
    // The directed roundings still go through f64 and integer rounding.
    EXPECT_GT(CountLines(fast_text, {"%double", "OpFAdd"}), 0);
    std::printf("float_ops: %zu words with native f32 arithmetic, %zu exact\n", fast.spirv.size(),
                plain.spirv.size());
    EXPECT_LT(fast.spirv.size() * 10, plain.spirv.size() * 8)
        << fast.spirv.size() << " words native, " << plain.spirv.size() << " exact";
}

// Without a fused Fma the FFMAs stay exact, while FADD and FMUL may be native.
TEST(NativeFloat, FmaNeedsFusedFma) {
    shader::TargetProfile target = Guaranteed();
    target.fused_fma_f32 = false;
    const std::string text = Disassemble(Translate("arith.cubin", "float_ops", target));
    EXPECT_EQ(CountLines(text, {"%float", " Fma "}), 0);
    EXPECT_EQ(CountLines(text, {"OpExecutionMode", "DenormPreserve 32"}), 1);
}

// A device that may flush f32 denormals but keeps infinities and NaNs (NVIDIA's driver,
// lavapipe) gets the native operation checked: where an operand is a denormal or the result is
// not normal, a branch takes the exact path. Without those promises every f32 operation is exact.
TEST(NativeFloat, DenormalFlushChecksNativeResults) {
    shader::TargetProfile checked = Guaranteed();
    checked.denorm_preserve_f32 = false;
    shader::TargetProfile exact = checked;
    exact.signed_zero_inf_nan_preserve_f32 = false;
    const std::string checked_text = Disassemble(Translate("arith.cubin", "float_ops", checked));
    const std::string exact_text = Disassemble(Translate("arith.cubin", "float_ops", exact));
    EXPECT_GT(CountLines(checked_text, {"%float", " Fma "}), 0);
    EXPECT_GT(CountLines(checked_text, {"OpBranchConditional"}),
              CountLines(exact_text, {"OpBranchConditional"}));
    EXPECT_EQ(CountLines(exact_text, {"%float", " Fma "}), 0);
    EXPECT_EQ(CountLines(exact_text, {"= OpFAdd %float"}), 0);
    EXPECT_EQ(CountLines(checked_text, {"OpExecutionMode", "DenormPreserve 32"}), 0);
}

// double_ops: DADD and DMUL in round-to-nearest are one native instruction only where f64
// denormals and infinities are promised; otherwise the integer fma (128-bit product) computes
// them too.
TEST(NativeFloat, DoubleAddNeedsFloatControls64) {
    shader::TargetProfile flushing = Guaranteed();
    flushing.denorm_preserve_f64 = false;
    const std::string exact_text = Disassemble(Translate("arith.cubin", "double_ops", flushing));
    const std::string fast_text = Disassemble(Translate("arith.cubin", "double_ops", Guaranteed()));
    EXPECT_GT(CountLines(fast_text, {"= OpFAdd %double"}),
              CountLines(exact_text, {"= OpFAdd %double"}));
    EXPECT_GT(CountLines(fast_text, {"= OpFMul %double"}),
              CountLines(exact_text, {"= OpFMul %double"}));
}

}  // namespace
