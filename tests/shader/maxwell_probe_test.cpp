// The committed probe sample (maxwell_probe/README.md): every word nvdisasm lists that we decode
// prints as nvdisasm prints it and assembles back; the words we reject may only become fewer.
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "maxwell_probe_words.h"
#include "shader/maxwell/form_tables.h"
#include "shader/maxwell/instruction.h"

namespace shader::maxwell {
namespace {

// Measured when the sample was made; lower it as forms are added, never raise it.
constexpr std::size_t kSampleWords = 106927;
constexpr std::size_t kMostRejected = 35866;

// Every entry of the generated ignored-bits table names a form of today's tables (else it needs
// generating again: tests/shader/probe/find_ignored_bits.py --sm53).
TEST(MaxwellProbe, IgnoredBitsTableIsCurrent) {
    EXPECT_EQ(Forms().stale_ignored_bits(), 0u);
    EXPECT_GT(MaxwellIgnoredBits().size(), 100u);
}

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
