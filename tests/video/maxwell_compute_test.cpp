// Maxwell compute programs as deko3d lays them out (shader::DekoEnvironment), assembled from
// nvdisasm's text, translated by TranslateCompute and run on the Vulkan device: 64-bit address
// arithmetic through the condition code (IADD.CC / IADD.X) into the storage buffer whose
// address deko3d keeps in c[0x0], the high word of a multiply (IMUL.HI, its mixed types), I2I and
// ISET, and surfaces (SUST.P / SULD.P through an rgba8 image's format, SULD.D raw words, SULD.D of
// a 1D_BUFFER texel buffer). The expected words are computed here from the instructions'
// definitions and Vulkan's format conversions.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "shader/compute.h"
#include "shader/deko_environment.h"
#include "shader/maxwell/instruction.h"
#include "video_test_support.h"

namespace video {
namespace {

using testing::BytesWords;

constexpr u32 kThreads = 64;

// Instruction i of Maxwell code sits after its bundle's control word.
u64 Address(std::size_t i) {
    return 8 + 32 * (i / 3) + 8 * (i % 3);
}

std::vector<u8> MaxwellCode(const std::vector<std::string>& lines) {
    std::vector<u64> words;
    for (std::size_t i = 0; i < lines.size() || i % 3 != 0; ++i) {
        if (i % 3 == 0) {
            words.push_back(0);
        }
        const shader::maxwell::Assembled assembled =
            shader::maxwell::Assemble(i < lines.size() ? lines[i] : "NOP ;", Address(i));
        words[i / 3 * 4] |= u64{assembled.control} << (21 * (i % 3));
        words.push_back(assembled.instruction);
    }
    std::vector<u8> bytes(words.size() * 8);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

// Runs `lines` as a compute program of kThreads threads whose storage buffer 0 (its address at
// c[0x0][0x140], as deko3d's driver constants hold it) has `words` words; gives them back.
std::vector<u32> RunProgram(const std::vector<std::string>& lines, u64 buffer_address, u32 words,
                            std::array<u32, 3> block = {kThreads, 1, 1}) {
    ComputeDevice& device = testing::SharedDevice();
    shader::DekoProgram deko;
    deko.name = "maxwell compute test";
    deko.stage = shader::Stage::Compute;
    deko.code = MaxwellCode(lines);
    deko.block = block;
    const shader::DekoEnvironment env(deko, device.Target());
    const shader::ComputeProgram program = shader::TranslateCompute(env);
    EXPECT_EQ(program.global_buffers.size(), 1u);
    std::vector<u8> cbank0(program.cbank0_bytes, 0);
    const u32 address_at = shader::DekoStageData(shader::Stage::Compute) +
                           4 * (shader::kDekoTextureBindings + shader::kDekoImageBindings);
    EXPECT_EQ(address_at, 0x140u);  // deko3d's ComputeDriverCbuf::data.storageBufs[0]
    std::memcpy(cbank0.data() + address_at, &buffer_address, sizeof(buffer_address));
    std::vector<u8> buffer(words * 4, 0xcd);
    ComputeDispatch dispatch;
    dispatch.spirv = program.spirv;
    dispatch.buffers = {{program.cbank0_binding, BufferKind::Uniform, &cbank0}};
    for (const shader::GlobalBufferBinding& global : program.global_buffers) {
        EXPECT_EQ(global.address_offset, address_at);
        dispatch.buffers.push_back({global.binding, BufferKind::Storage, &buffer});
    }
    device.Dispatch(dispatch);
    return BytesWords(buffer);
}

// Runs `body` after a prologue that puts the address of this thread's pair of words
// (buffer + tid * 8, through the condition code's carry) in R2:R3, with R0 = tid; the buffer
// holds a pair for each of kThreads threads.
std::vector<u32> RunPairProgram(const std::vector<std::string>& body, u64 buffer_address) {
    std::vector<std::string> lines = {
        "S2R R0, SR_TID.X ;",
        "SHL R1, R0, 0x3 ;",
        "IADD R2.CC, R1, c[0x0][0x140] ;",
        "IADD.X R3, RZ, c[0x0][0x144] ;",
    };
    lines.insert(lines.end(), body.begin(), body.end());
    return RunProgram(lines, buffer_address, 2 * kThreads);
}

// out[2 tid] = the high word of the address (buffer + tid * 8): 1, plus the carry out of the low
// word for tid >= 4; out[2 tid + 1] = the high word of the unsigned product x * x, x = tid - 1.
TEST(MaxwellCompute, CarryOfA64BitAddressAndMultiplyHigh) {
    const u64 base = 0x1ffffffe0ull;
    const std::vector<u32> out = RunPairProgram(
        {
            "IADD32I R5, R0, -0x1 ;",
            "IMUL.U32.U32.HI R4, R5, R5 ;",
            "STG.E [R2], R3 ;",
            "STG.E [R2+0x4], R4 ;",
            "EXIT ;",
        },
        base);
    ASSERT_EQ(out.size(), 2 * kThreads);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        const u64 address = base + u64{tid} * 8;
        const u64 x = static_cast<u32>(tid - 1);
        EXPECT_EQ(out[2 * tid], static_cast<u32>(address >> 32)) << "thread " << tid;
        EXPECT_EQ(out[2 * tid + 1], static_cast<u32>(x * x >> 32)) << "thread " << tid;
    }
}

// IMUL's mixed types, a's first: out[2 tid] = the high word of S32.U32 (a signed, b unsigned),
// out[2 tid + 1] = that of U32.S32, with a = tid - 32 and b = 3 tid - 100 (both negative for
// small tid, so each type choice changes the high word).
TEST(MaxwellCompute, MultiplyHighOfMixedSignedness) {
    const u64 base = 0x80000000ull;
    const std::vector<u32> out = RunPairProgram(
        {
            "IADD32I R5, R0, -0x20 ;",
            "IMUL32I R6, R0, 0x3 ;",
            "IADD32I R6, R6, -0x64 ;",
            "IMUL.S32.U32.HI R4, R5, R6 ;",
            "IMUL.U32.S32.HI R7, R5, R6 ;",
            "STG.E [R2], R4 ;",
            "STG.E [R2+0x4], R7 ;",
            "EXIT ;",
        },
        base);
    ASSERT_EQ(out.size(), 2 * kThreads);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        const u32 a = tid - 32, b = 3 * tid - 100;
        const s64 signed_a = static_cast<s32>(a), signed_b = static_cast<s32>(b);
        const u64 s32_u32 = static_cast<u64>(signed_a * static_cast<s64>(b));
        const u64 u32_s32 = static_cast<u64>(static_cast<s64>(a) * signed_b);
        EXPECT_EQ(out[2 * tid], static_cast<u32>(s32_u32 >> 32)) << "thread " << tid;
        EXPECT_EQ(out[2 * tid + 1], static_cast<u32>(u32_s32 >> 32)) << "thread " << tid;
    }
}

// out[2 tid] = ISET.LT: all ones where (tid - 32) < 5 as signed words, else 0; out[2 tid + 1] =
// I2I.S32.S8 of tid * 9 (its low byte, sign-extended).
TEST(MaxwellCompute, IsetAndI2i) {
    const u64 base = 0x80000000ull;
    const std::vector<u32> out = RunPairProgram(
        {
            "IADD32I R5, R0, -0x20 ;",
            "ISET.LT.AND R4, R5, 0x5, PT ;",
            "IMUL32I R6, R0, 0x9 ;",
            "I2I.S32.S8 R7, R6 ;",
            "STG.E [R2], R4 ;",
            "STG.E [R2+0x4], R7 ;",
            "EXIT ;",
        },
        base);
    ASSERT_EQ(out.size(), 2 * kThreads);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        const s32 difference = static_cast<s32>(tid) - 32;
        EXPECT_EQ(out[2 * tid], difference < 5 ? 0xffffffffu : 0u) << "thread " << tid;
        const s8 low = static_cast<s8>(static_cast<u8>(tid * 9));
        EXPECT_EQ(out[2 * tid + 1], static_cast<u32>(static_cast<s32>(low))) << "thread " << tid;
    }
}

// S2R SR_TID packs the thread's index: x in bits 0-15, y in 16-25, z in 26-31. Each thread of a
// 4 x 4 x 2 block stores it at its linear index x + 4 y + 16 z (from SR_TID.X, .Y, .Z).
TEST(MaxwellCompute, PackedThreadIndex) {
    const u64 base = 0x10000ull;
    const std::vector<u32> out = RunProgram(
        {
            "S2R R0, SR_TID.X ;",
            "S2R R1, SR_TID.Y ;",
            "S2R R2, SR_TID.Z ;",
            "ISCADD R3, R1, R0, 0x2 ;",
            "ISCADD R3, R2, R3, 0x4 ;",
            "SHL R3, R3, 0x2 ;",
            "S2R R4, SR_TID ;",
            "IADD R6.CC, R3, c[0x0][0x140] ;",
            "IADD.X R7, RZ, c[0x0][0x144] ;",
            "STG.E [R6], R4 ;",
            "EXIT ;",
        },
        base, 32, {4, 4, 2});
    ASSERT_EQ(out.size(), 32u);
    for (u32 z = 0; z < 2; ++z) {
        for (u32 y = 0; y < 4; ++y) {
            for (u32 x = 0; x < 4; ++x) {
                EXPECT_EQ(out[x + 4 * y + 16 * z], x | y << 16 | z << 26)
                    << x << ", " << y << ", " << z;
            }
        }
    }
}

// The surfaces of a program: image i at handle index 0x48 + i (deko3d's compute image
// bindings, after its 32 textures at c[0x0][0xa0]), or a storage texel buffer.
struct Surface {
    shader::SurfaceFormat format = shader::SurfaceFormat::Raw;  // what the environment says
    DispatchImage image;                                        // its binding set here
    bool texel_buffer = false;  // image.bytes as a storage texel buffer of image's texels
};

// A storage buffer of deko3d's PerStageData: its address (at c[0x0][0x140 + 16 i] for buffer i)
// and its bytes.
struct StorageBuffer {
    u64 address = 0;
    std::vector<u8>* bytes = nullptr;
};

// Runs `lines` as one block of `block` threads with `surfaces` and storage `buffers` (their
// bytes replaced by the device's after it).
void RunSurfaceProgram(const std::vector<std::string>& lines, std::array<u32, 3> block,
                       std::vector<Surface>& surfaces,
                       const std::vector<StorageBuffer>& buffers = {}) {
    ComputeDevice& device = testing::SharedDevice();
    shader::DekoProgram deko;
    deko.name = "maxwell surface test";
    deko.stage = shader::Stage::Compute;
    deko.code = MaxwellCode(lines);
    deko.block = block;
    for (std::size_t i = 0; i < surfaces.size(); ++i) {
        if (surfaces[i].format != shader::SurfaceFormat::Raw) {
            deko.image_formats[i] = surfaces[i].format;
        }
    }
    const shader::DekoEnvironment env(deko, device.Target());
    const shader::ComputeProgram program = shader::TranslateCompute(env);
    ASSERT_EQ(program.images.size(), surfaces.size());
    std::vector<u8> cbank0(program.cbank0_bytes, 0);
    const u32 buffers_at = shader::DekoStageData(shader::Stage::Compute) +
                           4 * (shader::kDekoTextureBindings + shader::kDekoImageBindings);
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        std::memcpy(cbank0.data() + buffers_at + 16 * i, &buffers[i].address, sizeof(u64));
    }
    ComputeDispatch dispatch;
    dispatch.spirv = program.spirv;
    dispatch.buffers = {{program.cbank0_binding, BufferKind::Uniform, &cbank0}};
    for (const shader::GlobalBufferBinding& global : program.global_buffers) {
        const u32 index = (global.address_offset - buffers_at) / 16;
        ASSERT_LT(index, buffers.size());
        dispatch.buffers.push_back({global.binding, BufferKind::Storage, buffers[index].bytes});
    }
    for (const shader::ImageBinding& binding : program.images) {
        const u32 index = (binding.handle_offset - 0x120) / 4;  // image 0 at c[0x0][0x120]
        ASSERT_LT(index, surfaces.size());
        Surface& surface = surfaces[index];
        EXPECT_EQ(binding.dim == shader::ImageDim::Buffer, surface.texel_buffer);
        if (surface.texel_buffer) {
            dispatch.buffers.push_back({binding.binding, BufferKind::StorageTexelBuffer,
                                        surface.image.bytes, surface.image.texels,
                                        surface.image.channels});
        } else {
            surface.image.binding = binding.binding;
            surface.image.storage = true;
            dispatch.images.push_back(surface.image);
        }
    }
    device.Dispatch(dispatch);
}

// Vulkan's float to 8-bit unorm conversion (Fixed-Point Data Conversions): clamp to [0, 1],
// times 255, to the nearest integer.
u8 Unorm8(float f) {
    return static_cast<u8>(std::lround(std::clamp(f, 0.0f, 1.0f) * 255.0f));
}

// SUST.P to an rgba8 image converts the registers' floats: thread (x, y) of an 8 x 8 block
// writes (17 x / 255, (30 y + 5) / 255, 2.0, -1.0) at (x, y); 2 and -1 clamp to 255 and 0.
TEST(MaxwellCompute, FormattedStoreConvertsToTheImageFormat) {
    std::vector<u8> texels(8 * 8 * 4, 0x5a);
    std::vector<Surface> surfaces{{.format = shader::SurfaceFormat::Rgba8Unorm,
                                   .image = {.dim = shader::ImageDim::D2,
                                             .size = {8, 8, 1},
                                             .texels = ImageTexels::Unorm8,
                                             .channels = 4,
                                             .bytes = &texels}}};
    RunSurfaceProgram(
        {
            "S2R R0, SR_TID.X ;",
            "S2R R1, SR_TID.Y ;",
            "MOV32I R8, 0x3b808081 ;",  // 1 / 255
            "IMUL32I R2, R0, 0x11 ;",
            "I2F.F32.U32 R4, R2 ;",
            "FMUL R4, R4, R8 ;",
            "IMUL32I R3, R1, 0x1e ;",
            "IADD32I R3, R3, 0x5 ;",
            "I2F.F32.U32 R5, R3 ;",
            "FMUL R5, R5, R8 ;",
            "MOV32I R6, 0x40000000 ;",
            "MOV32I R7, 0xbf800000 ;",
            "SUST.P.2D.IGN [R0], R4, 0x48 ;",
            "EXIT ;",
        },
        {8, 8, 1}, surfaces);
    const float step = std::bit_cast<float>(0x3b808081u);
    for (u32 y = 0; y < 8; ++y) {
        for (u32 x = 0; x < 8; ++x) {
            const u8* texel = &texels[(y * 8 + x) * 4];
            EXPECT_EQ(texel[0], Unorm8(static_cast<float>(17 * x) * step)) << x << ", " << y;
            EXPECT_EQ(texel[0], 17 * x) << x << ", " << y;
            EXPECT_EQ(texel[1], 30 * y + 5) << x << ", " << y;
            EXPECT_EQ(texel[2], 255) << x << ", " << y;
            EXPECT_EQ(texel[3], 0) << x << ", " << y;
        }
    }
}

// SULD.P.RGA of an rgba8 image gives R, G and A as floats (c / 255) in R4, R5, R6; SUST.D.BA
// .128 stores those registers' bits (and R7 = 0) raw into a 128-bit texel of a second image, x
// in bytes.
TEST(MaxwellCompute, FormattedLoadAndRawStore) {
    std::vector<u8> source(4 * 4 * 4);
    for (std::size_t i = 0; i < source.size(); ++i) {
        source[i] = static_cast<u8>(i * 37 + 11);
    }
    std::vector<u8> result(4 * 4 * 16, 0xcd);
    std::vector<Surface> surfaces{{.format = shader::SurfaceFormat::Rgba8Unorm,
                                   .image = {.dim = shader::ImageDim::D2,
                                             .size = {4, 4, 1},
                                             .texels = ImageTexels::Unorm8,
                                             .channels = 4,
                                             .bytes = &source}},
                                  {.image = {.dim = shader::ImageDim::D2,
                                             .size = {4, 4, 1},
                                             .texels = ImageTexels::Uint,
                                             .channels = 4,
                                             .bytes = &result}}};
    RunSurfaceProgram(
        {
            "S2R R0, SR_TID.X ;",
            "S2R R1, SR_TID.Y ;",
            "SULD.P.2D.RGA.IGN R4, [R0], 0x48 ;",
            "MOV32I R7, 0x0 ;",
            "SHL R2, R0, 0x4 ;",
            "MOV R3, R1 ;",
            "SUST.D.BA.2D.128.IGN [R2], R4, 0x49 ;",
            "EXIT ;",
        },
        {4, 4, 1}, surfaces);
    const std::vector<u32> words = BytesWords(result);
    for (u32 texel = 0; texel < 16; ++texel) {
        const u8* in = &source[texel * 4];
        const u32* out = &words[texel * 4];
        // Vulkan's c / 255 (Fixed-Point Data Conversions), within its stated precision.
        EXPECT_NEAR(std::bit_cast<float>(out[0]), in[0] / 255.0f, 1e-6f) << "texel " << texel;
        EXPECT_NEAR(std::bit_cast<float>(out[1]), in[1] / 255.0f, 1e-6f) << "texel " << texel;
        EXPECT_NEAR(std::bit_cast<float>(out[2]), in[3] / 255.0f, 1e-6f) << "texel " << texel;
        EXPECT_EQ(out[3], 0u) << "texel " << texel;
    }
}

// SULD.D.1D_BUFFER.64 reads texel R3 of a texel buffer of 64-bit texels (RG32_UINT) into R0,
// R1; each thread stores them at out[2 tid], out[2 tid + 1], reading texel 63 - tid.
TEST(MaxwellCompute, RawLoadFromATexelBuffer) {
    std::vector<u8> texels(kThreads * 8);
    for (std::size_t i = 0; i < texels.size(); ++i) {
        texels[i] = static_cast<u8>(i * 101 + 7);
    }
    const std::vector<u32> words = BytesWords(texels);
    std::vector<Surface> surfaces{
        {.image = {.texels = ImageTexels::Uint, .channels = 2, .bytes = &texels},
         .texel_buffer = true}};
    std::vector<u8> out(kThreads * 8, 0xcd);
    const u64 base = 0x40000ull;
    RunSurfaceProgram(
        {
            "S2R R4, SR_TID.X ;",
            "IADD32I R3, -R4, 0x3f ;",
            "SULD.D.1D_BUFFER.64.IGN R0, [R3], 0x48 ;",
            "SHL R5, R4, 0x3 ;",
            "IADD R6.CC, R5, c[0x0][0x140] ;",
            "IADD.X R7, RZ, c[0x0][0x144] ;",
            "STG.E [R6], R0 ;",
            "STG.E [R6+0x4], R1 ;",
            "EXIT ;",
        },
        {kThreads, 1, 1}, surfaces, {{base, &out}});
    const std::vector<u32> result = BytesWords(out);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        const u32 texel = kThreads - 1 - tid;
        EXPECT_EQ(result[2 * tid], words[2 * texel]) << "thread " << tid;
        EXPECT_EQ(result[2 * tid + 1], words[2 * texel + 1]) << "thread " << tid;
    }
}

// A guarded address (@P0 IADD.CC / IADD.X) keeps the other buffer's address where P0 is false;
// each guarded store goes to the buffer its guard leaves: threads below 32 store tid into buffer
// 0, the others tid + 0x100 into buffer 1 (melonDS's rasterisers store so).
TEST(MaxwellCompute, GuardedAddressesChooseTheirBuffer) {
    std::vector<u8> first(kThreads * 4, 0xcd);
    std::vector<u8> second(kThreads * 4, 0xcd);
    std::vector<Surface> no_surfaces;
    RunSurfaceProgram(
        {
            "S2R R0, SR_TID.X ;",
            "SHL R1, R0, 0x2 ;",
            "IADD R2.CC, R1, c[0x0][0x150] ;",
            "IADD.X R3, RZ, c[0x0][0x154] ;",
            "ISETP.LT.U32.AND P0, PT, R0, 0x20, PT ;",
            "@P0 IADD R2.CC, R1, c[0x0][0x140] ;",
            "@P0 IADD.X R3, RZ, c[0x0][0x144] ;",
            "@P0 STG.E [R2], R0 ;",
            "IADD32I R4, R0, 0x100 ;",
            "@!P0 STG.E [R2], R4 ;",
            "EXIT ;",
        },
        {kThreads, 1, 1}, no_surfaces, {{0x10000, &first}, {0x7fff0000, &second}});
    const std::vector<u32> a = BytesWords(first);
    const std::vector<u32> b = BytesWords(second);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        EXPECT_EQ(a[tid], tid < 32 ? tid : 0xcdcdcdcdu) << "thread " << tid;
        EXPECT_EQ(b[tid], tid < 32 ? 0xcdcdcdcdu : tid + 0x100) << "thread " << tid;
    }
}

}  // namespace
}  // namespace video
