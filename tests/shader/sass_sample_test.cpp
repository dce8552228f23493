// The fixed-seed sample of SM86 words (tests/shader/probe/README.md): every word nvdisasm decodes
// we decode to the same text and assemble back, every word it calls illegal we reject, and the
// number of words nvdisasm decodes that we reject may only shrink.
#include <map>

#include <gtest/gtest.h>

#include "probe_listing.h"
#include "shader/sass/form_set.h"
#include "shader/sass/instruction.h"

namespace shader::sass::testing {
namespace {

// Words of the committed listing (made with CUDA 13.0's nvdisasm on the device machine, see the
// README) that nvdisasm
// prints with a clean text and we reject: in all, and those for which no form exists yet (the
// others set bits nvdisasm ignores that src/shader/sass/ignored_bits.cpp does not list,
// probe_listing.h). Lower them when forms are added; they must never grow.
constexpr std::size_t kRejected = 30515;
constexpr std::size_t kNoForm = 27011;

// Every entry of the generated ignored-bits table names a form of today's tables (else it needs
// generating again, find_ignored_bits.py).
TEST(SassSample, IgnoredBitsTableIsCurrent) {
    EXPECT_EQ(AmpereForms().stale_ignored_bits(), 0u);
    EXPECT_GT(AmpereIgnoredBits().size(), 400u);
}

TEST(SassSample, MatchesNvdisasm) {
    const auto listing = LoadProbeListing(std::filesystem::path(NXHOST_SOURCE_DIR) /
                                          "tests/shader/probe/sample_sm86.tsv.gz");
    ProbeTally all;
    std::map<std::string, std::size_t> rejected;
    std::size_t reported = 0;
    for (const ProbeWord& probe : listing) {
        std::string problem;
        const ProbeTally tally = CheckProbeWord(probe, &problem);
        all.Add(tally);
        if (tally.wrong && ++reported <= 50) {
            ADD_FAILURE() << problem;
        }
        if (tally.rejected) {  // no form
            ++rejected[ProbeMnemonic(probe)];
        }
    }
    std::printf(
        "sample: %zu words, %zu illegal, %zu clean, %zu decode, %zu match, %zu assemble "
        "back, %zu clean but rejected (%zu without a form, %zu for bits nvdisasm ignores), "
        "%zu wrong\n",
        all.words, all.illegal, all.clean, all.decoded, all.matched, all.assembled,
        all.rejected + all.ignored, all.rejected, all.ignored, all.wrong);
    EXPECT_GE(all.words, 100000u);
    EXPECT_EQ(all.wrong, 0u);
    EXPECT_EQ(all.matched, all.decoded);
    EXPECT_EQ(all.assembled, all.decoded);
    EXPECT_LE(all.rejected + all.ignored, kRejected)
        << "words nvdisasm decodes that we reject grew";
    EXPECT_LE(all.rejected, kNoForm) << "words nvdisasm decodes that no form explains grew";
    if (all.rejected > kNoForm) {
        for (const auto& [name, count] : rejected) {
            std::printf("    rejected: %s %zu\n", name.c_str(), count);
        }
    }
}

}  // namespace
}  // namespace shader::sass::testing
