#pragma once

// The queue meta data (QMD) a compute launch reads from GPU memory: 256 bytes, fields by bit
// position. MAXWELL_COMPUTE_B takes version 1.7 (deko3d's gpu_compute.cpp writes
// qmd_major_version 1, qmd_version 7): the program as an offset from SET_PROGRAM_REGION, eight
// constant buffers of {address 40 bits, size 17 bits in bytes} at bit 928 + 64i, the release
// semaphores at bits 736 and 832 (NVB1C0_QMDV01_07 field positions as the nvgpu-rs crate for
// the Switch spells them out). AMPERE_COMPUTE_A/B take version 3.0 (NVIDIA's QMDV03_00
// positions in open-gpu-kernel-modules): a 49-bit program address at bit 1536, constant buffers
// of {address 49 bits, size / 16 in 13 bits} at bit 1024 + 64i, releases at bits 768 and 896.

#include <array>
#include <optional>
#include <span>

#include "base/types.h"

namespace gpu::engines {

inline constexpr u32 kQmdWords = 64;

struct QmdRelease {
    u64 address = 0;
    u64 payload = 0;
    bool one_word = false;   // else four words: the payload, then the GPU timer at +8
    bool payload64 = false;  // Ampere's PAYLOAD64B
    bool reduction = false;  // a reduction instead of a write (not made)
};

struct Qmd {
    u32 major_version = 0;
    u32 version = 0;
    u64 program = 0;  // Maxwell: an offset from SET_PROGRAM_REGION; Ampere: the address
    std::array<u32, 3> grid{};
    std::array<u32, 3> block{};
    u32 shared_bytes = 0;
    u32 local_low_bytes = 0;   // per thread
    u32 local_high_bytes = 0;  // per thread
    u32 barriers = 0;
    struct ConstantBuffer {
        bool valid = false;
        u64 address = 0;
        u32 size = 0;  // bytes
    };
    std::array<ConstantBuffer, 8> constant_buffers{};
    std::array<std::optional<QmdRelease>, 2> releases;  // the enabled ones
};

// Bits [low, low + count) of the QMD, count <= 64.
u64 QmdField(std::span<const u32, kQmdWords> words, u32 low, u32 count);

Qmd DecodeMaxwellQmd(std::span<const u32, kQmdWords> words);
Qmd DecodeAmpereQmd(std::span<const u32, kQmdWords> words);

}  // namespace gpu::engines
