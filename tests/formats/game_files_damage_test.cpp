// The game-file readers under damage: truncation at many lengths and random corruption must
// end in base::Error, never a crash, a hang or another exception (the debug preset adds
// ASan/UBSan). The fuzz targets go further; this is the quick version for every test run.

#include <gtest/gtest.h>

#include <random>

#include "base/error.h"
#include "formats/nca.h"
#include "formats/nca_crypto.h"
#include "formats/partition_fs.h"
#include "formats/romfs.h"
#include "formats/sarc.h"
#include "formats/xci.h"

namespace formats {
namespace {

using Reader = std::function<void(std::vector<u8>)>;

void ExpectParsesOrFails(const Reader& read, std::vector<u8> input, const std::string& what) {
    try {
        read(std::move(input));
    } catch (const base::Error&) {
    } catch (const std::exception& error) {
        ADD_FAILURE() << what << ": threw a non-base::Error: " << error.what();
    }
}

void Torture(const Reader& read, const std::vector<u8>& good, u64 step, int rounds = 1500) {
    for (u64 size = 0; size < good.size(); size += step) {
        ExpectParsesOrFails(read, {good.begin(), good.begin() + static_cast<std::ptrdiff_t>(size)},
                            fmt::format("truncated to {}", size));
    }
    std::mt19937 random(4321);
    for (int round = 0; round < rounds; ++round) {
        std::vector<u8> damaged = good;
        for (int i = 0; i < 1 + round % 4; ++i) {
            const u64 limit = round % 2 ? std::min<u64>(damaged.size(), 0x400) : damaged.size();
            damaged[random() % limit] = static_cast<u8>(random());
        }
        ExpectParsesOrFails(read, std::move(damaged), fmt::format("round {}", round));
    }
}

const std::vector<PartitionFile> kFiles{
    {"main", std::vector<u8>(300, 1)}, {"main.npdm", {1, 2, 3}}, {"sdk", {}}};

void ReadAllEntries(const PartitionFs& fs) {
    for (const PartitionEntry& entry : fs.entries) {
        fs.VerifyHash(entry);
        fs.Open(entry)->ReadAll();
    }
}

TEST(GameFilesDamage, Pfs0) {
    Torture([](auto bytes) { ReadAllEntries(ReadPfs0(MakeMemoryStorage(bytes, "x"))); },
            WritePfs0(kFiles), 3);
}

TEST(GameFilesDamage, Hfs0AndXci) {
    Torture([](auto bytes) { ReadAllEntries(ReadHfs0(MakeMemoryStorage(bytes, "x"))); },
            WriteHfs0(kFiles), 3);
    const auto xci = WriteXci(std::vector<PartitionFile>{{"secure", WriteHfs0(kFiles)}});
    Torture(
        [](auto bytes) {
            ReadAllEntries(ReadXci(MakeMemoryStorage(bytes, "x")).OpenPartition("secure"));
        },
        xci, 0x101, 300);
}

TEST(GameFilesDamage, Romfs) {
    const auto good = WriteRomfs(std::vector<RomfsInputFile>{
        {"a/b/c.txt", {1, 2}}, {"a/d", {3}}, {"e", std::vector<u8>(40, 4)}, {"f/g/h/i", {}}});
    Torture(
        [](auto bytes) {
            const RomfsReader romfs(MakeMemoryStorage(bytes, "x"));
            romfs.Walk([&](const std::string& path, const RomfsFile&) { romfs.ReadFile(path); });
            romfs.FindFile("a/b/c.txt");
            if (romfs.IsDirectory("a")) {
                romfs.List("a");
            }
        },
        good, 1);
}

TEST(GameFilesDamage, Sarc) {
    Torture([](auto bytes) { ReadSarc(bytes, "x"); }, WriteSarc(kFiles, 0x10), 1);
}

TEST(GameFilesDamage, NcaPlainHeader) {
    // Damage the plain header, then encrypt it, so that the parser sees the damaged fields.
    const KeySet keys = KeySet::Parse(
        "header_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
        "key_area_key_application_00 = 2122232425262728292a2b2c2d2e2f30\n",
        "p", "", "");
    const Key256 header_key = keys.Require256("header_key", "");
    const std::vector<NcaWriteSection> sections{{NcaFsType::PartitionFs, WritePfs0(kFiles)},
                                                {NcaFsType::RomFs, WriteRomfs({})}};
    std::vector<u8> good = WriteNca(keys, {}, sections);
    NcaXtsCrypt(header_key, 0, std::span(good).first(kNcaHeaderSize), false);
    Torture(
        [&](std::vector<u8> bytes) {
            if (bytes.size() >= kNcaHeaderSize) {
                NcaXtsCrypt(header_key, 0, std::span(bytes).first(kNcaHeaderSize), true);
            }
            const Nca nca(MakeMemoryStorage(std::move(bytes), "x.nca"), keys);
            for (const NcaSection& section : nca.Header().sections) {
                nca.VerifySection(section);
                if (section.fs_type == NcaFsType::PartitionFs) {
                    ReadAllEntries(ReadPfs0(nca.OpenSection(section)));
                } else {
                    RomfsReader(nca.OpenSection(section)).FindFile("x");
                }
            }
        },
        good, 0x41, 1000);
}

}  // namespace
}  // namespace formats
