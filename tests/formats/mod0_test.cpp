#include "formats/mod0.h"

#include <gtest/gtest.h>

#include <cstring>

#include "sample_module.h"

namespace formats {
namespace {

using testing::Contains;
using testing::ErrorOf;
using testing::SampleModule;

TEST(Mod0, ResolvesFieldsFromTheModuleBase) {
    const Mod0 mod0 = ReadModuleMod0(SampleModule(), "sample");
    EXPECT_EQ(mod0.header_offset, 0x80u);
    EXPECT_EQ(mod0.dynamic, 0x3100u);
    EXPECT_EQ(mod0.bss_start, 0x3800u);
    EXPECT_EQ(mod0.bss_end, 0x5000u);
    EXPECT_EQ(mod0.eh_frame_hdr_start, 0x2400u);
    EXPECT_EQ(mod0.eh_frame_hdr_end, 0x2480u);
    EXPECT_EQ(mod0.module_object, 0x3800u);
}

TEST(Mod0, RejectsWrongMagic) {
    ModuleImage module = SampleModule();
    module.text[0x80] = 'N';
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadModuleMod0(module, "m"); }),
                         "m: mod0.magic at offset 0x80: expected magic \"MOD0\""));
}

TEST(Mod0, RejectsOffsetsOutsideTheModule) {
    ModuleImage module = SampleModule();
    const s32 far = 0x10000;
    std::memcpy(module.text.data() + 0x84, &far, sizeof(far));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadModuleMod0(module, "m"); }),
                         "m: mod0.dynamic at offset 0x84: offset 0x10000 from the header points "
                         "outside the module (0x5000 bytes)"));
    const s32 before = -0x100;
    std::memcpy(module.text.data() + 0x84, &before, sizeof(before));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadModuleMod0(module, "m"); }), "mod0.dynamic"));
}

TEST(Mod0, RejectsHeaderOutsideTheSegments) {
    ModuleImage module = SampleModule();
    u32 offset = 0x1ff0;  // the header would cross the end of text
    std::memcpy(module.text.data() + 4, &offset, sizeof(offset));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadModuleMod0(module, "m"); }),
                         "m: mod0 at offset 0x1ff0: header (size 0x1c) lies outside the "
                         "segment's 0x2000 bytes at 0x0"));
    offset = 0x4ff8;  // in bss
    std::memcpy(module.text.data() + 4, &offset, sizeof(offset));
    EXPECT_TRUE(Contains(ErrorOf([&] { ReadModuleMod0(module, "m"); }),
                         "m: mod0 at offset 0x4ff8: header lies in no segment"));
}

TEST(Mod0, ReadsFromAFlatImage) {
    const ModuleImage module = SampleModule();
    EXPECT_EQ(ReadMod0(module.LoadedBytes(), 0x80, "m"), ReadModuleMod0(module, "m"));
}

}  // namespace
}  // namespace formats
