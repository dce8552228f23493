#include "gpu/bcn_decoder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string_view>

namespace gpu {
namespace {

using F = TextureFormat;

// The 128 (or 64) bits of a block, read from the least significant bit up.
class BlockBits {
public:
    explicit BlockBits(std::span<const u8> block) {
        std::memcpy(&low_, block.data(), 8);
        if (block.size() >= 16) {
            std::memcpy(&high_, block.data() + 8, 8);
        }
    }
    u32 Read(u32 count) {
        u32 value = 0;
        for (u32 i = 0; i < count; ++i) {
            value |= Bit(position_++) << i;
        }
        return value;
    }
    u32 Bit(u32 at) const {
        return static_cast<u32>((at < 64 ? low_ >> at : high_ >> (at - 64)) & 1);
    }
    u64 Low() const { return low_; }

private:
    u64 low_ = 0;
    u64 high_ = 0;
    u32 position_ = 0;
};

u8 Expand(u32 value, u32 bits) {
    // The top bits replicated into the low ones (5 or 6 bits of a 565 colour, BC7 endpoints).
    value <<= 8 - bits;
    return static_cast<u8>(value | value >> bits);
}

u8 Divide(u32 numerator, u32 denominator) {
    return static_cast<u8>((numerator + denominator / 2) / denominator);
}

// BC1's colour half (Khronos Data Format Specification, S3TC): two RGB565 endpoints and 2-bit
// indices; `four_colours` for BC2 and BC3, whose colours never take the three-colour mode.
void DecodeBc1Colours(std::span<const u8> block, bool four_colours, u8* texels, u32 stride) {
    const u32 c0 = block[0] | block[1] << 8;
    const u32 c1 = block[2] | block[3] << 8;
    std::array<std::array<u8, 4>, 4> palette{};
    for (u32 i = 0; i < 2; ++i) {
        const u32 c = i == 0 ? c0 : c1;
        palette[i] = {Expand(c >> 11, 5), Expand(c >> 5 & 0x3F, 6), Expand(c & 0x1F, 5), 255};
    }
    for (u32 k = 0; k < 3; ++k) {
        const u32 a = palette[0][k];
        const u32 b = palette[1][k];
        if (four_colours || c0 > c1) {
            palette[2][k] = Divide(2 * a + b, 3);
            palette[3][k] = Divide(a + 2 * b, 3);
        } else {
            palette[2][k] = Divide(a + b, 2);
            palette[3][k] = 0;
        }
    }
    palette[2][3] = 255;
    palette[3][3] = four_colours || c0 > c1 ? 255 : 0;
    const u32 indices = block[4] | block[5] << 8 | block[6] << 16 | u32{block[7]} << 24;
    for (u32 t = 0; t < 16; ++t) {
        std::memcpy(texels + t * stride, palette[indices >> (2 * t) & 3].data(), 4);
    }
}

// An RGTC channel's endpoints: two bytes, signed ones with -128 read as -127 before they are
// compared (so -128, -127 takes the six-value mode; as the H200 decodes it).
struct RgtcEndpoints {
    int e0;
    int e1;
    bool eight_values;  // e0 > e1: six interpolated values, else four and the two extremes
};

RgtcEndpoints ReadRgtcEndpoints(std::span<const u8> block, bool is_signed) {
    const int e0 = is_signed ? std::max<int>(static_cast<s8>(block[0]), -127) : block[0];
    const int e1 = is_signed ? std::max<int>(static_cast<s8>(block[1]), -127) : block[1];
    return {e0, e1, e0 > e1};
}

u32 RgtcIndex(std::span<const u8> block, u32 texel) {
    u64 indices = 0;
    for (u32 i = 0; i < 6; ++i) {
        indices |= u64{block[2 + i]} << (8 * i);
    }
    return static_cast<u32>(indices >> (3 * texel) & 7);
}

// BC3's alpha (the Khronos Data Format Specification's S3TC formulas): each interpolated value
// rounded to the nearest byte.
void DecodeBc3Alpha(std::span<const u8> block, u8* texels, u32 stride) {
    const RgtcEndpoints ends = ReadRgtcEndpoints(block, false);
    std::array<int, 8> values{ends.e0, ends.e1};
    const int steps = ends.eight_values ? 7 : 5;
    for (int i = 1; i < steps; ++i) {
        values[i + 1] = (ends.e0 * (steps - i) + ends.e1 * i + steps / 2) / steps;
    }
    if (!ends.eight_values) {
        values[6] = 0;
        values[7] = 255;
    }
    for (u32 t = 0; t < 16; ++t) {
        texels[t * stride] = static_cast<u8>(values[RgtcIndex(block, t)]);
    }
}

// BC4 and BC5 channels as NVIDIA's texture units decode them, to 16-bit UNORM or SNORM values.
// Measured on the H200 for every endpoint pair and index (tests/gpu/device_probes/README.md):
// the value of index i is (w[i] e0 + (W - w[i]) e1) / (255 W) (UNORM, W = 257) or / (127 W)
// (SNORM, W = 258), with weights of their own rather than the formulas' k/7 and k/5 (up to 7.5
// of 255 or of 127 apart from them). UNORM: exactly the 16-bit value w e0 + (W - w) e1.
// The weight of e0 for indices 0-7, by mode (eight values, six values).
constexpr std::array<int, 8> kRgtcUnormWeights8 = {257, 0, 221, 185, 144, 113, 72, 36};
constexpr std::array<int, 6> kRgtcUnormWeights6 = {257, 0, 209, 161, 96, 48};
constexpr std::array<int, 8> kRgtcSnormWeights8 = {258, 0, 222, 186, 144, 114, 72, 36};
constexpr std::array<int, 6> kRgtcSnormWeights6 = {258, 0, 210, 162, 96, 48};

void DecodeRgtcChannel(std::span<const u8> block, bool is_signed, u8* texels, u32 stride) {
    const RgtcEndpoints ends = ReadRgtcEndpoints(block, is_signed);
    const int total = is_signed ? 258 : 257;
    std::array<int, 8> values{};
    for (u32 i = 0; i < 8; ++i) {
        if (!ends.eight_values && i >= 6) {
            const bool high = i == 7;
            values[i] = is_signed ? (high ? 32767 : -32767) : (high ? 65535 : 0);
            continue;
        }
        const int w = is_signed
                          ? (ends.eight_values ? kRgtcSnormWeights8[i] : kRgtcSnormWeights6[i])
                          : (ends.eight_values ? kRgtcUnormWeights8[i] : kRgtcUnormWeights6[i]);
        const int sum = w * ends.e0 + (total - w) * ends.e1;
        // SNORM: sum / (127 * 258) of 1, as the nearest of the 16-bit SNORM steps (1 / 32767).
        values[i] = is_signed ? static_cast<int>(std::lround(sum * 32767.0 / (127 * 258))) : sum;
    }
    for (u32 t = 0; t < 16; ++t) {
        const u16 value = static_cast<u16>(values[RgtcIndex(block, t)]);
        std::memcpy(texels + t * stride, &value, 2);
    }
}

// ARB_texture_compression_bptc Table.P2 and Table.P3: the subset of each texel (x + 4 y).
constexpr std::array<std::string_view, 64> kPartitions2 = {
    "0011001100110011", "0001000100010001", "0111011101110111", "0001001100110111",
    "0000000100010011", "0011011101111111", "0001001101111111", "0000000100110111",
    "0000000000010011", "0011011111111111", "0000000101111111", "0000000000010111",
    "0001011111111111", "0000000011111111", "0000111111111111", "0000000000001111",
    "0000100011101111", "0111000100000000", "0000000010001110", "0111001100010000",
    "0011000100000000", "0000100011001110", "0000000010001100", "0111001100110001",
    "0011000100010000", "0000100010001100", "0110011001100110", "0011011001101100",
    "0001011111101000", "0000111111110000", "0111000110001110", "0011100110011100",
    "0101010101010101", "0000111100001111", "0101101001011010", "0011001111001100",
    "0011110000111100", "0101010110101010", "0110100101101001", "0101101010100101",
    "0111001111001110", "0001001111001000", "0011001001001100", "0011101111011100",
    "0110100110010110", "0011110011000011", "0110011010011001", "0000011001100000",
    "0100111001000000", "0010011100100000", "0000001001110010", "0000010011100100",
    "0110110010010011", "0011011011001001", "0110001110011100", "0011100111000110",
    "0110110011001001", "0110001100111001", "0111111010000001", "0001100011100111",
    "0000111100110011", "0011001111110000", "0010001011101110", "0100010001110111",
};
constexpr std::array<std::string_view, 64> kPartitions3 = {
    "0011001102212222", "0001001122112221", "0000200122112211", "0222002200110111",
    "0000000011221122", "0011001100220022", "0022002211111111", "0011001122112211",
    "0000000011112222", "0000111111112222", "0000111122222222", "0012001200120012",
    "0112011201120112", "0122012201220122", "0011011211221222", "0011200122002220",
    "0001001101121122", "0111001120012200", "0000112211221122", "0022002200221111",
    "0111011102220222", "0001000122212221", "0000001101220122", "0000110022102210",
    "0122012200110000", "0012001211222222", "0110122112210110", "0000011012211221",
    "0022110211020022", "0110011020022222", "0011012201220011", "0000200022112221",
    "0000000211221222", "0222002200120011", "0011001200220222", "0120012001200120",
    "0000111122220000", "0120120120120120", "0120201212010120", "0011220011220011",
    "0011112222000011", "0101010122222222", "0000000021212121", "0022112200221122",
    "0022001100220011", "0220122102201221", "0101222222220101", "0000212121212121",
    "0101010101012222", "0222011102220111", "0002111200021112", "0000211221122112",
    "0222011101110222", "0002111211120002", "0110011001102222", "0000000021122112",
    "0110011022222222", "0022001100110022", "0022112211220022", "0000000000002112",
    "0002000100020001", "0222122202221222", "0101222222222222", "0111201122012220",
};
// Tables A2, A3a, A3b: the anchor texel of the second (and third) subset.
constexpr std::array<u8, 64> kAnchor2 = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2,  2, 8,
    8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8,  2, 2,
    2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15,
};
constexpr std::array<u8, 64> kAnchor3Second = {
    3,  3,  15, 15, 8, 3,  15, 15, 8,  8,  6, 6,  6, 5,  3, 3,  3,  3,  8,  15, 3,  3,
    6,  10, 5,  8,  8, 6,  8,  5,  15, 15, 8, 15, 3, 5,  6, 10, 8,  15, 15, 3,  15, 5,
    15, 15, 15, 15, 3, 15, 5,  5,  5,  8,  5, 10, 5, 10, 8, 13, 15, 12, 3,  3,
};
constexpr std::array<u8, 64> kAnchor3Third = {
    15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
    15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
    3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
};

// Every anchor lies in its own subset: the tables agree with one another.
constexpr bool AnchorsAgree() {
    for (u32 p = 0; p < 64; ++p) {
        if (kPartitions2[p][0] != '0' || kPartitions2[p][kAnchor2[p]] != '1' ||
            kPartitions3[p][0] != '0' || kPartitions3[p][kAnchor3Second[p]] != '1' ||
            kPartitions3[p][kAnchor3Third[p]] != '2') {
            return false;
        }
    }
    return true;
}
static_assert(AnchorsAgree());

u32 SubsetOf(u32 subsets, u32 partition, u32 texel) {
    if (subsets == 1) {
        return 0;
    }
    return static_cast<u32>((subsets == 2 ? kPartitions2 : kPartitions3)[partition][texel] - '0');
}

bool IsAnchor(u32 subsets, u32 partition, u32 texel) {
    if (texel == 0) {
        return true;
    }
    if (subsets == 2) {
        return texel == kAnchor2[partition];
    }
    return subsets == 3 &&
           (texel == kAnchor3Second[partition] || texel == kAnchor3Third[partition]);
}

// The interpolation factors (of 64) for 2-, 3- and 4-bit indices.
u32 Weight(u32 index_bits, u32 index) {
    static constexpr u8 k2[] = {0, 21, 43, 64};
    static constexpr u8 k3[] = {0, 9, 18, 27, 37, 46, 55, 64};
    static constexpr u8 k4[] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
    return index_bits == 2 ? k2[index] : index_bits == 3 ? k3[index] : k4[index];
}

// Table.M.
struct Bc7Mode {
    u32 subsets, partition_bits, rotation_bits, selection_bits, colour_bits, alpha_bits,
        endpoint_pbits, shared_pbits, index_bits, index2_bits;
};
constexpr std::array<Bc7Mode, 8> kBc7Modes{{
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0},
    {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
    {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
    {1, 0, 2, 1, 5, 6, 0, 0, 2, 3},
    {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0},
    {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
}};

void DecodeBc7(std::span<const u8> block, u8* texels) {
    BlockBits bits(block);
    u32 mode = 0;
    while (mode < 8 && bits.Read(1) == 0) {
        ++mode;
    }
    if (mode == 8) {
        // The reserved mode: every texel transparent black.
        std::memset(texels, 0, 64);
        return;
    }
    const Bc7Mode& m = kBc7Modes[mode];
    const u32 partition = bits.Read(m.partition_bits);
    const u32 rotation = bits.Read(m.rotation_bits);
    const u32 selection = bits.Read(m.selection_bits);
    // endpoints[subset][end][channel], with their bit counts.
    u32 endpoints[3][2][4] = {};
    for (u32 c = 0; c < 4; ++c) {
        const u32 count = c < 3 ? m.colour_bits : m.alpha_bits;
        for (u32 s = 0; s < m.subsets; ++s) {
            for (u32 e = 0; e < 2; ++e) {
                endpoints[s][e][c] = bits.Read(count);
            }
        }
    }
    u32 colour_bits = m.colour_bits;
    u32 alpha_bits = m.alpha_bits;
    if (m.endpoint_pbits || m.shared_pbits) {
        for (u32 s = 0; s < m.subsets; ++s) {
            const u32 shared = m.shared_pbits ? bits.Read(1) : 0;
            for (u32 e = 0; e < 2; ++e) {
                const u32 p = m.shared_pbits ? shared : bits.Read(1);
                for (u32 c = 0; c < 4; ++c) {
                    endpoints[s][e][c] = endpoints[s][e][c] << 1 | p;
                }
            }
        }
        ++colour_bits;
        alpha_bits = alpha_bits ? alpha_bits + 1 : 0;
    }
    u8 colours[3][2][4];
    for (u32 s = 0; s < m.subsets; ++s) {
        for (u32 e = 0; e < 2; ++e) {
            for (u32 c = 0; c < 3; ++c) {
                colours[s][e][c] = Expand(endpoints[s][e][c], colour_bits);
            }
            colours[s][e][3] = alpha_bits ? Expand(endpoints[s][e][3], alpha_bits) : 255;
        }
    }
    u32 primary[16];
    u32 secondary[16] = {};
    for (u32 t = 0; t < 16; ++t) {
        primary[t] = bits.Read(m.index_bits - (IsAnchor(m.subsets, partition, t) ? 1 : 0));
    }
    if (m.index2_bits) {
        for (u32 t = 0; t < 16; ++t) {
            secondary[t] = bits.Read(m.index2_bits - (t == 0 ? 1 : 0));
        }
    }
    for (u32 t = 0; t < 16; ++t) {
        const u32 s = SubsetOf(m.subsets, partition, t);
        u32 colour_weight = Weight(m.index_bits, primary[t]);
        u32 alpha_weight = colour_weight;
        if (m.index2_bits) {
            const u32 second = Weight(m.index2_bits, secondary[t]);
            colour_weight = selection ? second : colour_weight;
            alpha_weight = selection ? Weight(m.index_bits, primary[t]) : second;
        }
        u8 texel[4];
        for (u32 c = 0; c < 4; ++c) {
            const u32 w = c < 3 ? colour_weight : alpha_weight;
            texel[c] =
                static_cast<u8>(((64 - w) * colours[s][0][c] + w * colours[s][1][c] + 32) >> 6);
        }
        if (rotation) {
            std::swap(texel[3], texel[rotation - 1]);
        }
        std::memcpy(texels + 4 * t, texel, 4);
    }
}

// BC6H (ARB_texture_compression_bptc Table.MF and Table.F). Each mode's field string is the
// table's, read left to right from the block's least significant bit: v[a:b] takes the next
// bits into bit b, then towards a.
struct Bc6Mode {
    u32 number;
    bool transformed;
    u32 partition_bits;
    u32 endpoint_bits;
    std::array<u32, 3> delta_bits;
    std::string_view fields;
};
constexpr std::array<Bc6Mode, 14> kBc6Modes{{
    {0,
     true,
     5,
     10,
     {5, 5, 5},
     "m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],"
     "g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {1,
     true,
     5,
     7,
     {6, 6, 6},
     "m[1:0],g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],g2[4],b0[6:0],"
     "b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {2,
     true,
     5,
     11,
     {5, 4, 4},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],b3[0],g3[3:0],"
     "b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {6,
     true,
     5,
     11,
     {4, 5, 4},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],g0[10],g3[3:0],"
     "b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]"},
    {10,
     true,
     5,
     11,
     {4, 4, 5},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],g0[10],b3[0],"
     "g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]"},
    {14,
     true,
     5,
     9,
     {5, 5, 5},
     "m[4:0],r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],"
     "g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {18,
     true,
     5,
     8,
     {6, 5, 5},
     "m[4:0],r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],r1[5:0],g2[3:0],"
     "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],r3[5:0]"},
    {22,
     true,
     5,
     8,
     {5, 6, 5},
     "m[4:0],r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],r1[4:0],g3[4],"
     "g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {26,
     true,
     5,
     8,
     {5, 5, 6},
     "m[4:0],r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],r1[4:0],g3[4],"
     "g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]"},
    {30,
     false,
     5,
     6,
     {6, 6, 6},
     "m[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],g2[4],b0[5:0],g3[5],"
     "b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]"},
    {3, false, 0, 10, {10, 10, 10}, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]"},
    {7,
     true,
     0,
     11,
     {9, 9, 9},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]"},
    {11,
     true,
     0,
     12,
     {8, 8, 8},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]"},
    {15,
     true,
     0,
     16,
     {4, 4, 4},
     "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]"},
}};

int SignExtend(u32 value, u32 bits) {
    const u32 sign = 1u << (bits - 1);
    return static_cast<int>((value & (2 * sign - 1)) ^ sign) - static_cast<int>(sign);
}

u32 ParseNumber(std::string_view text, std::size_t& at) {
    u32 value = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
        value = value * 10 + static_cast<u32>(text[at++] - '0');
    }
    return value;
}

// Reads the mode's fields: values[channel][endpoint] (r, g, b; 0-3).
void ReadBc6Fields(const Bc6Mode& mode, BlockBits& bits, u32 values[3][4]) {
    const std::string_view f = mode.fields;
    std::size_t at = 0;
    while (at < f.size()) {
        const char name = f[at++];
        const u32 endpoint = name == 'm' ? 0 : static_cast<u32>(f[at++] - '0');
        ++at;  // '['
        const u32 high = ParseNumber(f, at);
        u32 low = high;
        if (f[at] == ':') {
            ++at;
            low = ParseNumber(f, at);
        }
        at += 2;  // "]," (or "]" at the end)
        const int step = high >= low ? 1 : -1;
        for (int bit = static_cast<int>(low);; bit += step) {
            const u32 value = bits.Read(1);
            if (name != 'm') {
                const u32 channel = name == 'r' ? 0 : name == 'g' ? 1 : 2;
                values[channel][endpoint] |= value << bit;
            }
            if (bit == static_cast<int>(high)) {
                break;
            }
        }
    }
}

int UnquantizeBc6(int x, u32 bits, bool is_signed) {
    if (!is_signed) {
        if (bits >= 15 || x == 0) {
            return x;
        }
        if (x == (1 << bits) - 1) {
            return 0xFFFF;
        }
        return ((x << 15) + 0x4000) >> (bits - 1);
    }
    if (bits >= 16) {
        return x;
    }
    const bool negative = x < 0;
    const int magnitude = negative ? -x : x;
    int unquantized = 0;
    if (magnitude == 0) {
        unquantized = 0;
    } else if (magnitude >= (1 << (bits - 1)) - 1) {
        unquantized = 0x7FFF;
    } else {
        unquantized = ((magnitude << 15) + 0x4000) >> (bits - 1);
    }
    return negative ? -unquantized : unquantized;
}

u16 FinishBc6(int x, bool is_signed) {
    if (!is_signed) {
        return static_cast<u16>((x * 31) >> 6);
    }
    return x < 0 ? static_cast<u16>((((-x) * 31) >> 5) | 0x8000) : static_cast<u16>((x * 31) >> 5);
}

void DecodeBc6h(std::span<const u8> block, bool is_signed, u8* texels) {
    BlockBits bits(block);
    const u32 low2 = static_cast<u32>(bits.Low() & 3);
    const u32 number = low2 < 2 ? low2 : static_cast<u32>(bits.Low() & 0x1F);
    const Bc6Mode* mode = nullptr;
    for (const Bc6Mode& candidate : kBc6Modes) {
        if (candidate.number == number) {
            mode = &candidate;
        }
    }
    const u16 one = 0x3C00;
    if (!mode) {
        // A reserved mode: (0, 0, 0, 1).
        for (u32 t = 0; t < 16; ++t) {
            const u16 texel[4] = {0, 0, 0, one};
            std::memcpy(texels + 8 * t, texel, 8);
        }
        return;
    }
    u32 raw[3][4] = {};
    ReadBc6Fields(*mode, bits, raw);
    const u32 subsets = mode->partition_bits ? 2 : 1;
    const u32 partition = bits.Read(mode->partition_bits);
    const u32 ends = 2 * subsets;
    int endpoints[3][4] = {};
    for (u32 c = 0; c < 3; ++c) {
        const u32 epb = mode->endpoint_bits;
        endpoints[c][0] = is_signed ? SignExtend(raw[c][0], epb) : static_cast<int>(raw[c][0]);
        for (u32 e = 1; e < ends; ++e) {
            int value = static_cast<int>(raw[c][e]);
            if (mode->transformed || is_signed) {
                value = SignExtend(raw[c][e], mode->delta_bits[c]);
            }
            if (mode->transformed) {
                const u32 sum = static_cast<u32>(endpoints[c][0] + value) & ((1u << epb) - 1);
                value = is_signed ? SignExtend(sum, epb) : static_cast<int>(sum);
            }
            endpoints[c][e] = value;
        }
        for (u32 e = 0; e < ends; ++e) {
            endpoints[c][e] = UnquantizeBc6(endpoints[c][e], epb, is_signed);
        }
    }
    const u32 index_bits = subsets == 2 ? 3 : 4;
    for (u32 t = 0; t < 16; ++t) {
        const u32 index = bits.Read(index_bits - (IsAnchor(subsets, partition, t) ? 1 : 0));
        const u32 s = SubsetOf(subsets, partition, t);
        const int w = static_cast<int>(Weight(index_bits, index));
        u16 texel[4] = {0, 0, 0, one};
        for (u32 c = 0; c < 3; ++c) {
            const int a = endpoints[c][2 * s];
            const int b = endpoints[c][2 * s + 1];
            texel[c] = FinishBc6((a * (64 - w) + b * w + 32) >> 6, is_signed);
        }
        std::memcpy(texels + 8 * t, texel, 8);
    }
}

}  // namespace

u32 BcDecodedTexelBytes(TextureFormat format) {
    switch (format) {
        case F::Bc1Unorm:
        case F::Bc1Srgb:
        case F::Bc2Unorm:
        case F::Bc2Srgb:
        case F::Bc3Unorm:
        case F::Bc3Srgb:
        case F::Bc7Unorm:
        case F::Bc7Srgb:
            return 4;
        case F::Bc4Unorm:
        case F::Bc4Snorm:
            return 2;
        case F::Bc5Unorm:
        case F::Bc5Snorm:
            return 4;
        case F::Bc6hSfloat:
        case F::Bc6hUfloat:
            return 8;
        default:
            return 0;
    }
}

bool DecodeBcBlock(TextureFormat format, std::span<const u8> block, std::span<u8> texels) {
    const u32 texel_bytes = BcDecodedTexelBytes(format);
    if (texel_bytes == 0 || block.size() < InfoOf(format).block_bytes ||
        texels.size() < 16 * texel_bytes) {
        return false;
    }
    u8* out = texels.data();
    switch (format) {
        case F::Bc1Unorm:
        case F::Bc1Srgb:
            DecodeBc1Colours(block, false, out, 4);
            return true;
        case F::Bc2Unorm:
        case F::Bc2Srgb:
            DecodeBc1Colours(block.subspan(8), true, out, 4);
            for (u32 t = 0; t < 16; ++t) {
                // 4-bit alpha, texel 0 in the low nibble of byte 0.
                out[4 * t + 3] = static_cast<u8>((block[t / 2] >> (4 * (t % 2)) & 0xF) * 17);
            }
            return true;
        case F::Bc3Unorm:
        case F::Bc3Srgb:
            DecodeBc1Colours(block.subspan(8), true, out, 4);
            DecodeBc3Alpha(block, out + 3, 4);
            return true;
        case F::Bc4Unorm:
        case F::Bc4Snorm:
            DecodeRgtcChannel(block, format == F::Bc4Snorm, out, 2);
            return true;
        case F::Bc5Unorm:
        case F::Bc5Snorm:
            DecodeRgtcChannel(block, format == F::Bc5Snorm, out, 4);
            DecodeRgtcChannel(block.subspan(8), format == F::Bc5Snorm, out + 2, 4);
            return true;
        case F::Bc6hSfloat:
        case F::Bc6hUfloat:
            DecodeBc6h(block, format == F::Bc6hSfloat, out);
            return true;
        case F::Bc7Unorm:
        case F::Bc7Srgb:
            DecodeBc7(block, out);
            return true;
        default:
            return false;
    }
}

}  // namespace gpu
