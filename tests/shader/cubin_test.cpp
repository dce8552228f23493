// The cubin reader against our CUDA fixtures: kernels, code, parameters and exits.
#include <fstream>
#include <map>
#include <regex>

#include <gtest/gtest.h>

#include "base/error.h"
#include "base/file.h"
#include "fixtures.h"
#include "shader/sass/cubin.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

std::vector<u8> ReadFixture(const char* name) {
    return base::ReadFile(testing::CudaDir() / name);
}

TEST(Cubin, KernelsCodeMatchesCuobjdump) {
    const auto fixture = testing::LoadCudaFixture();
    if (testing::FixtureMissing(fixture, "CUDA")) {
        GTEST_SKIP() << "tests/shader/cuda is missing";
    }
    std::map<std::string, std::vector<const testing::FixtureInstruction*>> by_kernel;
    for (const auto& inst : fixture) {
        by_kernel[inst.program].push_back(&inst);
    }
    std::size_t kernels = 0;
    for (const auto& entry : std::filesystem::directory_iterator(testing::CudaDir())) {
        if (entry.path().extension() != ".cubin") {
            continue;
        }
        const std::vector<u8> bytes = base::ReadFile(entry.path());
        const Cubin cubin = ReadCubin(bytes, entry.path().string());
        EXPECT_EQ(cubin.sm, 86u);
        for (const CubinKernel& kernel : cubin.kernels) {
            ++kernels;
            const auto& listed = by_kernel[entry.path().stem().string() + ":" + kernel.name];
            ASSERT_EQ(listed.size() * 16, kernel.code.size()) << kernel.name;
            for (std::size_t i = 0; i < listed.size(); ++i) {
                EXPECT_EQ(ToWord(kernel.code.data() + i * 16), listed[i]->word) << kernel.name;
            }
            EXPECT_GT(kernel.registers, 0u) << kernel.name;
            EXPECT_EQ(kernel.param_base, 0x160u) << kernel.name;
            EXPECT_FALSE(kernel.exit_offsets.empty()) << kernel.name;
            for (u32 offset : kernel.exit_offsets) {
                ASSERT_LE(offset + 16, kernel.code.size());
                const auto exit = Decode(ToWord(kernel.code.data() + offset));
                ASSERT_TRUE(exit.has_value()) << kernel.name;
                EXPECT_EQ(exit->form->mnemonic, "EXIT") << kernel.name;
            }
        }
    }
    EXPECT_EQ(kernels, 36u);
}

TEST(Cubin, ParametersOfVectorCopy) {
    const std::vector<u8> bytes = ReadFixture("memory.cubin");
    const Cubin cubin = ReadCubin(bytes, "memory.cubin");
    const CubinKernel* kernel = nullptr;
    for (const auto& k : cubin.kernels) {
        if (k.name == "vector_copy") {
            kernel = &k;
        }
    }
    ASSERT_NE(kernel, nullptr);
    // vector_copy(const float4* in, float4* out, int n)
    ASSERT_EQ(kernel->parameters.size(), 3u);
    EXPECT_EQ(kernel->parameters[0].offset, 0u);
    EXPECT_EQ(kernel->parameters[0].size, 8u);
    EXPECT_EQ(kernel->parameters[1].offset, 8u);
    EXPECT_EQ(kernel->parameters[2].offset, 16u);
    EXPECT_EQ(kernel->parameters[2].size, 4u);
    EXPECT_EQ(kernel->param_bytes, 20u);
    EXPECT_EQ(kernel->constant0_bytes, 0x160u + 20u);
}

// The stack size comes from the cubin-wide .nv.info (EIATTR_MIN_STACK_SIZE naming the kernel's
// symbol): ptxas -v reported "608 bytes stack frame" for local_memory; memory.cubin's kernels
// keep everything in registers.
TEST(Cubin, StackSizeOfLocalMemory) {
    const Cubin local = ReadCubin(ReadFixture("local.cubin"), "local.cubin");
    ASSERT_EQ(local.kernels.size(), 1u);
    EXPECT_EQ(local.kernels[0].stack_bytes, 608u);
    const Cubin memory = ReadCubin(ReadFixture("memory.cubin"), "memory.cubin");
    for (const CubinKernel& kernel : memory.kernels) {
        EXPECT_EQ(kernel.stack_bytes, 0u) << kernel.name;
    }
}

TEST(Cubin, DisassemblyListsEveryKernel) {
    const std::vector<u8> bytes = ReadFixture("warp.cubin");
    const std::string text = DisassembleCubin(bytes, "warp.cubin");
    EXPECT_NE(text.find("Function : shuffles"), std::string::npos);
    EXPECT_NE(text.find("Function : votes"), std::string::npos);
    EXPECT_NE(text.find("S2R R5, SR_TID.X ;"), std::string::npos);
    EXPECT_NE(text.find("parameter 1: c[0x0][0x168], 8 bytes"), std::string::npos);
}

TEST(Cubin, DamagedInputIsAnError) {
    std::vector<u8> bytes = ReadFixture("bits.cubin");
    for (std::size_t size : {std::size_t{16}, std::size_t{64}, bytes.size() / 2}) {
        std::vector<u8> cut(bytes.begin(), bytes.begin() + static_cast<long>(size));
        try {
            ReadCubin(cut, "cut");
        } catch (const base::Error&) {
        }
    }
    bytes[0x28] = 0xff;  // section headers far away
    EXPECT_THROW(ReadCubin(bytes, "damaged"), base::Error);
}

}  // namespace
}  // namespace shader::sass

namespace shader::sass {
namespace {

// nvdisasm's own cubin listings (branch targets as labels): every instruction line matches.
TEST(Cubin, ListingsMatchNvdisasmWithLabels) {
    std::size_t total = 0, matched = 0;
    for (const auto& entry : std::filesystem::directory_iterator(testing::CudaDir())) {
        if (entry.path().extension() != ".cubin") {
            continue;
        }
        const std::vector<u8> bytes = base::ReadFile(entry.path());
        const Cubin cubin = ReadCubin(bytes, entry.path().string());
        const auto listings = KernelListings(cubin);
        // "nvdisasm NAME.cubin": the instruction lines of each .text.<kernel> section.
        auto listing_path = entry.path();
        listing_path.replace_extension(".nvdisasm.txt");
        std::ifstream in(listing_path);
        ASSERT_TRUE(in) << listing_path;
        std::map<std::string, std::vector<std::string>> expected;
        std::string line, section;
        static const std::regex instruction(R"(^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*$)");
        while (std::getline(in, line)) {
            if (line.starts_with("\t.section\t.text.")) {
                section = line.substr(16, line.find(',') - 16);
                continue;
            }
            if (line.starts_with("\t.section\t")) {
                section.clear();
                continue;
            }
            std::smatch match;
            if (!section.empty() && std::regex_match(line, match, instruction)) {
                expected[section].push_back(match[2].str());
            }
        }
        for (std::size_t k = 0; k < cubin.kernels.size(); ++k) {
            const auto& want = expected[cubin.kernels[k].name];
            ASSERT_EQ(want.size(), listings[k].lines.size()) << cubin.kernels[k].name;
            for (std::size_t i = 0; i < want.size(); ++i) {
                ++total;
                if (listings[k].lines[i] == want[i]) {
                    ++matched;
                } else {
                    ADD_FAILURE() << cubin.kernels[k].name << " +" << i * 16 << ": want '"
                                  << want[i] << "' got '" << listings[k].lines[i] << "'";
                }
            }
        }
    }
    std::printf("cubin listings: %zu instructions, %zu match nvdisasm (labels)\n", total, matched);
    EXPECT_EQ(total, 4256u);
}

}  // namespace
}  // namespace shader::sass
