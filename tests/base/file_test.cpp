#include "base/file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "base/error.h"

namespace {

TEST(File, AtomicWriteReplacesWholeFileAndLeavesNoTemporary) {
    const auto folder =
        std::filesystem::temp_directory_path() /
        ("nxhost-file-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    std::filesystem::create_directories(folder);
    const auto path = folder / "save.bin";
    const std::vector<u8> first(1000, 0xaa);
    const std::vector<u8> second{1, 2, 3};
    base::WriteFileAtomic(path, first);
    base::WriteFileAtomic(path, second);
    EXPECT_EQ(base::ReadFile(path), second);
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) {
        ++entries;
    }
    EXPECT_EQ(entries, 1u);
    std::filesystem::remove_all(folder);
}

TEST(File, MissingFileNamesThePath) {
    try {
        base::ReadFile("/nonexistent/nxhost/file");
        FAIL();
    } catch (const base::Error& error) {
        EXPECT_NE(std::string(error.what()).find("/nonexistent/nxhost/file"), std::string::npos);
    }
}

}  // namespace
