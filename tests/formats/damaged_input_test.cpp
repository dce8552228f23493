// Every reader must turn any damage into a base::Error: truncation at every length and random
// byte corruption must never crash or throw anything else (the debug preset adds ASan/UBSan).

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>

#include "base/error.h"
#include "formats/elf.h"
#include "formats/mod0.h"
#include "formats/nacp.h"
#include "formats/npdm.h"
#include "formats/nro.h"
#include "formats/nso.h"
#include "sample_module.h"

namespace formats {
namespace {

using Reader = std::function<void(std::span<const u8>)>;

// Runs `read` on the input; fails the test if it throws anything but base::Error.
void ExpectParsesOrFails(const Reader& read, std::span<const u8> input, const std::string& what) {
    try {
        read(input);
    } catch (const base::Error&) {
    } catch (const std::exception& error) {
        ADD_FAILURE() << what << ": threw a non-base::Error: " << error.what();
    }
}

void Torture(const Reader& read, const std::vector<u8>& good, u64 step) {
    for (u64 size = 0; size < good.size(); size += step) {
        ExpectParsesOrFails(read, std::span(good).first(size),
                            fmt::format("truncated to {}", size));
    }
    std::mt19937 random(1234);
    for (int round = 0; round < 2000; ++round) {
        std::vector<u8> damaged = good;
        const int flips = 1 + round % 4;
        for (int i = 0; i < flips; ++i) {
            // Mostly the headers, where the sizes and offsets are.
            const u64 limit = round % 2 ? std::min<u64>(damaged.size(), 0x300) : damaged.size();
            damaged[random() % limit] = static_cast<u8>(random());
        }
        ExpectParsesOrFails(read, damaged, fmt::format("round {}", round));
    }
}

TEST(DamagedInput, Nro) {
    NroAssets assets;
    assets.icon = {1, 2, 3};
    assets.romfs = std::vector<u8>(0x40, 9);
    Torture([](auto bytes) { ReadModuleMod0(ReadNro(bytes, "x.nro").module, "x"); },
            WriteNro(testing::SampleModule(), assets), 7);
}

TEST(DamagedInput, Nso) {
    Torture([](auto bytes) { ReadNso(bytes, "main"); }, WriteNso(testing::SampleModule(), true), 5);
    Torture([](auto bytes) { ReadNso(bytes, "main"); }, WriteNso(testing::SampleModule(), false),
            61);
}

TEST(DamagedInput, Npdm) {
    Npdm npdm = DefaultNpdm("Application", 0x0100000000001000);
    npdm.aci.service_access.push_back({"fsp-srv", false});
    Torture([](auto bytes) { WriteNpdm(ReadNpdm(bytes, "main.npdm")); }, WriteNpdm(npdm), 1);
}

TEST(DamagedInput, Elf) {
    const std::vector<u8> elf = testing::SampleElf();
    ASSERT_NO_THROW(ModuleFromElf(elf, "a.elf"));
    Torture([](auto bytes) { ModuleFromElf(bytes, "a.elf"); }, elf, 1);
}

TEST(DamagedInput, Nacp) {
    Nacp nacp;
    nacp.titles[0] = {"a", "b"};
    Torture([](auto bytes) { ReadNacp(bytes, "control.nacp"); }, WriteNacp(nacp), 0x400);
}

}  // namespace
}  // namespace formats
