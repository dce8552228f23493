#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>

#include "base/error.h"
#include "base/file.h"
#include "formats/nup.h"
#include "formats/program_image.h"

namespace formats {
namespace {

namespace fs = std::filesystem;

class NupTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("nxhost-nup-" + std::to_string(std::random_device()()));
        game_ = dir_ / "game";
        fs::create_directories(game_ / "exefs");
        fs::create_directories(game_ / "romfs" / "Pack");
        fs::create_directories(game_ / "romfs" / "Empty" / "Folder");
        std::mt19937 random(5);
        Write("exefs/main.npdm", Bytes(0x400, random, false));
        Write("exefs/main", Bytes(300000, random, false));
        Write("romfs/Pack/ZsDic.pack.zs", Bytes(5000, random, true));
        Write("romfs/big.bin", Bytes(1500000, random, true));
        Write("romfs/empty.txt", {});
        for (int i = 0; i < 40; ++i) {
            Write("romfs/Pack/small" + std::to_string(i), Bytes(i * 37, random, false));
        }
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(dir_, error);
    }

    static std::vector<u8> Bytes(std::size_t size, std::mt19937& random, bool noisy) {
        std::vector<u8> bytes(size);
        for (std::size_t i = 0; i < size; ++i) {
            bytes[i] = noisy ? static_cast<u8>(random()) : static_cast<u8>(i / 100);
        }
        return bytes;
    }
    void Write(const std::string& path, const std::vector<u8>& bytes) {
        base::WriteFileAtomic(game_ / path, bytes);
        files_[path] = bytes;
    }

    NupPackOptions Small() {
        NupPackOptions options;
        options.chunk_size = 64 << 10;  // many chunks, files across chunk boundaries
        options.quiet = true;
        return options;
    }

    void ExpectSameTree(const fs::path& folder) {
        for (const auto& [path, bytes] : files_) {
            EXPECT_EQ(base::ReadFile(folder / path), bytes) << path;
        }
        EXPECT_TRUE(fs::is_directory(folder / "romfs/Empty/Folder"));
    }

    fs::path dir_, game_;
    std::map<std::string, std::vector<u8>> files_;
};

TEST_F(NupTest, PackUnpackVerifyRoundTrip) {
    const fs::path image = dir_ / "game.nup";
    const NupPackResult packed = PackNup(game_, image, Small());
    EXPECT_EQ(packed.files, files_.size());
    EXPECT_TRUE(VerifyNup(image, {0, true}).Ok());
    const NupUnpackResult unpacked = UnpackNup(image, dir_ / "out", {0, true});
    EXPECT_EQ(unpacked.files_written, files_.size());
    EXPECT_TRUE(unpacked.damaged.empty());
    ExpectSameTree(dir_ / "out");
    // A second unpack sees the marker and does nothing.
    EXPECT_TRUE(UnpackNup(image, dir_ / "out", {0, true}).already_complete);

    // Packing again with another chunk size and level keeps the content hash.
    NupPackOptions other = Small();
    other.chunk_size = 1 << 20;
    other.level = 1;
    EXPECT_EQ(PackNup(game_, dir_ / "again.nup", other).content_hash, packed.content_hash);

    const NupImage opened = NupImage::Open(image);
    EXPECT_EQ(opened.ReadFile(*opened.toc.Find("romfs/big.bin")), files_["romfs/big.bin"]);
    EXPECT_NE(DescribeNup(opened).find(HashHex(packed.content_hash)), std::string::npos);
}

TEST_F(NupTest, InterruptedUnpackResumes) {
    const fs::path image = dir_ / "game.nup";
    PackNup(game_, image, Small());
    const fs::path out = dir_ / "out";
    UnpackNup(image, out, {0, true});
    // As if interrupted: no marker, one file missing, one cut short, one left as a part file.
    fs::remove(out / kNupCompleteMarker);
    fs::remove(out / "romfs/big.bin");
    fs::resize_file(out / "exefs/main", 1000);
    base::WriteFileAtomic(out / "romfs/Pack/small3.nup-part", std::vector<u8>{1, 2});
    const NupUnpackResult resumed = UnpackNup(image, out, {0, true});
    EXPECT_EQ(resumed.files_written, 2u);
    EXPECT_EQ(resumed.files_kept, files_.size() - 2);
    ExpectSameTree(out);
}

TEST_F(NupTest, FlippedBitInAChunkNamesTheFile) {
    const fs::path image = dir_ / "game.nup";
    PackNup(game_, image, Small());
    const NupImage opened = NupImage::Open(image);
    const NupFile* big = opened.toc.Find("romfs/big.bin");
    const NupChunk& chunk = opened.toc.chunks[(big->stream_offset + 200000) / (64 << 10)];
    {
        std::fstream file(image, std::ios::in | std::ios::out | std::ios::binary);
        file.seekg(static_cast<std::streamoff>(chunk.offset + chunk.stored_size / 2));
        char byte;
        file.read(&byte, 1);
        byte ^= 4;
        file.seekp(static_cast<std::streamoff>(chunk.offset + chunk.stored_size / 2));
        file.write(&byte, 1);
    }
    const NupVerifyResult verified = VerifyNup(image, {0, true});
    EXPECT_FALSE(verified.Ok());
    EXPECT_EQ(verified.damaged_files, std::vector<std::string>{"romfs/big.bin"});
    // Unpack writes everything else and never puts the damaged file under its name.
    const NupUnpackResult unpacked = UnpackNup(image, dir_ / "out", {0, true});
    EXPECT_EQ(unpacked.damaged, std::vector<std::string>{"romfs/big.bin"});
    EXPECT_FALSE(fs::exists(dir_ / "out/romfs/big.bin"));
    EXPECT_FALSE(fs::exists(dir_ / "out/romfs/big.bin.nup-part"));
    EXPECT_FALSE(fs::exists(dir_ / "out" / kNupCompleteMarker));
    EXPECT_EQ(base::ReadFile(dir_ / "out/exefs/main"), files_["exefs/main"]);
    EXPECT_THROW(opened.ReadFile(*big), base::Error);
}

TEST_F(NupTest, DamagedHeaderTocAndTruncation) {
    const fs::path image = dir_ / "game.nup";
    PackNup(game_, image, Small());
    const std::vector<u8> good = base::ReadFile(image);
    auto check = [&](std::vector<u8> bytes, const char* what) {
        base::WriteFileAtomic(dir_ / "bad.nup", bytes);
        EXPECT_THROW(VerifyNup(dir_ / "bad.nup", {0, true}), base::Error) << what;
        EXPECT_THROW(UnpackNup(dir_ / "bad.nup", dir_ / "bad", {0, true}), base::Error) << what;
    };
    auto magic = good;
    magic[1] = 'X';
    check(magic, "magic");
    auto header = good;
    header[0x30] ^= 1;
    check(header, "header field");
    auto toc = good;
    toc[toc.size() - 3] ^= 1;
    check(toc, "table of contents");
    check({good.begin(), good.end() - 10}, "truncated end");
    check({good.begin(), good.begin() + 0x80}, "truncated header");
}

TEST_F(NupTest, RunLoadsTheExefsThroughTheCache) {
    // A real ExeFS would hold NSOs; this checks the cache and the marker, not loading.
    const fs::path image = dir_ / "game.nup";
    PackNup(game_, image, Small());
    setenv("XDG_CACHE_HOME", (dir_ / "cache").c_str(), 1);
    const fs::path folder = UnpackNupToCache(image);
    EXPECT_EQ(folder.parent_path(), dir_ / "cache/nxhost/nup");
    EXPECT_TRUE(fs::exists(folder / kNupCompleteMarker));
    // Damage in the cached ExeFS is caught on the next start and repaired on the one after.
    base::WriteFileAtomic(folder / "exefs/main", std::vector<u8>{0});
    EXPECT_THROW(UnpackNupToCache(image), base::Error);
    EXPECT_EQ(UnpackNupToCache(image), folder);
    EXPECT_EQ(base::ReadFile(folder / "exefs/main"), files_["exefs/main"]);
    unsetenv("XDG_CACHE_HOME");
}

TEST(NupPaths, UnsafePathsAreRejected) {
    for (const char* path : {"../x", "/etc/passwd", "a/../../b", "a//b", "a/./b", "", "a/"}) {
        EXPECT_THROW(RequireSafeNupPath(path, "x"), base::Error) << path;
    }
    EXPECT_NO_THROW(RequireSafeNupPath("romfs/a..b/c", "x"));
}

}  // namespace
}  // namespace formats
