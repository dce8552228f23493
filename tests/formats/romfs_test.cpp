#include <gtest/gtest.h>

#include <cstring>

#include "base/error.h"
#include "formats/romfs.h"

namespace formats {
namespace {

std::vector<RomfsInputFile> SampleTree() {
    std::vector<RomfsInputFile> files{
        {"Pack/ZsDic.pack.zs", {1, 2, 3, 4}},
        {"Pack/Actor/Link.pack.zs", std::vector<u8>(1000, 0x11)},
        {"Model/Link.bfres.mc", std::vector<u8>(33, 0x22)},
        {"System/Resource/ResourceSizeTable.product.rsizetable.zs", {5}},
        {"empty.txt", {}},
        {"Movie/Opening.webm", std::vector<u8>(4097, 0x33)},
    };
    for (int i = 0; i < 50; ++i) {
        files.push_back({"Many/file" + std::to_string(i) + ".bin", std::vector<u8>(i, u8(i))});
    }
    return files;
}

std::vector<u8> Build(std::vector<RomfsInputFile> files) {
    return WriteRomfs(files);
}

RomfsReader Open(std::vector<u8> bytes) {
    return RomfsReader(MakeMemoryStorage(std::move(bytes), "test.romfs"));
}

TEST(Romfs, EveryFileByPath) {
    const auto files = SampleTree();
    const RomfsReader romfs = Open(WriteRomfs(files));
    for (const RomfsInputFile& file : files) {
        EXPECT_EQ(romfs.ReadFile(file.path), file.bytes) << file.path;
        EXPECT_EQ(romfs.ReadFile("/" + file.path), file.bytes) << file.path;
    }
    EXPECT_FALSE(romfs.FindFile("Pack/Nothing"));
    EXPECT_FALSE(romfs.FindFile("Nothing/ZsDic.pack.zs"));
    EXPECT_FALSE(romfs.FindFile("Pack"));  // a directory, not a file
    EXPECT_TRUE(romfs.IsDirectory("/Pack/Actor"));
    EXPECT_TRUE(romfs.IsDirectory("/"));
}

TEST(Romfs, ListAndWalk) {
    const auto files = SampleTree();
    const RomfsReader romfs = Open(WriteRomfs(files));
    const auto root = romfs.List("/");
    std::vector<std::string> names;
    for (const auto& entry : root) {
        names.push_back(entry.name + (entry.is_directory ? "/" : ""));
    }
    EXPECT_EQ(names, (std::vector<std::string>{"Many/", "Model/", "Movie/", "Pack/", "System/",
                                               "empty.txt"}));
    EXPECT_EQ(romfs.List("Many").size(), 50u);
    EXPECT_THROW(romfs.List("Nope"), base::Error);
    std::size_t count = 0;
    romfs.Walk([&](const std::string& path, const RomfsFile& file) {
        ++count;
        EXPECT_EQ(path.front(), '/');
        EXPECT_EQ(romfs.FindFile(path)->data_offset, file.data_offset);
    });
    EXPECT_EQ(count, files.size());
}

TEST(Romfs, WrongHeaderAndTruncation) {
    auto bytes = WriteRomfs(SampleTree());
    auto wrong = bytes;
    wrong[0] = 0x51;
    EXPECT_THROW(Open(wrong), base::Error);
    for (std::size_t size : {std::size_t{0}, std::size_t{0x40}, bytes.size() - 1}) {
        EXPECT_THROW(Open({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size)}),
                     base::Error)
            << size;
    }
}

// The file table's first entry (the first file of the root directory).
u64 FileTableOffset(const std::vector<u8>& bytes) {
    u64 offset;
    std::memcpy(&offset, bytes.data() + 0x38, 8);
    return offset;
}

u64 DirTableOffset(const std::vector<u8>& bytes) {
    u64 offset;
    std::memcpy(&offset, bytes.data() + 0x18, 8);
    return offset;
}

TEST(Romfs, FileDataPastTheEnd) {
    auto bytes = Build({{"a.bin", {1, 2, 3}}});
    const u64 size = 0x1000000;
    std::memcpy(bytes.data() + FileTableOffset(bytes) + 16, &size, 8);
    const RomfsReader romfs = Open(bytes);
    EXPECT_THROW(romfs.ReadFile("a.bin"), base::Error);
}

TEST(Romfs, LoopsInTablesEndWithAnError) {
    // Two files in the root: point the second's sibling back at the first.
    auto bytes = Build({{"a.bin", {1}}, {"b.bin", {2}}});
    const u64 files = FileTableOffset(bytes);
    u32 second;
    std::memcpy(&second, bytes.data() + files + 4, 4);  // a's sibling is b
    const u32 first = 0;
    std::memcpy(bytes.data() + files + second + 4, &first, 4);
    const RomfsReader romfs = Open(bytes);
    EXPECT_THROW(romfs.List("/"), base::Error);
    EXPECT_THROW(romfs.Walk([](auto&, auto&) {}), base::Error);

    // A hash chain that points at itself.
    auto chained = Build({{"a.bin", {1}}});
    const u64 chain_files = FileTableOffset(chained);
    std::memcpy(chained.data() + chain_files + 24, &first, 4);
    // A name in a.bin's bucket (of 3) that is not a.bin walks the chain.
    std::string other;
    for (int i = 0; other.empty(); ++i) {
        const std::string name = "z" + std::to_string(i);
        if (RomfsPathHash(0, name) % 3 == RomfsPathHash(0, "a.bin") % 3) {
            other = name;
        }
    }
    EXPECT_THROW(Open(chained).FindFile(other), base::Error);

    // A directory whose child is the root.
    auto dirs = Build({{"d/a.bin", {1}}});
    const u64 dir_table = DirTableOffset(dirs);
    u32 child;
    std::memcpy(&child, dirs.data() + dir_table + 8, 4);
    std::memcpy(dirs.data() + dir_table + child + 8, &first, 4);
    EXPECT_THROW(Open(dirs).Walk([](auto&, auto&) {}), base::Error);
}

}  // namespace
}  // namespace formats
