// Every instruction of every fixture decodes, disassembles to nvdisasm's text, and assembles back
// to the same 128 bits.
#include <map>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "fixtures.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

struct Tally {
    std::size_t total = 0;
    std::size_t decoded = 0;
    std::size_t matched = 0;
    std::size_t assembled = 0;
    std::map<std::string, std::pair<int, std::string>> failures;  // first text per opcode
};

Tally Check(const std::vector<testing::FixtureInstruction>& fixture) {
    Tally tally;
    for (const auto& inst : fixture) {
        ++tally.total;
        const std::string opcode = fmt::format("{:04x}", OpcodeKey(inst.word));
        const auto decoded = Decode(inst.word);
        if (!decoded) {
            auto& failure = tally.failures["decode " + opcode];
            if (failure.first++ == 0) {
                failure.second =
                    fmt::format("{} {:016x}{:016x}", inst.text, inst.word.hi, inst.word.lo);
            }
            continue;
        }
        ++tally.decoded;
        const std::string text = Disassemble(*decoded, {.address = inst.address});
        if (text != inst.text) {
            auto& failure = tally.failures["text " + opcode];
            if (failure.first++ == 0) {
                failure.second = fmt::format("want '{}' got '{}' {:016x}{:016x}", inst.text, text,
                                             inst.word.hi, inst.word.lo);
            }
            continue;
        }
        ++tally.matched;
        const std::string with_control =
            Disassemble(*decoded, {.address = inst.address, .with_control = true});
        Word again;
        try {
            again = Assemble(with_control, inst.address);
        } catch (const std::exception& error) {
            auto& failure = tally.failures["assemble " + opcode];
            if (failure.first++ == 0) {
                failure.second = error.what();
            }
            continue;
        }
        if (again == inst.word) {
            ++tally.assembled;
        } else {
            auto& failure = tally.failures["assemble " + opcode];
            if (failure.first++ == 0) {
                failure.second =
                    fmt::format("{} -> {:016x}{:016x} want {:016x}{:016x}", with_control, again.hi,
                                again.lo, inst.word.hi, inst.word.lo);
            }
        }
    }
    return tally;
}

std::string Report(const char* name, const Tally& tally) {
    std::string text = fmt::format(
        "{}: {} instructions, {} decoded, {} match nvdisasm, {} "
        "assemble back\n",
        name, tally.total, tally.decoded, tally.matched, tally.assembled);
    for (const auto& [what, failure] : tally.failures) {
        text += fmt::format("  {} x{}: {}\n", what, failure.first, failure.second);
    }
    return text;
}

TEST(SassFixture, GraphicsProgramsMatchNvdisasm) {
    const auto fixture = testing::LoadGraphicsFixture();
    if (testing::FixtureMissing(fixture, "nvidia-ampere-graphics")) {
        GTEST_SKIP() << "../shared/fixtures/nvidia-ampere-graphics is missing";
    }
    const Tally tally = Check(fixture);
    std::printf("%s", Report("graphics", tally).c_str());
    EXPECT_EQ(tally.total, 15008u);
    EXPECT_EQ(tally.decoded, tally.total);
    EXPECT_EQ(tally.matched, tally.total);
    EXPECT_EQ(tally.assembled, tally.total);
}

TEST(SassFixture, CudaKernelsMatchNvdisasm) {
    const auto fixture = testing::LoadCudaFixture();
    if (testing::FixtureMissing(fixture, "CUDA")) {
        GTEST_SKIP() << "tests/shader/cuda is missing";
    }
    const Tally tally = Check(fixture);
    std::printf("%s", Report("cuda", tally).c_str());
    EXPECT_EQ(tally.total, 4256u);
    EXPECT_EQ(tally.decoded, tally.total);
    EXPECT_EQ(tally.matched, tally.total);
    EXPECT_EQ(tally.assembled, tally.total);
}

}  // namespace
}  // namespace shader::sass
