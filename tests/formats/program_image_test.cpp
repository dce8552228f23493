#include "formats/program_image.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include "base/file.h"
#include "formats/nacp.h"
#include "formats/nso.h"
#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;
using testing::SampleModule;

class ProgramImageTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               fmt::format("nx_formats_program_{}_{}", getpid(),
                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::filesystem::path dir_;
};

TEST_F(ProgramImageTest, LoadsAnExefsFolderInLoadOrder) {
    const std::filesystem::path exefs = dir_ / "exefs";
    std::filesystem::create_directories(exefs);
    base::WriteFileAtomic(exefs / "main.npdm",
                          WriteNpdm(DefaultNpdm("Application", 0x0100000000002000)));
    ModuleImage module = SampleModule();
    base::WriteFileAtomic(exefs / "main", WriteNso(module, true));
    base::WriteFileAtomic(exefs / "sdk", WriteNso(module, false));
    base::WriteFileAtomic(exefs / "rtld", WriteNso(module, true));

    const ProgramImage program = LoadProgram(exefs);
    EXPECT_EQ(program.kind, "exefs");
    ASSERT_EQ(program.modules.size(), 3u);
    EXPECT_EQ(program.modules[0].name, "rtld");
    EXPECT_EQ(program.modules[1].name, "main");
    EXPECT_EQ(program.modules[2].name, "sdk");
    ASSERT_TRUE(program.npdm.has_value());
    EXPECT_EQ(program.npdm->ProgramId(), 0x0100000000002000u);

    const std::string text = Describe(program);
    EXPECT_TRUE(Contains(text, "(exefs)"));
    EXPECT_TRUE(Contains(text, "module main: 0x5000 bytes in memory, module id a0a1a2"));
    EXPECT_TRUE(Contains(text, "MOD0 at 0x80: dynamic 0x3100"));
    EXPECT_TRUE(Contains(text, "program id 0x0100000000002000"));
    EXPECT_TRUE(Contains(text, "main thread: priority 44, core 0, stack 0x100000"));
    EXPECT_TRUE(Contains(text, "39-bit address space"));
    EXPECT_TRUE(Contains(text,
                         "ACI0 kernel: priorities 24..59, cores 0..2, 127 SVCs, handle "
                         "table 1023"));
    EXPECT_TRUE(Contains(text, "(lz4)"));
}

TEST_F(ProgramImageTest, ExefsNeedsMainAndNpdm) {
    base::WriteFileAtomic(dir_ / "main.npdm", WriteNpdm(DefaultNpdm("a", 1)));
    EXPECT_TRUE(Contains(ErrorOf([&] { LoadProgram(dir_); }), "ExeFS folder has no main module"));
    std::filesystem::remove(dir_ / "main.npdm");
    base::WriteFileAtomic(dir_ / "main", WriteNso(SampleModule(), true));
    EXPECT_TRUE(Contains(ErrorOf([&] { LoadProgram(dir_); }), "ExeFS folder has no main.npdm"));
}

TEST_F(ProgramImageTest, LoadsAnNroWithAssets) {
    NroAssets assets;
    Nacp nacp;
    nacp.titles[0] = {"Hello", "Someone"};
    nacp.display_version = "0.1";
    assets.nacp = WriteNacp(nacp);
    assets.icon = {1, 2, 3};
    base::WriteFileAtomic(dir_ / "hello.nro", WriteNro(SampleModule(), assets));

    const ProgramImage program = LoadProgram(dir_ / "hello.nro");
    EXPECT_EQ(program.kind, "nro");
    ASSERT_EQ(program.modules.size(), 1u);
    EXPECT_EQ(program.modules[0].name, "hello");
    EXPECT_FALSE(program.npdm.has_value());
    EXPECT_EQ(program.assets, assets);
    const std::string text = Describe(program);
    EXPECT_TRUE(Contains(text, "NRO: version 0, size 0x4000"));
    EXPECT_TRUE(Contains(text, "nacp: \"Hello\" by \"Someone\", version \"0.1\""));
}

TEST_F(ProgramImageTest, RejectsOtherFiles) {
    base::WriteFileAtomic(dir_ / "x.bin", std::vector<u8>(0x100, 7));
    EXPECT_TRUE(Contains(ErrorOf([&] { LoadProgram(dir_ / "x.bin"); }),
                         "x.bin: neither an ExeFS folder nor an NRO"));
    EXPECT_TRUE(Contains(ErrorOf([&] { LoadProgram(dir_ / "missing"); }), "no such file"));
}

}  // namespace
}  // namespace formats
