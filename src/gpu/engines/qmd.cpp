#include "gpu/engines/qmd.h"

namespace gpu::engines {

u64 QmdField(std::span<const u32, kQmdWords> words, u32 low, u32 count) {
    u64 value = 0;
    for (u32 bit = 0; bit < count; ++bit) {
        const u32 at = low + bit;
        value |= u64{(words[at / 32] >> (at % 32)) & 1u} << bit;
    }
    return value;
}

namespace {

u32 Field32(std::span<const u32, kQmdWords> words, u32 low, u32 count) {
    return static_cast<u32>(QmdField(words, low, count));
}

}  // namespace

// NVB1C0_QMDV01_07.
Qmd DecodeMaxwellQmd(std::span<const u32, kQmdWords> words) {
    Qmd qmd;
    qmd.version = Field32(words, 576, 4);
    qmd.major_version = Field32(words, 580, 4);
    qmd.program = Field32(words, 256, 32);  // PROGRAM_OFFSET
    qmd.grid = {Field32(words, 384, 31), Field32(words, 416, 16), Field32(words, 432, 16)};
    qmd.block = {Field32(words, 592, 16), Field32(words, 608, 16), Field32(words, 624, 16)};
    qmd.shared_bytes = Field32(words, 544, 18);
    qmd.local_low_bytes = Field32(words, 1440, 24);
    qmd.local_high_bytes = Field32(words, 1472, 24);
    qmd.barriers = Field32(words, 1467, 5);
    for (u32 i = 0; i < 8; ++i) {
        Qmd::ConstantBuffer& buffer = qmd.constant_buffers[i];
        buffer.valid = QmdField(words, 640 + i, 1) != 0;
        buffer.address = QmdField(words, 928 + 64 * i, 40);
        buffer.size = Field32(words, 928 + 64 * i + 47, 17);
    }
    // SEMAPHORE_RELEASE_ENABLE0/1 at bits 202 and 203; each release: address 40 bits,
    // REDUCTION_ENABLE at +58, STRUCTURE_SIZE at +63 (1: one word), payload at +64.
    for (u32 i = 0; i < 2; ++i) {
        if (QmdField(words, 202 + i, 1) == 0) {
            continue;
        }
        const u32 base = 736 + 96 * i;
        QmdRelease release;
        release.address = QmdField(words, base, 40);
        release.reduction = QmdField(words, base + 58, 1) != 0;
        release.one_word = QmdField(words, base + 63, 1) != 0;
        release.payload = QmdField(words, base + 64, 32);
        qmd.releases[i] = release;
    }
    return qmd;
}

// NVC6C0_QMDV03_00 (the same positions in NVIDIA's C7C0 and C9C0 copies).
Qmd DecodeAmpereQmd(std::span<const u32, kQmdWords> words) {
    Qmd qmd;
    qmd.version = Field32(words, 576, 4);
    qmd.major_version = Field32(words, 580, 4);
    qmd.program = QmdField(words, 1536, 49);  // PROGRAM_ADDRESS_LOWER, _UPPER 1584:1568
    qmd.grid = {Field32(words, 384, 32), Field32(words, 416, 16), Field32(words, 448, 16)};
    qmd.block = {Field32(words, 592, 16), Field32(words, 608, 16), Field32(words, 624, 16)};
    qmd.shared_bytes = Field32(words, 544, 18);
    qmd.local_high_bytes = Field32(words, 1600, 24);  // SHADER_LOCAL_MEMORY_HIGH_SIZE
    qmd.barriers = Field32(words, 763, 5);
    for (u32 i = 0; i < 8; ++i) {
        Qmd::ConstantBuffer& buffer = qmd.constant_buffers[i];
        buffer.valid = QmdField(words, 640 + i, 1) != 0;
        buffer.address = QmdField(words, 1024 + 64 * i, 49);
        buffer.size = Field32(words, 1024 + 64 * i + 51, 13) << 4;  // SIZE_SHIFTED4
    }
    // RELEASE0/1: address 40 bits, ENABLE at +55, PAYLOAD64B at +61, STRUCTURE_SIZE at +62
    // (0 four words, 1 one word, 2 two words), payload lower and upper at +64 and +96.
    for (u32 i = 0; i < 2; ++i) {
        const u32 base = 768 + 128 * i;
        if (QmdField(words, base + 55, 1) == 0) {
            continue;
        }
        QmdRelease release;
        release.address = QmdField(words, base, 40);
        release.payload64 = QmdField(words, base + 61, 1) != 0;
        release.one_word = QmdField(words, base + 62, 2) != 0;
        release.payload = QmdField(words, base + 64, 64);
        qmd.releases[i] = release;
    }
    return qmd;
}

}  // namespace gpu::engines
