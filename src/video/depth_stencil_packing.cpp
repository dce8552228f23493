#include "video/depth_stencil_packing.h"

#include <cstring>

#include "gpu/render_target_format.h"

namespace video {
namespace {

u32 LoadWord(const u8* bytes) {
    u32 word = 0;
    std::memcpy(&word, bytes, sizeof(word));
    return word;
}

void StoreWord(u8* bytes, u32 word) {
    std::memcpy(bytes, &word, sizeof(word));
}

}  // namespace

// NVIDIA names components from the most significant bits (OGD clb197.h SET_ZT_FORMAT): Z24S8
// is depth in bits 31:8 and stencil in 7:0, S8Z24 stencil in 31:24 and depth in 23:0.
// ZF32_X24S8 is taken as the float in the first word and the stencil in the byte after it
// (inference: no public source lays it out).
void UnpackZeta(u32 number, const SurfaceFormat& format, std::span<const u8> guest,
                std::span<u8> depth, std::span<u8> stencil, u64 pixels) {
    if (format.stencil_bytes == 0) {
        std::memcpy(depth.data(), guest.data(), pixels * format.color_or_depth_bytes);
        return;
    }
    for (u64 i = 0; i < pixels; ++i) {
        switch (number) {
            case gpu::zeta::kZ24S8: {
                const u32 word = LoadWord(&guest[i * 4]);
                StoreWord(&depth[i * 4], word >> 8);
                stencil[i] = static_cast<u8>(word);
                break;
            }
            case gpu::zeta::kS8:
                stencil[i] = guest[i];
                break;
            case gpu::zeta::kS8Z24: {
                const u32 word = LoadWord(&guest[i * 4]);
                StoreWord(&depth[i * 4], word & 0xFFFFFF);
                stencil[i] = static_cast<u8>(word >> 24);
                break;
            }
            default:  // ZF32_X24S8
                std::memcpy(&depth[i * 4], &guest[i * 8], 4);
                stencil[i] = guest[i * 8 + 4];
                break;
        }
    }
}

void PackZeta(u32 number, const SurfaceFormat& format, std::span<const u8> depth,
              std::span<const u8> stencil, std::span<u8> guest, u64 pixels) {
    if (format.stencil_bytes == 0) {
        std::memcpy(guest.data(), depth.data(), pixels * format.color_or_depth_bytes);
        return;
    }
    for (u64 i = 0; i < pixels; ++i) {
        if (number == gpu::zeta::kS8) {
            guest[i] = stencil[i];
            continue;
        }
        const u32 z = LoadWord(&depth[i * 4]);
        switch (number) {
            case gpu::zeta::kZ24S8:
                StoreWord(&guest[i * 4], (z & 0xFFFFFF) << 8 | stencil[i]);
                break;
            case gpu::zeta::kS8Z24:
                StoreWord(&guest[i * 4], u32{stencil[i]} << 24 | (z & 0xFFFFFF));
                break;
            default:  // ZF32_X24S8
                std::memcpy(&guest[i * 8], &z, 4);
                guest[i * 8 + 4] = stencil[i];
                std::memset(&guest[i * 8 + 5], 0, 3);
                break;
        }
    }
}

}  // namespace video
