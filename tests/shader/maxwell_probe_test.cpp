// The committed probe sample (maxwell_probe/README.md): every word nvdisasm lists that we decode
// prints as nvdisasm prints it and assembles back; the words we reject may only become fewer.
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "maxwell_probe_words.h"

namespace shader::maxwell {
namespace {

// Measured when the sample was made; lower it as forms are added, never raise it.
constexpr std::size_t kSampleWords = 106927;
constexpr std::size_t kMostRejected = 92373;

TEST(MaxwellProbe, SampleMatchesNvdisasm) {
    const auto words = testing::LoadProbeWords(std::filesystem::path(NXHOST_SOURCE_DIR) /
                                               "tests/shader/maxwell_probe/sample.tsv.zst");
    const testing::ProbeTally tally = testing::CompareProbeWords(words);
    std::printf("%s", testing::FormatTally(tally, 0).c_str());
    EXPECT_EQ(tally.total, kSampleWords);
    EXPECT_EQ(tally.matched, tally.decoded) << testing::FormatTally(tally, 40);
    EXPECT_EQ(tally.assembled, tally.decoded);
    EXPECT_LE(tally.total - tally.decoded, kMostRejected) << testing::FormatTally(tally, 40);
}

}  // namespace
}  // namespace shader::maxwell
