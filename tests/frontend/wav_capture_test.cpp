// --audio-out's file: buffers at their timeline positions, silence between and after them,
// overlapping outs mixed, a valid header, and nothing under the name until it is finished.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <vector>

#include "base/error.h"
#include "base/file.h"
#include "formats/wav.h"
#include "frontend/wav_capture.h"

namespace frontend {
namespace {

std::filesystem::path TemporaryFolder(const char* name) {
    const auto folder = std::filesystem::temp_directory_path() /
                        (std::string(name) + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

std::vector<s16> Frames(std::size_t count, s16 left, s16 right) {
    std::vector<s16> stereo;
    for (std::size_t i = 0; i < count; ++i) {
        stereo.push_back(left);
        stereo.push_back(right);
    }
    return stereo;
}

TEST(WavCapture, WritesTheTimelineWithItsSilences) {
    const auto folder = TemporaryFolder("nxhost-wav-capture");
    const auto path = folder / "out.wav";
    {
        WavCapture capture(path);
        capture.Write(0, Frames(100, 1000, -1000));
        capture.Write(300, Frames(50, 20000, 2));
        // Another out playing over the second buffer's end and on: the two mix, clipping.
        capture.Write(340, Frames(20, 20000, 3));
        capture.AdvanceTo(500);                       // the output ran on after the last sound
        EXPECT_FALSE(std::filesystem::exists(path));  // only whole captures bear the name
        EXPECT_EQ(capture.Finish(), 500u);
    }
    const formats::WavSound sound = formats::ReadWav(base::ReadFile(path), path.string());
    EXPECT_EQ(sound.format.channels, 2);
    EXPECT_EQ(sound.format.sample_rate, 48000u);
    ASSERT_EQ(sound.samples.size(), 500u * 2);
    EXPECT_EQ(std::filesystem::file_size(path), 44u + 500 * 4);
    const auto frame = [&](std::size_t i) {
        return std::pair{sound.samples[i * 2], sound.samples[i * 2 + 1]};
    };
    EXPECT_EQ(frame(0), (std::pair<s16, s16>{1000, -1000}));
    EXPECT_EQ(frame(99), (std::pair<s16, s16>{1000, -1000}));
    EXPECT_EQ(frame(100), (std::pair<s16, s16>{0, 0}));
    EXPECT_EQ(frame(299), (std::pair<s16, s16>{0, 0}));
    EXPECT_EQ(frame(300), (std::pair<s16, s16>{20000, 2}));
    EXPECT_EQ(frame(345), (std::pair<s16, s16>{32767, 5}));
    EXPECT_EQ(frame(355), (std::pair<s16, s16>{20000, 3}));
    EXPECT_EQ(frame(360), (std::pair<s16, s16>{0, 0}));
    EXPECT_EQ(frame(499), (std::pair<s16, s16>{0, 0}));
    // Only the file itself is left in the folder.
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder),
                            std::filesystem::directory_iterator()),
              1);
    std::filesystem::remove_all(folder);
}

TEST(WavCapture, LeavesNothingWhenNotFinished) {
    const auto folder = TemporaryFolder("nxhost-wav-unfinished");
    {
        WavCapture capture(folder / "out.wav");
        capture.Write(0, Frames(10, 1, 1));
    }
    EXPECT_TRUE(std::filesystem::is_empty(folder));
    std::filesystem::remove_all(folder);
}

TEST(WavCapture, FailsClearlyWhereItCannotWrite) {
    EXPECT_THROW(WavCapture("/nonexistent-folder/out.wav"), base::Error);
}

}  // namespace
}  // namespace frontend
