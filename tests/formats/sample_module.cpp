#include "sample_module.h"

#include <cstring>

namespace formats::testing {

namespace {

void Put32(std::vector<u8>& bytes, std::size_t offset, u32 value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

std::vector<u8> Pattern(std::size_t size, u8 seed) {
    std::vector<u8> bytes(size);
    for (std::size_t i = 0; i < size; ++i) {
        bytes[i] = static_cast<u8>(seed + i * 7 + (i >> 8));
    }
    return bytes;
}

}  // namespace

ModuleImage SampleModule() {
    ModuleImage module;
    module.name = "sample";
    module.text = Pattern(0x2000, 1);
    std::memset(module.text.data() + 8, 0, 0x78);
    Put32(module.text, 0, 0x14000020);  // b +0x80
    Put32(module.text, 4, 0x80);        // MOD0 offset
    // MOD0 at 0x80: fields relative to it; the module spans 0x5000 bytes.
    std::memcpy(module.text.data() + 0x80, "MOD0", 4);
    Put32(module.text, 0x84, 0x3100 - 0x80);  // dynamic, in data
    Put32(module.text, 0x88, 0x3800 - 0x80);  // bss start
    Put32(module.text, 0x8c, 0x5000 - 0x80);  // bss end
    Put32(module.text, 0x90, 0x2400 - 0x80);  // eh_frame_hdr start, in ro
    Put32(module.text, 0x94, 0x2480 - 0x80);  // eh_frame_hdr end
    Put32(module.text, 0x98, 0x3800 - 0x80);  // module object, in bss
    module.ro = Pattern(0x1000, 2);
    module.data = Pattern(0x800, 3);
    module.text_offset = 0;
    module.ro_offset = 0x2000;
    module.data_offset = 0x3000;
    module.bss_size = 0x1800;
    for (std::size_t i = 0; i < module.module_id.size(); ++i) {
        module.module_id[i] = static_cast<u8>(0xa0 + i);
    }
    return module;
}

std::vector<u8> SampleElf() {
    std::vector<u8> elf(0x40 + 3 * 0x38);
    const auto put = [&](std::size_t at, auto value) {
        std::memcpy(&elf[at], &value, sizeof(value));
    };
    std::memcpy(elf.data(),
                "\x7f"
                "ELF\x02\x01\x01",
                7);
    put(0x10, u16{3});    // ET_DYN
    put(0x12, u16{183});  // EM_AARCH64
    put(0x20, u64{0x40});
    put(0x36, u16{0x38});
    put(0x38, u16{3});
    const u32 flags[] = {5, 4, 6};
    for (u64 i = 0; i < 3; ++i) {
        const std::size_t header = 0x40 + i * 0x38;
        put(header, u32{1});
        put(header + 4, flags[i]);
        put(header + 8, u64{0x100 + i * 0x40});
        put(header + 0x10, u64{i * 0x1000});
        put(header + 0x20, u64{0x40});
        put(header + 0x28, u64{i == 2 ? 0x800u : 0x40u});
    }
    elf.resize(0x100 + 3 * 0x40, 0xaa);
    return elf;
}

}  // namespace formats::testing
