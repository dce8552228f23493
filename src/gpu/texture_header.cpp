#include "gpu/texture_header.h"

#include <fmt/format.h>

#include "base/bits.h"

namespace gpu {
namespace {

// Bits [lo, hi] of the 256-bit header (the class headers' MW(hi:lo)).
u32 Field(std::span<const u32, kTextureHeaderWords> words, unsigned hi, unsigned lo) {
    const unsigned word = lo / 32;
    const unsigned width = hi - lo + 1;
    u64 value = words[word];
    if (word + 1 < kTextureHeaderWords) {
        value |= u64{words[word + 1]} << 32;
    }
    return static_cast<u32>(base::Bits(value, lo % 32, width));
}

bool Fail(std::string* why, std::string text) {
    if (why) {
        *why = std::move(text);
    }
    return false;
}

}  // namespace

bool TextureHeader::IsBlockLinear() const {
    return version == TextureHeaderVersion::BlockLinear ||
           version == TextureHeaderVersion::BlockLinearColorKey;
}

bool TextureHeader::IsPitch() const {
    return version == TextureHeaderVersion::Pitch || version == TextureHeaderVersion::PitchColorKey;
}

u32 TextureHeader::Layers() const {
    switch (type) {
        case TextureType::OneDArray:
        case TextureType::TwoDArray:
            return depth;
        case TextureType::Cube:
            return 6;
        case TextureType::CubeArray:
            return 6 * depth;
        default:
            return 1;
    }
}

u32 TextureHeader::Levels() const {
    if (version == TextureHeaderVersion::OneDBuffer || type == TextureType::TwoDNoMipmap ||
        type == TextureType::OneDBuffer) {
        return 1;
    }
    return max_mip_level + 1;
}

std::optional<TextureHeader> DecodeTextureHeader(std::span<const u32, kTextureHeaderWords> words,
                                                 TextureHeaderLayout layout, std::string* why) {
    const bool ampere = layout == TextureHeaderLayout::Ampere;
    TextureHeader header;
    header.components = Field(words, 6, 0);
    for (unsigned i = 0; i < 4; ++i) {
        const u32 type = Field(words, 9 + 3 * i, 7 + 3 * i);
        if (type == 0) {
            // 0 is not a data type; a zero component type only appears where the format has
            // fewer components, which the hardware ignores. Keep it as UNORM.
            header.types[i] = ComponentType::Unorm;
        } else {
            header.types[i] = static_cast<ComponentType>(type);
        }
        const u32 source = Field(words, 21 + 3 * i, 19 + 3 * i);
        if (source == 1) {
            Fail(why, fmt::format("swizzle source 1 of component {} is not defined", i));
            return std::nullopt;
        }
        header.swizzle[i] = static_cast<SwizzleSource>(source);
    }
    const u32 version = Field(words, 87, 85);
    if (version > 4) {
        Fail(why, fmt::format("header version {} is not defined", version));
        return std::nullopt;
    }
    header.version = static_cast<TextureHeaderVersion>(version);
    const u32 address_high = ampere ? Field(words, 80, 64) : Field(words, 79, 64);

    const u32 type = Field(words, 154, 151);
    if (type > 8) {
        Fail(why, fmt::format("texture type {} is not defined", type));
        return std::nullopt;
    }
    header.type = static_cast<TextureType>(type);
    header.srgb = Field(words, 150, 150) != 0;
    header.view_min_mip = Field(words, 227, 224);
    header.view_max_mip = Field(words, 231, 228);
    header.multisample_mode = Field(words, 235, 232);

    if (header.version == TextureHeaderVersion::OneDBuffer) {
        // TEXHEAD_1D: a full 32-bit address low word; the width minus one split in two halves,
        // 31:16 at 111:96 and 15:0 at 143:128.
        header.address = u64{address_high} << 32 | words[1];
        header.width = ((Field(words, 111, 96) << 16) | Field(words, 143, 128)) + 1;
        header.height = 1;
        header.depth = 1;
        header.normalized_coords = false;
        return header;
    }
    header.max_mip_level = Field(words, 127, 124);
    if (header.IsBlockLinear()) {
        // Address bits 31:9 at 63:41: a block-linear texture starts on a GOB.
        header.address = u64{address_high} << 32 | (words[1] & ~0x1FFu);
        header.block_width_log2 = Field(words, 98, 96);
        header.block_height_log2 = Field(words, 101, 99);
        header.block_depth_log2 = Field(words, 104, 102);
    } else {
        // TEXHEAD_PITCH: address bits 31:5 at 63:37, PITCH_BITS20TO5 at 111:96.
        header.address = u64{address_high} << 32 | (words[1] & ~0x1Fu);
        header.pitch = Field(words, 111, 96) << 5;
    }
    header.width = (ampere ? Field(words, 144, 128) : Field(words, 143, 128)) + 1;
    u32 height = Field(words, 175, 160);
    u32 depth = Field(words, 189, 176);
    if (ampere) {
        height |= Field(words, 146, 146) << 16;
        depth |= Field(words, 145, 145) << 14;
    }
    header.height = height + 1;
    header.depth = depth + 1;
    header.normalized_coords = Field(words, 191, 191) != 0;
    return header;
}

}  // namespace gpu
