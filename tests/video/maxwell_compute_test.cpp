// Maxwell compute programs as deko3d lays them out (shader::DekoEnvironment), assembled from
// nvdisasm's text, translated by TranslateCompute and run on the Vulkan device: 64-bit address
// arithmetic through the condition code (IADD.CC / IADD.X) into the storage buffer whose
// address deko3d keeps in c[0x0], the high word of a multiply (IMUL.HI), I2I and ISET. The
// expected words are computed here from the instructions' definitions.
#include <gtest/gtest.h>

#include <array>
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
        EXPECT_EQ(global.cbank0_offset, address_at);
        dispatch.buffers.push_back({global.binding, BufferKind::Storage, &buffer});
    }
    device.Dispatch(dispatch);
    return BytesWords(buffer);
}

// out[2 tid] = the high word of the address (buffer + tid * 8): 1, plus the carry out of the low
// word for tid >= 4; out[2 tid + 1] = the high word of the unsigned product x * x, x = tid - 1.
TEST(MaxwellCompute, CarryOfA64BitAddressAndMultiplyHigh) {
    const u64 base = 0x1ffffffe0ull;
    const std::vector<u32> out = RunProgram(
        {
            "S2R R0, SR_TID.X ;",
            "SHL R1, R0, 0x3 ;",
            "IADD R2.CC, R1, c[0x0][0x140] ;",
            "IADD.X R3, RZ, c[0x0][0x144] ;",
            "IADD32I R5, R0, -0x1 ;",
            "IMUL.U32.U32.HI R4, R5, R5 ;",
            "STG.E [R2], R3 ;",
            "STG.E [R2+0x4], R4 ;",
            "EXIT ;",
        },
        base, 2 * kThreads);
    ASSERT_EQ(out.size(), 2 * kThreads);
    for (u32 tid = 0; tid < kThreads; ++tid) {
        const u64 address = base + u64{tid} * 8;
        const u64 x = static_cast<u32>(tid - 1);
        EXPECT_EQ(out[2 * tid], static_cast<u32>(address >> 32)) << "thread " << tid;
        EXPECT_EQ(out[2 * tid + 1], static_cast<u32>(x * x >> 32)) << "thread " << tid;
    }
}

// out[2 tid] = ISET.LT: all ones where (tid - 32) < 5 as signed words, else 0; out[2 tid + 1] =
// I2I.S32.S8 of tid * 9 (its low byte, sign-extended).
TEST(MaxwellCompute, IsetAndI2i) {
    const u64 base = 0x80000000ull;
    const std::vector<u32> out = RunProgram(
        {
            "S2R R0, SR_TID.X ;",
            "SHL R1, R0, 0x3 ;",
            "IADD R2.CC, R1, c[0x0][0x140] ;",
            "IADD.X R3, RZ, c[0x0][0x144] ;",
            "IADD32I R5, R0, -0x20 ;",
            "ISET.LT.AND R4, R5, 0x5, PT ;",
            "IMUL32I R6, R0, 0x9 ;",
            "I2I.S32.S8 R7, R6 ;",
            "STG.E [R2], R4 ;",
            "STG.E [R2+0x4], R7 ;",
            "EXIT ;",
        },
        base, 2 * kThreads);
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

}  // namespace
}  // namespace video
