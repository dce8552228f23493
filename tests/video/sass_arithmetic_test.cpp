// Single SASS float instructions, assembled from text into a kernel, translated and run on the
// Vulkan device, against the host's IEEE arithmetic (x86-64 SSE: single rounding, denormals
// kept, fma through std::fma) on edge cases: NaN, infinities, signed zeros, denormals, values
// whose sum or product rounds at a tie or overflows.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>

#include "cuda_runner/kernel_runner.h"
#include "shader/sass/cubin.h"
#include "shader/sass/instruction.h"
#include "support/error_of.h"
#include "video_test_support.h"

namespace {

using video::testing::BytesWords;
using video::testing::SharedDevice;
using video::testing::WordBytes;

// A kernel of `operation` (lines of text with R4, R5, R6 as the sources and R7 as the result):
// thread i reads three words at in[3i], writes one at out[i].
shader::sass::CubinKernel ArithmeticKernel(const std::string& operation) {
    std::vector<std::string> program = {
        "S2R R0, SR_TID.X ;",
        "MOV R9, 0xc ;",
        "IMAD.WIDE.U32 R2, R0, R9, c[0x0][0x160] ;",
        "LDG.E R4, [R2.64] ;",
        "LDG.E R5, [R2.64+0x4] ;",
        "LDG.E R6, [R2.64+0x8] ;",
    };
    for (std::size_t start = 0; start < operation.size();) {
        const std::size_t end = std::min(operation.find('\n', start), operation.size());
        program.push_back(operation.substr(start, end - start));
        start = end + 1;
    }
    program.insert(program.end(), {
                                      "MOV R11, 0x4 ;",
                                      "IMAD.WIDE.U32 R10, R0, R11, c[0x0][0x168] ;",
                                      "STG.E [R10.64], R7 ;",
                                      "EXIT ;",
                                  });
    shader::sass::CubinKernel kernel;
    kernel.name = "arithmetic";
    u64 address = 0;
    for (const std::string& line : program) {
        const shader::sass::Word word = shader::sass::Assemble(line, address);
        const auto* bytes = reinterpret_cast<const u8*>(&word);
        kernel.code.insert(kernel.code.end(), bytes, bytes + 16);
        address += 16;
    }
    kernel.param_base = 0x160;
    kernel.param_bytes = 16;
    kernel.constant0_bytes = 0x170;
    kernel.parameters = {{0, 0, 8}, {1, 8, 8}};
    return kernel;
}

std::vector<float> EdgeValues() {
    const float inf = std::numeric_limits<float>::infinity();
    const float denormal = std::numeric_limits<float>::denorm_min();
    return {0.0f,
            -0.0f,
            1.0f,
            -1.0f,
            inf,
            -inf,
            std::numeric_limits<float>::quiet_NaN(),
            denormal,
            -denormal,
            std::numeric_limits<float>::min(),
            3.0e38f,
            -3.0e38f,
            1.0f + 0x1p-23f,
            1.0f + 0x1p-12f,
            -(1.0f + 0x1p-11f),
            0x1p-24f,
            0.1f,
            7.0f};
}

struct Case {
    float a, b, c;
};

std::vector<Case> Cases() {
    std::vector<Case> cases;
    const std::vector<float> values = EdgeValues();
    for (float a : values) {
        for (float b : values) {
            cases.push_back({a, b, values[(cases.size() * 7) % values.size()]});
        }
    }
    return cases;
}

// Runs `operation` on each case on the Vulkan device, translated for `target` (the device's own
// when none is given).
std::vector<u32> RunOnDevice(const std::string& operation, const std::vector<Case>& cases,
                             const shader::TargetProfile* target = nullptr) {
    std::vector<u32> input;
    for (const Case& c : cases) {
        input.push_back(std::bit_cast<u32>(c.a));
        input.push_back(std::bit_cast<u32>(c.b));
        input.push_back(std::bit_cast<u32>(c.c));
    }
    cuda_runner::KernelLaunch launch;
    launch.block = {static_cast<u32>(cases.size()), 1, 1};
    cuda_runner::KernelArgument in;
    in.kind = cuda_runner::ArgumentKind::In;
    in.bytes = WordBytes(input);
    cuda_runner::KernelArgument out;
    out.kind = cuda_runner::ArgumentKind::Out;
    out.bytes.assign(cases.size() * 4, 0);
    launch.arguments = {in, out};
    const shader::sass::CubinKernel kernel = ArithmeticKernel(operation);
    if (target == nullptr) {
        return BytesWords(cuda_runner::RunKernel(SharedDevice(), kernel, launch).buffers.at(1));
    }
    const shader::ComputeProgram program =
        shader::TranslateCompute(kernel, *target, cuda_runner::LaunchComputeState(kernel, launch));
    return BytesWords(
        cuda_runner::RunTranslatedKernel(SharedDevice(), kernel, program, launch).buffers.at(1));
}

// NVIDIA's float results have one NaN (0x7fffffff); any NaN counts as that one here.
void ExpectSame(const std::string& what, const std::vector<Case>& cases,
                const std::vector<u32>& got, const std::function<float(const Case&)>& expected) {
    ASSERT_EQ(got.size(), cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const float want = expected(cases[i]);
        const float have = std::bit_cast<float>(got[i]);
        if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(have)) << what << " of " << cases[i].a << ", " << cases[i].b
                                          << ", " << cases[i].c << " gave " << have;
            continue;
        }
        EXPECT_EQ(got[i], std::bit_cast<u32>(want))
            << what << " of " << cases[i].a << ", " << cases[i].b << ", " << cases[i].c
            << ": expected " << want << " got " << have;
    }
}

TEST(SassArithmetic, FaddIsTheIeeeSum) {
    const std::vector<Case> cases = Cases();
    ExpectSame("FADD", cases, RunOnDevice("FADD R7, R4, R5 ;", cases),
               [](const Case& c) { return c.a + c.b; });
}

TEST(SassArithmetic, FmulIsTheIeeeProduct) {
    const std::vector<Case> cases = Cases();
    ExpectSame("FMUL", cases, RunOnDevice("FMUL R7, R4, R5 ;", cases),
               [](const Case& c) { return c.a * c.b; });
}

TEST(SassArithmetic, FfmaRoundsOnce) {
    const std::vector<Case> cases = Cases();
    ExpectSame("FFMA", cases, RunOnDevice("FFMA R7, R4, R5, R6 ;", cases),
               [](const Case& c) { return std::fma(c.a, c.b, c.c); });
}

// The directed roundings' references, from exact arithmetic (TwoSum's error for the sum, the
// exact double product), so they do not depend on the host's floating-point environment.
float SumTowardZero(const Case& c) {
    const float sum = c.a + c.b;
    if (!std::isfinite(c.a) || !std::isfinite(c.b)) {
        return sum;
    }
    if (std::isinf(sum)) {
        return std::copysign(std::numeric_limits<float>::max(), sum);
    }
    const float b_part = sum - c.a;
    const float error = (c.a - (sum - b_part)) + (c.b - b_part);
    if (error != 0.0f && std::signbit(error) != std::signbit(sum)) {
        return std::nextafter(sum, 0.0f);
    }
    return sum;
}

// A product of two floats is exact in double; round it down to float.
float ProductTowardMinusInfinity(const Case& c) {
    if (!std::isfinite(c.a) || !std::isfinite(c.b)) {
        return c.a * c.b;
    }
    const double exact = static_cast<double>(c.a) * static_cast<double>(c.b);
    const float nearest = static_cast<float>(exact);
    if (std::isinf(nearest)) {
        return nearest > 0 ? std::numeric_limits<float>::max() : nearest;
    }
    if (static_cast<double>(nearest) > exact) {
        return std::nextafter(nearest, -std::numeric_limits<float>::infinity());
    }
    return nearest == 0.0f && exact < 0.0 ? -0.0f : nearest;
}

TEST(SassArithmetic, FaddTowardZero) {
    const std::vector<Case> cases = Cases();
    ExpectSame("FADD.RZ", cases, RunOnDevice("FADD.RZ R7, R4, R5 ;", cases), SumTowardZero);
}

TEST(SassArithmetic, FmulTowardMinusInfinity) {
    const std::vector<Case> cases = Cases();
    ExpectSame("FMUL.RM", cases, RunOnDevice("FMUL.RM R7, R4, R5 ;", cases),
               ProductTowardMinusInfinity);
}

// a + b rounded by the host's SSE unit (x86-64) in `mode` (FE_DOWNWARD ...): IEEE sums, zeros'
// signs and overflows included, independent of how the translator gets them.
float HostSum(float a, float b, int mode) {
    std::fesetround(mode);
    // The empty asm statements keep the addition between the two fesetround calls (without
    // -frounding-math the compiler may move it).
    asm volatile("" : "+x"(a), "+x"(b));
    float sum = a + b;
    asm volatile("" : "+x"(sum));
    std::fesetround(FE_TONEAREST);
    return sum;
}

// FADD.RM / .RP / .RZ: from the native sum and its TwoSum error where the device keeps f32
// infinities and signed zeros (the exact path for zero and denormal sums), and the same
// without f64, where denormal operands and sums below the normal range are left out.
TEST(SassArithmetic, FaddDirectedWithAndWithoutFloat64) {
    shader::TargetProfile without_f64 = SharedDevice().Target();
    without_f64.float64 = false;
    for (const auto& [suffix, mode] : {std::pair{"RM", FE_DOWNWARD}, std::pair{"RP", FE_UPWARD},
                                       std::pair{"RZ", FE_TOWARDZERO}}) {
        const std::string operation = fmt::format("FADD.{} R7, R4, R5 ;", suffix);
        std::vector<Case> cases = Cases();
        cases.push_back({1.5f, -1.5f, 0.0f});  // an exact zero: -0 only rounding down
        cases.push_back({-0.0f, 0.0f, 0.0f});
        cases.push_back({3.0e38f, 3.0e38f, 0.0f});  // overflow
        cases.push_back({-3.0e38f, -3.0e38f, 0.0f});
        const auto expected = [mode](const Case& c) { return HostSum(c.a, c.b, mode); };
        ExpectSame(operation, cases, RunOnDevice(operation, cases), expected);
        if (!without_f64.signed_zero_inf_nan_preserve_f32) {
            continue;  // refused there: covered by MissingDeviceFeaturesAreNamed
        }
        std::vector<Case> normal;
        for (const Case& c : cases) {
            const float sum = HostSum(c.a, c.b, mode);
            if (std::fpclassify(c.a) != FP_SUBNORMAL && std::fpclassify(c.b) != FP_SUBNORMAL &&
                std::fpclassify(sum) != FP_SUBNORMAL &&
                !(sum == 0.0f && c.a != -c.b && !(c.a == 0.0f && c.b == 0.0f))) {
                normal.push_back(c);
            }
        }
        ExpectSame(operation + " without f64", normal, RunOnDevice(operation, normal, &without_f64),
                   expected);
    }
}

// Without f64 a directed FMUL comes from the native product and its exact error,
// Fma(a, b, -p), on a device that fuses fma and keeps f32 infinities (NVIDIA); elsewhere it is
// refused. Tiny products (below 2^-79, where the error could underflow) are left out: only the
// exact path, which needs f64, gets them right to the unit.
TEST(SassArithmetic, FmulTowardMinusInfinityWithoutFloat64) {
    std::vector<Case> cases;
    for (const Case& c : Cases()) {
        const double product = std::fabs(static_cast<double>(c.a) * static_cast<double>(c.b));
        if (!(product > 0.0 && product < 0x1p-79) && std::fpclassify(c.a) != FP_SUBNORMAL &&
            std::fpclassify(c.b) != FP_SUBNORMAL) {
            cases.push_back(c);
        }
    }
    shader::TargetProfile target = SharedDevice().Target();
    target.float64 = false;
    const bool fused = target.fused_fma_f32 && target.signed_zero_inf_nan_preserve_f32;
    if (!fused) {
        const std::string error =
            test_support::ErrorOf([&] { RunOnDevice("FMUL.RM R7, R4, R5 ;", cases, &target); });
        EXPECT_NE(error.find("directed rounding"), std::string::npos) << error;
        return;
    }
    ExpectSame("FMUL.RM without f64", cases, RunOnDevice("FMUL.RM R7, R4, R5 ;", cases, &target),
               ProductTowardMinusInfinity);
}

// FMUL.FTZ with a scale (.D8 ... .M8, seen as FMUL.FTZ.D2 in graphics shaders): a * b * 2^k
// rounded once, denormal operands and results flushed to zeros of their sign.
TEST(SassArithmetic, FmulWithScaleRoundsOnce) {
    const auto flushed = [](float x) {
        return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
    };
    std::vector<Case> cases = Cases();
    // Products at the ends of the range, where the scale moves them in or out.
    for (const float big : {0x1p126f, 0x1.fffffep127f, 3.0e38f}) {
        cases.push_back({big, 2.0f, 0.0f});
        cases.push_back({big, 0.5f, 0.0f});
    }
    for (const float small : {0x1p-126f, 0x1.8p-125f, 0x1p-120f}) {
        cases.push_back({small, 0.75f, 0.0f});
        cases.push_back({small, 3.0f, 0.0f});
        cases.push_back({small, small, 0.0f});
    }
    for (const auto& [name, scale] :
         {std::pair{"D8", -3}, std::pair{"D2", -1}, std::pair{"M2", 1}, std::pair{"M8", 3}}) {
        for (const bool toward_zero : {false, true}) {
            const std::string operation =
                fmt::format("FMUL.FTZ.{}{} R7, R4, R5 ;", name, toward_zero ? ".RZ" : "");
            ExpectSame(operation, cases, RunOnDevice(operation, cases), [&](const Case& c) {
                const double exact = static_cast<double>(flushed(c.a)) *
                                     static_cast<double>(flushed(c.b)) * std::ldexp(1.0, scale);
                float result = static_cast<float>(exact);
                if (toward_zero && std::isfinite(exact) &&
                    std::fabs(static_cast<double>(result)) > std::fabs(exact)) {
                    result = std::isinf(result) ? std::copysign(0x1.fffffep127f, result)
                                                : std::nextafter(result, 0.0f);
                }
                return flushed(result);
            });
        }
    }
}

// LOP3.LUT computes bit i of its result as bit (a_i << 2 | b_i << 1 | c_i) of the table: every
// one of the 256 tables, on the edge values' bit patterns.
TEST(SassArithmetic, Lop3ComputesEveryTable) {
    const std::vector<Case> cases = Cases();
    for (u32 lut = 0; lut < 256; ++lut) {
        const std::vector<u32> got =
            RunOnDevice(fmt::format("LOP3.LUT R7, R4, R5, R6, {:#x}, !PT ;", lut), cases);
        ASSERT_EQ(got.size(), cases.size());
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const u32 a = std::bit_cast<u32>(cases[i].a);
            const u32 b = std::bit_cast<u32>(cases[i].b);
            const u32 c = std::bit_cast<u32>(cases[i].c);
            u32 want = 0;
            for (u32 bit = 0; bit < 32; ++bit) {
                const u32 row = (a >> bit & 1) << 2 | (b >> bit & 1) << 1 | (c >> bit & 1);
                want |= (lut >> row & 1) << bit;
            }
            ASSERT_EQ(got[i], want)
                << fmt::format("LOP3.LUT {:#04x} of {:#x}, {:#x}, {:#x}", lut, a, b, c);
        }
    }
}

// SHF.{L,R}[.W].type[.HI] Rd, lo, shift, hi: the funnel shift of hi:lo by the shift wrapped
// (.W) or clamped to the type's width, every form at the amounts where that matters.
TEST(SassArithmetic, ShfAtEveryEdgeOfTheShift) {
    const u32 words[] = {0x00000000u, 0xffffffffu, 0x80000001u, 0x12345678u, 0xfedcba98u};
    const u32 shifts[] = {0, 1, 31, 32, 33, 63, 64, 65, 100, 0x80000000u, 0xffffffffu};
    std::vector<Case> cases;
    for (u32 lo : words) {
        for (u32 hi : words) {
            for (u32 shift : shifts) {
                cases.push_back({std::bit_cast<float>(lo), std::bit_cast<float>(shift),
                                 std::bit_cast<float>(hi)});
            }
        }
    }
    for (const char* direction : {"L", "R"}) {
        for (const char* wrap : {"", ".W"}) {
            for (const char* type : {"U64", "S64", "U32", "S32"}) {
                for (const char* half : {"", ".HI"}) {
                    const std::string name =
                        fmt::format("SHF.{}{}.{}{}", direction, wrap, type, half);
                    const std::vector<u32> got = RunOnDevice(name + " R7, R4, R5, R6 ;", cases);
                    ASSERT_EQ(got.size(), cases.size());
                    const bool wide = type[1] == '6';
                    const bool arithmetic = type[0] == 'S';
                    const u32 width = wide ? 64 : 32;
                    for (std::size_t i = 0; i < cases.size(); ++i) {
                        const u32 lo = std::bit_cast<u32>(cases[i].a);
                        const u32 shift = std::bit_cast<u32>(cases[i].b);
                        const u32 hi = std::bit_cast<u32>(cases[i].c);
                        const u32 amount = *wrap ? shift & (width - 1) : std::min(shift, width);
                        const u64 value = u64{hi} << 32 | lo;
                        u64 shifted = 0;
                        if (*direction == 'L') {
                            shifted = amount >= 64 ? 0 : value << amount;
                        } else if (arithmetic) {
                            shifted =
                                static_cast<u64>(static_cast<s64>(value) >> std::min(amount, 63u));
                        } else {
                            shifted = amount >= 64 ? 0 : value >> amount;
                        }
                        const u32 want = static_cast<u32>(*half ? shifted >> 32 : shifted);
                        ASSERT_EQ(got[i], want)
                            << fmt::format("{} lo {:#x} shift {:#x} hi {:#x}", name, lo, shift, hi);
                    }
                }
            }
        }
    }
}

// HFMA2 rounds a * b + c once to f16, also on a device without f64 (Intel's Xe GPUs), where
// the f32 sum is rounded to odd first: 0.75 * (683/512) + 2^-24 = 1 + 2^-11 + 2^-24 is just
// above an f16 tie, which an f32 fma rounded again to f16 gets wrong (it goes to the even 1.0).
TEST(SassArithmetic, Hfma2RoundsOnceWithAndWithoutFloat64) {
    const auto half_bits = [](double x) {
        const _Float16 h = static_cast<_Float16>(x);
        u16 bits = 0;
        std::memcpy(&bits, &h, 2);
        return static_cast<u32>(bits);
    };
    const auto half_value = [](u32 bits) {
        const u16 narrow = static_cast<u16>(bits);
        _Float16 h;
        std::memcpy(&h, &narrow, 2);
        return static_cast<double>(h);
    };
    std::vector<Case> cases;
    std::vector<u32> expected;
    const auto add_case = [&](u32 a, u32 b, u32 c) {
        cases.push_back(
            {std::bit_cast<float>(a), std::bit_cast<float>(b), std::bit_cast<float>(c)});
        u32 want = 0;
        for (u32 lane = 0; lane < 2; ++lane) {
            // Exact in double: f16 products have 22 bits, the sums stay within 53.
            const double exact = half_value(a >> (16 * lane)) * half_value(b >> (16 * lane)) +
                                 half_value(c >> (16 * lane));
            want |= half_bits(exact) << (16 * lane);
        }
        expected.push_back(want);
    };
    // Just above and just below the tie between 1 and 1 + 2^-10.
    add_case(half_bits(0.75) * 0x10001, half_bits(683.0 / 512.0) * 0x10001,
             half_bits(0x1p-24) | half_bits(-0x1p-24) << 16);
    ASSERT_EQ(expected[0], 0x3c003c01u);
    const double values[] = {0.75,    683.0 / 512.0, 0x1p-24,  -0x1p-24,        1.0,         -1.5,
                             0x1p-14, 65504.0,       3.140625, -0.333251953125, 0x1.ffcp-15, 2.0};
    const std::size_t count = std::size(values);
    for (std::size_t i = 0; i < count; ++i) {
        for (std::size_t j = 0; j < count; ++j) {
            add_case(half_bits(values[i]) | half_bits(-values[j]) << 16,
                     half_bits(values[j]) | half_bits(values[(i + j) % count]) << 16,
                     half_bits(values[(i * 7 + j) % count]) | half_bits(values[i]) << 16);
        }
    }
    shader::TargetProfile without_f64 = SharedDevice().Target();
    without_f64.float64 = false;
    for (const shader::TargetProfile* target :
         {static_cast<const shader::TargetProfile*>(nullptr),
          static_cast<const shader::TargetProfile*>(&without_f64)}) {
        const std::vector<u32> got = RunOnDevice("HFMA2 R7, R4, R5, R6 ;", cases, target);
        ASSERT_EQ(got.size(), cases.size());
        for (std::size_t i = 0; i < cases.size(); ++i) {
            EXPECT_EQ(got[i], expected[i]) << fmt::format(
                "HFMA2 {} f64 of {:#010x}, {:#010x}, {:#010x}",
                target == nullptr ? "with" : "without", std::bit_cast<u32>(cases[i].a),
                std::bit_cast<u32>(cases[i].b), std::bit_cast<u32>(cases[i].c));
        }
    }
}

// Comparisons keep denormals (the GPU's FSETP without .FTZ), NaNs make the ordered forms false
// and the unordered ones true, and -0 equals +0.
TEST(SassArithmetic, FsetpComparesDenormalsAndNans) {
    const std::vector<Case> cases = Cases();
    struct Comparison {
        const char* how;
        bool (*holds)(float a, float b);
    };
    const Comparison comparisons[] = {
        {"LT", [](float a, float b) { return a < b; }},
        {"GEU", [](float a, float b) { return !(a < b); }},
        {"EQ", [](float a, float b) { return a == b; }},
        {"NEU", [](float a, float b) { return !(a == b); }},
        {"GT", [](float a, float b) { return a > b; }},
        {"LEU", [](float a, float b) { return !(a > b); }},
        {"NAN", [](float a, float b) { return std::isnan(a) || std::isnan(b); }},
    };
    // .FTZ compares denormals as zeros of their sign.
    const auto flushed = [](float x) {
        return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
    };
    for (const Comparison& comparison : comparisons) {
        for (const std::string ftz : {"", ".FTZ"}) {
            const std::string how = comparison.how + ftz;
            const std::vector<u32> got = RunOnDevice(
                "FSETP." + how + ".AND P0, PT, R4, R5, PT ;\nSEL R7, RZ, 0x1, !P0 ;", cases);
            ASSERT_EQ(got.size(), cases.size());
            for (std::size_t i = 0; i < cases.size(); ++i) {
                const float a = ftz.empty() ? cases[i].a : flushed(cases[i].a);
                const float b = ftz.empty() ? cases[i].b : flushed(cases[i].b);
                EXPECT_EQ(got[i], comparison.holds(a, b) ? 1u : 0u)
                    << "FSETP." << how << " of " << cases[i].a << ", " << cases[i].b;
            }
        }
    }
}

// ptxas' double division takes its slow path when the high word of x + 0x300402, as an f32 and
// without its sign, is below a denormal near 2^-127: for zero, denormal and huge x.
TEST(SassArithmetic, FsetpWithADenormalLiteral) {
    const std::vector<Case> cases = Cases();
    const std::vector<u32> got = RunOnDevice(
        "FSETP.GEU.AND P0, PT, |R4|, 5.8789094863358348022e-39, PT ;\nSEL R7, RZ, 0x1, !P0 ;",
        cases);
    ASSERT_EQ(got.size(), cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const float magnitude = std::fabs(cases[i].a);
        const bool holds = !(magnitude < 5.8789094863358348022e-39f);
        EXPECT_EQ(got[i], holds ? 1u : 0u) << "FSETP.GEU |a|, 5.88e-39 of " << cases[i].a;
    }
}

}  // namespace
