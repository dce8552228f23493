// FERMI_TWOD_A's blits from memory and solid primitives through a channel: every destination pixel
// checked against one computed here from the source by the rule the blit follows (copies, nearest
// 2x scaling, a bilinear 2x reduction, RGBA8 <-> BGRA8 and R5G6B5 conversion, pitch <->
// block-linear with the GOB formula of the Tegra X1 TRM written out below), and blits nxhost
// refuses leaving the destination as it was.

#include <gtest/gtest.h>

#include <cmath>

#include "gpu_test_rig.h"

namespace {

using namespace gpu_test;

constexpr u32 kSubchannel = 3;
constexpr u32 kDstFormat = 0x200 / 4;
constexpr u32 kSrcFormat = 0x230 / 4;
constexpr u32 kOperation = 0x2AC / 4;
constexpr u32 kSampleMode = 0x88C / 4;
constexpr u32 kDstX0 = 0x8B0 / 4;

constexpr u32 kA8R8G8B8 = 0xCF;  // B in bits 7:0 (BGRA8 in memory)
constexpr u32 kA8B8G8R8 = 0xD5;  // R in bits 7:0 (RGBA8 in memory)
constexpr u32 kR5G6B5 = 0xE8;
constexpr u32 kSrcCopy = 3;
constexpr u32 kSrcCopyAnd = 0;
constexpr u32 kBilinear = 1u << 4;

constexpr u64 kSource = Rig::kData;
constexpr u64 kDestination = Rig::kData + 0x4'0000;

struct Side {
    u32 format = kA8B8G8R8;
    bool pitch_layout = true;
    u32 block_height_log2 = 0;
    u32 pitch = 0;
    u32 width = 0;
    u32 height = 0;
    u64 address = 0;
};

struct Blit {
    Side destination;
    Side source;
    u32 operation = kSrcCopy;
    u32 sample_mode = 0;
    u32 dst_x0 = 0, dst_y0 = 0, dst_width = 0, dst_height = 0;
    double du_dx = 1, dv_dy = 1, src_x0 = 0, src_y0 = 0;
};

void SurfaceMethods(std::vector<u32>& words, u32 first, const Side& side) {
    Method(words, kSubchannel, first,
           {side.format, side.pitch_layout ? 1u : 0u, side.block_height_log2 << 4, 1, 0, side.pitch,
            side.width, side.height, High(side.address), Low(side.address)});
}

// A 32.32 fixed-point number as FRAC, INT.
void Fixed(std::vector<u32>& out, double value) {
    const s64 fixed = static_cast<s64>(std::ldexp(value, 32));
    out.push_back(static_cast<u32>(fixed));
    out.push_back(static_cast<u32>(static_cast<u64>(fixed) >> 32));
}

std::vector<u32> Words(const Blit& blit) {
    std::vector<u32> words;
    Method(words, kSubchannel, 0, {0x902D});
    SurfaceMethods(words, kDstFormat, blit.destination);
    SurfaceMethods(words, kSrcFormat, blit.source);
    Method(words, kSubchannel, kOperation, {blit.operation});
    Method(words, kSubchannel, kSampleMode, {blit.sample_mode});
    std::vector<u32> pixels{blit.dst_x0, blit.dst_y0, blit.dst_width, blit.dst_height};
    Fixed(pixels, blit.du_dx);
    Fixed(pixels, blit.dv_dy);
    Fixed(pixels, blit.src_x0);
    Fixed(pixels, blit.src_y0);
    // One run; its last word, SRC_Y0_INT, starts the blit.
    words.push_back(Incrementing(kSubchannel, kDstX0, static_cast<u32>(pixels.size())));
    words.insert(words.end(), pixels.begin(), pixels.end());
    return words;
}

Side Pitch(u64 address, u32 width, u32 height, u32 bytes, u32 format = kA8B8G8R8) {
    return Side{format, true, 0, width * bytes + 12, width, height, address};
}

u64 PitchOffset(const Side& side, u32 x, u32 y, u32 bytes) {
    return u64{y} * side.pitch + x * bytes;
}

// Block-linear byte (x_bytes, y) of a surface `width_bytes` wide with blocks 2^bh GOBs tall:
// GOBs of 64 bytes x 8 rows, inside which (x/32)*256 + (y%8/2)*64 + (x%32/16)*32 + (y%2)*16 +
// x%16 (Tegra X1 TRM "Block Linear", as the notes write it).
u64 BlockLinearOffset(u32 width_bytes, u32 bh, u32 x, u32 y) {
    const u64 gobs_x = (width_bytes + 63) / 64;
    const u64 block_bytes = 512ull << bh;
    const u64 block_row = (y / 8) >> bh;
    const u64 gob_in_block = (y / 8) % (1u << bh);
    const u64 in_gob =
        (x % 64) / 32 * 256 + (y % 8) / 2 * 64 + (x % 32) / 16 * 32 + (y % 2) * 16 + x % 16;
    return block_row * gobs_x * block_bytes + (x / 64) * block_bytes + gob_in_block * 512 + in_gob;
}

void Fill(Rig& rig, u64 address, u32 bytes, u8 seed) {
    for (u32 i = 0; i < bytes; ++i) {
        *rig.Data(address + i) = static_cast<u8>(i * 7 + seed + (i >> 8));
    }
}

TEST(TwodBlit, CopiesARectangleBetweenPitchSurfaces) {
    Rig rig;
    Blit blit;
    blit.source = Pitch(kSource, 40, 30, 4);
    blit.destination = Pitch(kDestination, 50, 20, 4);
    Fill(rig, kSource, 0x2000, 3);
    Fill(rig, kDestination, 0x2000, 200);
    std::vector<u8> before(rig.Data(kDestination), rig.Data(kDestination) + 0x2000);
    blit.dst_x0 = 5, blit.dst_y0 = 2, blit.dst_width = 17, blit.dst_height = 9;
    blit.src_x0 = 11, blit.src_y0 = 13;
    ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 20; ++y) {
        for (u32 x = 0; x < 50; ++x) {
            const bool inside = x >= 5 && x < 22 && y >= 2 && y < 11;
            for (u32 b = 0; b < 4; ++b) {
                const u64 at = PitchOffset(blit.destination, x, y, 4) + b;
                const u8 expected =
                    inside ? *rig.Data(kSource +
                                       PitchOffset(blit.source, x - 5 + 11, y - 2 + 13, 4) + b)
                           : before[at];
                ASSERT_EQ(*rig.Data(kDestination + at), expected) << x << "," << y << " byte " << b;
            }
        }
    }
}

TEST(TwodBlit, ScalesTwiceWithNearestSampling) {
    Rig rig;
    Blit blit;
    blit.source = Pitch(kSource, 8, 6, 4);
    blit.destination = Pitch(kDestination, 16, 12, 4);
    Fill(rig, kSource, 0x400, 9);
    blit.dst_width = 16, blit.dst_height = 12;
    blit.du_dx = 0.5, blit.dv_dy = 0.5;  // origin centre: destination pixel x samples x / 2
    ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 12; ++y) {
        for (u32 x = 0; x < 16; ++x) {
            ASSERT_EQ(rig.Get<u32>(kDestination + PitchOffset(blit.destination, x, y, 4)),
                      rig.Get<u32>(kSource + PitchOffset(blit.source, x / 2, y / 2, 4)))
                << x << "," << y;
        }
    }
}

TEST(TwodBlit, HalvesWithBilinearFilteringAsTheMeanOfFourPixels) {
    Rig rig;
    Blit blit;
    blit.source = Pitch(kSource, 16, 8, 4);
    blit.destination = Pitch(kDestination, 8, 4, 4);
    // Each 2x2 block holds base, base + 4, base + 8, base + 12 in every channel: mean base + 6.
    const auto base = [](u32 bx, u32 by, u32 channel) {
        return 10 + bx * 17 + by * 29 + channel * 3;
    };
    for (u32 y = 0; y < 8; ++y) {
        for (u32 x = 0; x < 16; ++x) {
            for (u32 c = 0; c < 4; ++c) {
                *rig.Data(kSource + PitchOffset(blit.source, x, y, 4) + c) =
                    static_cast<u8>(base(x / 2, y / 2, c) + 4 * (x % 2 + 2 * (y % 2)));
            }
        }
    }
    blit.dst_width = 8, blit.dst_height = 4;
    blit.du_dx = 2, blit.dv_dy = 2;
    blit.sample_mode = kBilinear;
    ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 4; ++y) {
        for (u32 x = 0; x < 8; ++x) {
            for (u32 c = 0; c < 4; ++c) {
                ASSERT_EQ(*rig.Data(kDestination + PitchOffset(blit.destination, x, y, 4) + c),
                          base(x, y, c) + 6)
                    << x << "," << y << " channel " << c;
            }
        }
    }
}

TEST(TwodBlit, ConvertsRgba8ToBgra8AndBack) {
    for (const auto& [from, to] :
         {std::pair{kA8B8G8R8, kA8R8G8B8}, std::pair{kA8R8G8B8, kA8B8G8R8}}) {
        Rig rig;
        Blit blit;
        blit.source = Pitch(kSource, 9, 7, 4, from);
        blit.destination = Pitch(kDestination, 9, 7, 4, to);
        Fill(rig, kSource, 0x400, 1);
        blit.dst_width = 9, blit.dst_height = 7;
        ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
        for (u32 y = 0; y < 7; ++y) {
            for (u32 x = 0; x < 9; ++x) {
                const u8* in = rig.Data(kSource + PitchOffset(blit.source, x, y, 4));
                const u8* out = rig.Data(kDestination + PitchOffset(blit.destination, x, y, 4));
                // Bytes 0 and 2 trade places; G and A stay.
                EXPECT_EQ(out[0], in[2]);
                EXPECT_EQ(out[1], in[1]);
                EXPECT_EQ(out[2], in[0]);
                EXPECT_EQ(out[3], in[3]);
            }
        }
    }
}

TEST(TwodBlit, WidensR5G6B5ToRgba8) {
    Rig rig;
    Blit blit;
    blit.source = Pitch(kSource, 32, 4, 2, kR5G6B5);
    blit.destination = Pitch(kDestination, 32, 4, 4, kA8B8G8R8);
    Fill(rig, kSource, 0x200, 5);
    blit.dst_width = 32, blit.dst_height = 4;
    ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 4; ++y) {
        for (u32 x = 0; x < 32; ++x) {
            const u16 in = rig.Get<u16>(kSource + PitchOffset(blit.source, x, y, 2));
            const u8* out = rig.Data(kDestination + PitchOffset(blit.destination, x, y, 4));
            const auto widen = [](u32 value, u32 largest) {
                return static_cast<int>(std::lround(value * 255.0 / largest));
            };
            EXPECT_EQ(out[0], widen(in >> 11, 31)) << x;        // R: bits 15:11
            EXPECT_EQ(out[1], widen((in >> 5) & 63, 63)) << x;  // G: bits 10:5
            EXPECT_EQ(out[2], widen(in & 31, 31)) << x;         // B: bits 4:0
            EXPECT_EQ(out[3], 255) << x;                        // no alpha: opaque
        }
    }
}

TEST(TwodBlit, MovesPixelsBetweenPitchAndBlockLinear) {
    constexpr u32 kWidth = 37, kHeight = 45, kBh = 1;  // rows of 148 bytes, blocks 16 rows tall
    Rig rig;
    Fill(rig, kSource, 0x3000, 77);
    std::fill(rig.Data(kDestination), rig.Data(kDestination) + 0x8000, u8{0});
    // Pitch to block-linear.
    Blit to_tiled;
    to_tiled.source = Pitch(kSource, kWidth, kHeight, 4);
    to_tiled.destination = Side{kA8B8G8R8, false, kBh, 0, kWidth, kHeight, kDestination};
    to_tiled.dst_width = kWidth, to_tiled.dst_height = kHeight;
    ASSERT_EQ(rig.Execute(Words(to_tiled)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < kHeight; ++y) {
        for (u32 x = 0; x < kWidth; ++x) {
            ASSERT_EQ(rig.Get<u32>(kDestination + BlockLinearOffset(kWidth * 4, kBh, x * 4, y)),
                      rig.Get<u32>(kSource + PitchOffset(to_tiled.source, x, y, 4)))
                << x << "," << y;
        }
    }
    // And back, into a third surface, as BGRA8.
    constexpr u64 kBack = kDestination + 0x1'0000;
    Blit to_pitch;
    to_pitch.source = to_tiled.destination;
    to_pitch.destination = Pitch(kBack, kWidth, kHeight, 4, kA8R8G8B8);
    to_pitch.dst_width = kWidth, to_pitch.dst_height = kHeight;
    ASSERT_EQ(rig.Execute(Words(to_pitch)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < kHeight; ++y) {
        for (u32 x = 0; x < kWidth; ++x) {
            const u8* in = rig.Data(kSource + PitchOffset(to_tiled.source, x, y, 4));
            const u8* out = rig.Data(kBack + PitchOffset(to_pitch.destination, x, y, 4));
            ASSERT_EQ((std::array{out[0], out[1], out[2], out[3]}),
                      (std::array{in[2], in[1], in[0], in[3]}))
                << x << "," << y;
        }
    }
}

TEST(TwodBlit, SrcCopyAndKeepsTheDestinationUnderTransparentSourcePixels) {
    Rig rig;
    Blit blit;
    blit.source = Pitch(kSource, 8, 2, 4);
    blit.destination = Pitch(kDestination, 8, 2, 4);
    Fill(rig, kSource, 0x100, 4);
    Fill(rig, kDestination, 0x100, 99);
    for (u32 x = 0; x < 8; x += 3) {
        *rig.Data(kSource + PitchOffset(blit.source, x, 1, 4) + 3) = 0;  // alpha 0
    }
    std::vector<u8> before(rig.Data(kDestination), rig.Data(kDestination) + 0x100);
    blit.operation = kSrcCopyAnd;
    blit.dst_width = 8, blit.dst_height = 2;
    ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 2; ++y) {
        for (u32 x = 0; x < 8; ++x) {
            const u64 at = PitchOffset(blit.destination, x, y, 4);
            u32 expected;
            std::memcpy(&expected,
                        *rig.Data(kSource + at + 3) == 0 ? &before[at] : rig.Data(kSource + at), 4);
            EXPECT_EQ(rig.Get<u32>(kDestination + at), expected) << x << "," << y;
        }
    }
}

TEST(TwodBlit, RefusedBlitsLeaveTheDestination) {
    for (const u32 case_number : {0u, 1u, 2u}) {
        Rig rig;
        Blit blit;
        blit.source = Pitch(kSource, 8, 8, 4);
        blit.destination = Pitch(kDestination, 8, 8, 4);
        blit.dst_width = 8, blit.dst_height = 8;
        if (case_number == 0) {
            blit.source.format = 0x01;  // no such colour format
        } else if (case_number == 1) {
            blit.operation = 2;  // BLEND_AND: not made
        } else {
            blit.destination.pitch = 4;  // less than a row
        }
        Fill(rig, kSource, 0x200, 1);
        Fill(rig, kDestination, 0x200, 2);
        std::vector<u8> before(rig.Data(kDestination), rig.Data(kDestination) + 0x200);
        ASSERT_EQ(rig.Execute(Words(blit)), gpu::ChannelProgress::Idle);
        EXPECT_TRUE(std::equal(before.begin(), before.end(), rig.Data(kDestination)))
            << "case " << case_number;
    }
}

// Solid primitives: RENDER_SOLID_PRIM_MODE, the colour in its own format, then vertices as
// POINT_SET_X(j), POINT_Y(j) pairs; RECTS fill [x0, x1) x [y0, y1) of each two vertices,
// POINTS one pixel each; LINES are not drawn.
constexpr u32 kSolidMode = 0x580 / 4;
constexpr u32 kSolidPoints = 0x600 / 4;

std::vector<u32> SolidWords(const Side& destination, u32 mode, u32 color_format, u32 color,
                            const std::vector<u32>& points) {
    std::vector<u32> words;
    Method(words, kSubchannel, 0, {0x902D});
    SurfaceMethods(words, kDstFormat, destination);
    Method(words, kSubchannel, kOperation, {kSrcCopy});
    Method(words, kSubchannel, kSolidMode, {mode, color_format, color});
    words.push_back(Incrementing(kSubchannel, kSolidPoints, static_cast<u32>(points.size())));
    words.insert(words.end(), points.begin(), points.end());
    return words;
}

TEST(TwodSolid, FillsRectanglesInTheDestinationsFormat) {
    Rig rig;
    const Side destination = Pitch(kDestination, 20, 12, 4, kA8B8G8R8);
    Fill(rig, kDestination, 0x800, 7);
    std::vector<u8> before(rig.Data(kDestination), rig.Data(kDestination) + 0x800);
    // A8R8G8B8 0xFF112233: R 0x11, G 0x22, B 0x33, A 0xFF; two rectangles.
    ASSERT_EQ(rig.Execute(
                  SolidWords(destination, 4, kA8R8G8B8, 0xFF112233u, {3, 2, 10, 7, 15, 9, 17, 12})),
              gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 12; ++y) {
        for (u32 x = 0; x < 20; ++x) {
            const bool inside =
                (x >= 3 && x < 10 && y >= 2 && y < 7) || (x >= 15 && x < 17 && y >= 9 && y < 12);
            const u64 at = PitchOffset(destination, x, y, 4);
            for (u32 b = 0; b < 4; ++b) {
                const u8 expected =
                    inside ? std::array<u8, 4>{0x11, 0x22, 0x33, 0xFF}[b] : before[at + b];
                ASSERT_EQ(*rig.Data(kDestination + at + b), expected) << x << "," << y;
            }
        }
    }
}

TEST(TwodSolid, PointsFillOnePixelEachAndLinesAreNotDrawn) {
    Rig rig;
    const Side destination = Pitch(kDestination, 8, 8, 2, kR5G6B5);
    std::fill(rig.Data(kDestination), rig.Data(kDestination) + 0x100, u8{0});
    // A8B8G8R8 0xFF00FF00 (G 255) into R5G6B5: 0x07E0.
    ASSERT_EQ(rig.Execute(SolidWords(destination, 0, kA8B8G8R8, 0xFF00FF00u, {1, 1, 6, 4})),
              gpu::ChannelProgress::Idle);
    ASSERT_EQ(rig.Execute(SolidWords(destination, 1, kA8B8G8R8, 0xFF0000FFu, {0, 0, 7, 7})),
              gpu::ChannelProgress::Idle);
    for (u32 y = 0; y < 8; ++y) {
        for (u32 x = 0; x < 8; ++x) {
            const bool point = (x == 1 && y == 1) || (x == 6 && y == 4);
            EXPECT_EQ(rig.Get<u16>(kDestination + PitchOffset(destination, x, y, 2)),
                      point ? 0x07E0 : 0)
                << x << "," << y;
        }
    }
}

}  // namespace
