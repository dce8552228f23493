#pragma once

// QMDs written here for the compute launch tests, field by field at NVIDIA's bit positions
// (NVB1C0_QMDV01_07 as the nvgpu-rs crate gives it; NVC6C0_QMDV03_00 of open-gpu-kernel-modules),
// and the pushbuffer that launches one (SEND_PCAS_A, SEND_SIGNALING_PCAS_B; clb1c0.h).

#include <array>
#include <optional>
#include <vector>

#include "gpu_test_rig.h"

namespace gpu_test {

struct QmdRelease {
    u64 address = 0;
    u32 payload = 0;
    bool one_word = true;
};

struct QmdFields {
    u64 program = 0;  // Maxwell: the offset from SET_PROGRAM_REGION; Ampere: the address
    std::array<u32, 3> grid{1, 1, 1};
    std::array<u32, 3> block{1, 1, 1};
    u32 shared_bytes = 0;
    u32 local_bytes = 0;
    u32 barriers = 0;
    std::array<std::optional<std::pair<u64, u32>>, 8> constant_buffers;  // address, bytes
    std::optional<QmdRelease> release0;
    u32 major_version = 0;  // 0: the class's own (1 Maxwell, 3 Ampere)
};

inline void SetBits(std::array<u32, 64>& words, u32 low, u32 count, u64 value) {
    for (u32 bit = 0; bit < count; ++bit) {
        const u32 at = low + bit;
        if ((value >> bit) & 1) {
            words[at / 32] |= 1u << (at % 32);
        } else {
            words[at / 32] &= ~(1u << (at % 32));
        }
    }
}

inline std::array<u32, 64> MaxwellQmd(const QmdFields& fields) {
    std::array<u32, 64> q{};
    SetBits(q, 576, 4, 7);                                                // QMD_VERSION
    SetBits(q, 580, 4, fields.major_version ? fields.major_version : 1);  // QMD_MAJOR_VERSION
    SetBits(q, 256, 32, fields.program);                                  // PROGRAM_OFFSET
    SetBits(q, 384, 31, fields.grid[0]);                                  // CTA_RASTER_WIDTH
    SetBits(q, 416, 16, fields.grid[1]);                                  // CTA_RASTER_HEIGHT
    SetBits(q, 432, 16, fields.grid[2]);                                  // CTA_RASTER_DEPTH
    SetBits(q, 544, 18, fields.shared_bytes);                             // SHARED_MEMORY_SIZE
    SetBits(q, 592, 16, fields.block[0]);  // CTA_THREAD_DIMENSION0..2
    SetBits(q, 608, 16, fields.block[1]);
    SetBits(q, 624, 16, fields.block[2]);
    SetBits(q, 1440, 24, fields.local_bytes);  // SHADER_LOCAL_MEMORY_LOW_SIZE
    SetBits(q, 1467, 5, fields.barriers);      // BARRIER_COUNT
    for (u32 i = 0; i < 8; ++i) {
        if (const auto& buffer = fields.constant_buffers[i]) {
            SetBits(q, 640 + i, 1, 1);                          // CONSTANT_BUFFER_VALID(i)
            SetBits(q, 928 + 64 * i, 40, buffer->first);        // ADDR_LOWER, ADDR_UPPER
            SetBits(q, 928 + 64 * i + 47, 17, buffer->second);  // SIZE
        }
    }
    if (fields.release0) {
        SetBits(q, 202, 1, 1);  // SEMAPHORE_RELEASE_ENABLE0
        SetBits(q, 736, 40, fields.release0->address);
        SetBits(q, 736 + 63, 1, fields.release0->one_word ? 1 : 0);  // STRUCTURE_SIZE
        SetBits(q, 736 + 64, 32, fields.release0->payload);
    }
    return q;
}

inline std::array<u32, 64> AmpereQmd(const QmdFields& fields) {
    std::array<u32, 64> q{};
    SetBits(q, 580, 4, fields.major_version ? fields.major_version : 3);  // QMD_MAJOR_VERSION
    SetBits(q, 1536, 32, fields.program);                                 // PROGRAM_ADDRESS_LOWER
    SetBits(q, 1568, 17, fields.program >> 32);                           // PROGRAM_ADDRESS_UPPER
    SetBits(q, 384, 32, fields.grid[0]);
    SetBits(q, 416, 16, fields.grid[1]);
    SetBits(q, 448, 16, fields.grid[2]);
    SetBits(q, 544, 18, fields.shared_bytes);
    SetBits(q, 592, 16, fields.block[0]);
    SetBits(q, 608, 16, fields.block[1]);
    SetBits(q, 624, 16, fields.block[2]);
    SetBits(q, 1600, 24, fields.local_bytes);  // SHADER_LOCAL_MEMORY_HIGH_SIZE
    SetBits(q, 763, 5, fields.barriers);
    for (u32 i = 0; i < 8; ++i) {
        if (const auto& buffer = fields.constant_buffers[i]) {
            SetBits(q, 640 + i, 1, 1);
            SetBits(q, 1024 + 64 * i, 32, buffer->first);        // ADDR_LOWER
            SetBits(q, 1056 + 64 * i, 17, buffer->first >> 32);  // ADDR_UPPER
            SetBits(q, 1075 + 64 * i, 13, buffer->second >> 4);  // SIZE_SHIFTED4
        }
    }
    if (fields.release0) {
        SetBits(q, 768, 32, fields.release0->address);  // RELEASE0_ADDRESS_LOWER
        SetBits(q, 800, 8, fields.release0->address >> 32);
        SetBits(q, 823, 1, 1);                                  // RELEASE0_ENABLE
        SetBits(q, 830, 2, fields.release0->one_word ? 1 : 0);  // RELEASE0_STRUCTURE_SIZE
        SetBits(q, 832, 32, fields.release0->payload);          // RELEASE0_PAYLOAD_LOWER
    }
    return q;
}

// Binds `class_id` on subchannel 1, sets SET_PROGRAM_REGION (Maxwell), and launches the QMD at
// `qmd_address` (256-byte aligned).
inline std::vector<u32> LaunchWords(u32 class_id, u64 qmd_address, u64 program_region) {
    std::vector<u32> words;
    Method(words, 1, 0, {class_id});
    if (class_id < 0xC000) {
        Method(words, 1, 0x1608 / 4, {High(program_region), Low(program_region)});
    }
    Method(words, 1, 0x2B4 / 4, {static_cast<u32>(qmd_address >> 8)});  // SEND_PCAS_A
    Method(words, 1, 0x2BC / 4, {3});  // SEND_SIGNALING_PCAS_B: INVALIDATE | SCHEDULE
    return words;
}

// Maxwell's BRA to itself (opcode 0xE24 in 63:52, offset -8 in 43:20, PT in 18:16) and Ampere's
// (0xfffffff000007947 / 0x000fc0000383ffff, as cuobjdump shows NVIDIA's code end).
inline constexpr u64 kMaxwellSelfBranch =
    (u64{0xE24} << 52) | (u64{0xFFFFF8} << 20) | (7u << 16) | 0xF;
inline constexpr u64 kAmpereSelfBranchLow = 0xfffffff000007947ull;
inline constexpr u64 kAmpereSelfBranchHigh = 0x000fc0000383ffffull;

}  // namespace gpu_test
