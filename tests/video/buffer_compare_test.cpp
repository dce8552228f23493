// The compare modes against check_manifests.py's self_test() and compare() examples.
#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "base/error.h"
#include "cuda_runner/buffer_compare.h"

namespace video {

// The runner under test lives in src/cuda_runner.
using namespace cuda_runner;
namespace {

std::vector<u8> Floats(std::initializer_list<float> values) {
    std::vector<u8> bytes(values.size() * 4);
    std::memcpy(bytes.data(), std::data(values), bytes.size());
    return bytes;
}

template <typename Word>
std::vector<u8> Bits(Word word) {
    std::vector<u8> bytes(sizeof(Word));
    std::memcpy(bytes.data(), &word, sizeof(Word));
    return bytes;
}

// compare(): the element offsets rejected, as the Python reference returns them.
std::vector<u64> Rejected(const std::vector<u8>& expected, const std::vector<u8>& got,
                          const std::string& spec) {
    const CompareSpec parsed = ParseCompareSpec(spec, expected.size());
    std::vector<u64> offsets;
    for (const CompareElement& element : parsed.elements) {
        CompareSpec single = parsed;
        single.elements = {element};
        if (!CompareBuffers(expected, got, single).Ok()) {
            offsets.push_back(element.offset);
        }
    }
    return offsets;
}

bool Passes(const std::vector<u8>& expected, const std::vector<u8>& got, const std::string& spec) {
    return CompareBuffers(expected, got, ParseCompareSpec(spec, expected.size())).Ok();
}

TEST(BufferCompare, NanPayloadsAndSignedZeros) {
    const auto nan1 = Bits<u32>(0x7fc00000);
    const auto nan2 = Bits<u32>(0xffc00001);
    EXPECT_TRUE(Passes(nan1, nan2, "f32ulp:0"));
    EXPECT_FALSE(Passes(nan1, nan2, "exact"));
    EXPECT_FALSE(Passes(Floats({0.0f}), Floats({-0.0f}), "f32ulp:0"));
    EXPECT_TRUE(Passes(Floats({0.0f}), Floats({-0.0f}), "f32ulp:1"));
    EXPECT_FALSE(Passes(Bits<u32>(0x7fc00000), Floats({1.0f}), "f32ulp:4|f32abs:1e30"));
}

TEST(BufferCompare, UlpDistance) {
    EXPECT_TRUE(Passes(Floats({1.0f}), Bits<u32>(0x3f800002), "f32ulp:2"));
    EXPECT_FALSE(Passes(Floats({1.0f}), Bits<u32>(0x3f800003), "f32ulp:2"));
    EXPECT_TRUE(Passes(Bits<u16>(0x3c00), Bits<u16>(0x3c01), "f16ulp:1"));
    EXPECT_FALSE(Passes(Bits<u16>(0x3c00), Bits<u16>(0x3c02), "bf16ulp:1"));
    // Largest finite to +inf is one step; -max to +max spans the whole range without overflow.
    EXPECT_TRUE(Passes(Bits<u64>(0x7fefffffffffffff), Bits<u64>(0x7ff0000000000000), "f64ulp:1"));
    EXPECT_FALSE(
        Passes(Bits<u64>(0xffefffffffffffff), Bits<u64>(0x7fefffffffffffff), "f64ulp:1000"));
    EXPECT_TRUE(Passes(Bits<u64>(0xffefffffffffffff), Bits<u64>(0x7fefffffffffffff),
                       "f64ulp:99999999999999999999999"));
}

TEST(BufferCompare, AbsoluteBoundsAndAlternatives) {
    EXPECT_TRUE(Passes(Floats({1e-7f}), Floats({2e-7f}), "f32ulp:0|f32abs:1.5e-7"));
    EXPECT_FALSE(Passes(Floats({INFINITY}), Floats({3e38f}), "f32abs:1e38"));
    EXPECT_TRUE(Passes(Floats({INFINITY}), Floats({INFINITY}), "f32abs:0"));
    EXPECT_TRUE(Passes(Bits<double>(1.0), Bits<double>(1.0 + 1e-9), "f64abs:1e-8"));
}

TEST(BufferCompare, Regions) {
    EXPECT_TRUE(Passes(Floats({1, 2}), Floats({1, 2.5}), "exact:0-4,skip:4-8"));
    EXPECT_EQ(Rejected(Floats({1, 2, 3, 4}), Floats({1, 2, 3.5, 4}), "exact,skip:4-8/8"),
              (std::vector<u64>{10}));
    EXPECT_TRUE(Passes(Floats({1, 2, 3, 4}), Floats({1, 2.5, 3, 4.5}), "exact,skip:4-8/8"));
    const CompareSpec spec = ParseCompareSpec("exact,f32ulp:1:4-8/8", 16);
    ASSERT_EQ(spec.elements.size(), 4u + 1 + 4 + 1);
    EXPECT_EQ(spec.elements[4].offset, 4u);
    EXPECT_EQ(spec.elements[4].size, 4u);
}

TEST(BufferCompare, ReportsTheFirstMismatches) {
    const CompareResult result = CompareBuffers(Floats({1, 2, 3}), Floats({1, 2.5, 3.5}),
                                                ParseCompareSpec("f32ulp:0", 12), 1);
    EXPECT_FALSE(result.Ok());
    EXPECT_EQ(result.elements, 3u);
    EXPECT_EQ(result.mismatched_elements, 2u);
    ASSERT_EQ(result.first.size(), 1u);
    EXPECT_EQ(result.first[0].offset, 4u);
    EXPECT_EQ(DescribeMismatch(result.first[0]),
              "byte 0x4: expected 0x40000000 (2) got 0x40200000 (2.5) [f32ulp:0]");
    // Exact regions count bytes and show the aligned word once.
    const CompareResult bytes =
        CompareBuffers(Bits<u32>(0x11223344), Bits<u32>(0x11220000), ParseCompareSpec("exact", 4));
    EXPECT_EQ(bytes.mismatched_elements, 2u);
    ASSERT_EQ(bytes.first.size(), 1u);
    EXPECT_EQ(DescribeMismatch(bytes.first[0]),
              "byte 0x0: expected 0x11223344 (i32 287454020, f32 1.2795344e-28) got 0x11220000 "
              "(i32 287440896, f32 1.2779547e-28) [exact]");
    EXPECT_FALSE(CompareBuffers(Floats({1}), Floats({1, 2}), ParseCompareSpec("exact", 4)).Ok());
}

TEST(BufferCompare, RejectsWhatTheReferenceRejects) {
    for (const char* bad :
         {"exakt", "exact:1", "skip|exact", "f32ulp:x", "f32ulp:-1", "f32abs:-1", "f32abs:inf",
          "f32ulp:1|f64ulp:1", "exact:0-20", "exact:4-4", "f32ulp:0:2-6", "f32ulp:0:0-4/2",
          "exact:0-4/0", "exact:0-4", "f64ulp:0,f32ulp:0:0-4", "f32ulp:0:0-8/12"}) {
        EXPECT_THROW(ParseCompareSpec(bad, 16), base::Error) << bad;
    }
    EXPECT_THROW(ParseCompareSpec("f32ulp:0", 6), base::Error);
    EXPECT_NO_THROW(ParseCompareSpec("f64ulp:0,f32ulp:0:0-8", 16));
}

}  // namespace
}  // namespace video
