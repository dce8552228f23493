// Words of tests/shader/probe/sample.tsv (nvdisasm's text of single-field variations of real
// instructions): what decodes matches nvdisasm and assembles back.
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "fixtures.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

TEST(SassProbe, SampleMatchesNvdisasm) {
    std::ifstream in(std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/shader/probe/sample.tsv");
    ASSERT_TRUE(in) << "tests/shader/probe/sample.tsv is missing";
    std::string line;
    std::size_t total = 0, decoded = 0, matched = 0, assembled = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string lo, hi, address, text;
        std::getline(fields, lo, '\t');
        std::getline(fields, hi, '\t');
        std::getline(fields, address, '\t');
        std::getline(fields, text);
        const Word word{std::stoull(lo, nullptr, 16), std::stoull(hi, nullptr, 16)};
        const u64 at = std::stoull(address, nullptr, 16);
        ++total;
        const auto instruction = Decode(word);
        if (!instruction) {
            continue;
        }
        ++decoded;
        const std::string ours = Disassemble(*instruction, {.address = at});
        EXPECT_EQ(ours, text) << fmt::format("{:016x}{:016x}", word.hi, word.lo);
        matched += ours == text;
        const std::string with_control =
            Disassemble(*instruction, {.address = at, .with_control = true});
        if (Assemble(with_control, at) == word) {
            ++assembled;
        } else {
            ADD_FAILURE() << "no round trip: " << with_control;
        }
    }
    std::printf("probe sample: %zu words, %zu decode, %zu match nvdisasm, %zu assemble back\n",
                total, decoded, matched, assembled);
    EXPECT_EQ(total, 10456u);
    EXPECT_GE(decoded, 3837u);  // may only grow as forms are added
}

}  // namespace
}  // namespace shader::sass
