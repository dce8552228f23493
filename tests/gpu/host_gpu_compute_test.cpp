// Compute launches through a channel onto the Vulkan host GPU (lavapipe without a GPU): a
// pushbuffer built here launches a QMD written here (compute_launch_support.h) whose program,
// assembled from nvdisasm's text, computes out[i] = in[i] * 2 + c[0x0][0x280] over three blocks
// of 64 threads, reaching in and out through deko3d's storage-buffer slots of constant bank 0
// ({address, size} at 0x140 and 0x150). Every output word is checked against the formula
// computed here, on MAXWELL_COMPUTE_B (Maxwell code from SET_PROGRAM_REGION + PROGRAM_OFFSET)
// and AMPERE_COMPUTE_B (Ampere code at the QMD's program address); the QMD's release lands
// after the results; launches that cannot be bounded are refused and write nothing.

#include <gtest/gtest.h>

#include <cstring>

#include "compute_launch_support.h"
#include "host_gpu_test_support.h"
#include "maxwell_test_code.h"
#include "shader/sass/instruction.h"

namespace {

using namespace gpu_test;

constexpr u32 kBlocks = 3;
constexpr u32 kThreads = 64;
constexpr u32 kWords = kBlocks * kThreads;
constexpr u32 kAddend = 0x1000;

constexpr u64 kQmd = Rig::kData;
constexpr u64 kBank0 = Rig::kData + 0x1000;  // 0x300 bytes, deko3d's compute driver bank
constexpr u64 kRegion = Rig::kData + 0x2000;
constexpr u64 kProgramOffset = 0x100;
constexpr u64 kIn = Rig::kData + 0x1'0000;
constexpr u64 kOut = Rig::kData + 0x2'0000;
constexpr u64 kSemaphore = Rig::kData + 0x3'0000;

class HostGpuCompute : public HostGpuTest {
protected:
    HostGpuCompute() : HostGpuTest("compute launches") {}
};

u32 Input(u32 i) {
    return i * 0x9E3779B1u + 3;
}

// Bank 0: the storage buffers' {address, size} at 0x140 (in) and 0x150 (out), the addend at
// 0x280, the block width at 0x290 (for the Ampere program's index).
void FillMemory(Rig& rig, u32 out_size) {
    std::memset(rig.Data(kBank0), 0, 0x300);
    rig.Put<u64>(kBank0 + 0x140, kIn);
    rig.Put<u32>(kBank0 + 0x148, kWords * 4);
    rig.Put<u64>(kBank0 + 0x150, kOut);
    rig.Put<u32>(kBank0 + 0x158, out_size);
    rig.Put<u32>(kBank0 + 0x280, kAddend);
    rig.Put<u32>(kBank0 + 0x290, kThreads);
    for (u32 i = 0; i < kWords; ++i) {
        rig.Put<u32>(kIn + 4 * i, Input(i));
    }
    std::memset(rig.Data(kOut), 0xCD, kWords * 4 + 64);
    rig.Put<u32>(kSemaphore, 0);
}

QmdFields Launch(u64 program) {
    QmdFields fields;
    fields.program = program;
    fields.grid = {kBlocks, 1, 1};
    fields.block = {kThreads, 1, 1};
    fields.constant_buffers[0] = {{kBank0, 0x300}};
    fields.release0 = QmdRelease{kSemaphore, 0x600D, true};
    return fields;
}

void ExpectResults(Rig& rig) {
    for (u32 i = 0; i < kWords; ++i) {
        ASSERT_EQ(rig.Get<u32>(kOut + 4 * i), Input(i) * 2 + kAddend) << "word " << i;
    }
    // Past the storage buffer's size nothing is written.
    EXPECT_EQ(rig.Get<u32>(kOut + 4 * kWords), 0xCDCDCDCDu);
    EXPECT_EQ(rig.Get<u32>(kSemaphore), 0x600Du);
}

std::vector<u8> MaxwellProgram() {
    return MaxwellCode({
        "S2R R0, SR_TID.X ;",
        "S2R R1, SR_CTAID.X ;",
        "ISCADD R0, R1, R0, 0x6 ;",
        "SHL R1, R0, 0x2 ;",
        "IADD R2.CC, R1, c[0x0][0x140] ;",
        "IADD.X R3, RZ, c[0x0][0x144] ;",
        "LDG.E R4, [R2] ;",
        "IADD R6.CC, R1, c[0x0][0x150] ;",
        "IADD.X R7, RZ, c[0x0][0x154] ;",
        "SHL R5, R4, 0x1 ;",
        "IADD R5, R5, c[0x0][0x280] ;",
        "STG.E [R6], R5 ;",
        "EXIT ;",
    });
}

std::vector<u8> AmpereProgram() {
    const std::vector<std::string> lines = {
        "S2R R0, SR_TID.X ;",
        "S2R R1, SR_CTAID.X ;",
        "IMAD R0, R1, c[0x0][0x290], R0 ;",
        "MOV R9, 0x4 ;",
        "IMAD.WIDE.U32 R2, R0, R9, c[0x0][0x140] ;",
        "LDG.E R4, [R2.64] ;",
        "IMAD.WIDE.U32 R6, R0, R9, c[0x0][0x150] ;",
        "IADD3 R5, R4, c[0x0][0x280], R4 ;",
        "STG.E [R6.64], R5 ;",
        "EXIT ;",
    };
    std::vector<u8> code;
    u64 address = 0;
    for (const std::string& line : lines) {
        const shader::sass::Word word = shader::sass::Assemble(line, address);
        const auto* bytes = reinterpret_cast<const u8*>(&word);
        code.insert(code.end(), bytes, bytes + 16);
        address += 16;
    }
    const u64 end[2] = {kAmpereSelfBranchLow, kAmpereSelfBranchHigh};
    const auto* bytes = reinterpret_cast<const u8*>(end);
    code.insert(code.end(), bytes, bytes + 16);
    return code;
}

TEST_F(HostGpuCompute, MaxwellComputeBLaunchComputesEveryWord) {
    Rig rig(0xB06F, std::chrono::milliseconds(20000), host_);
    FillMemory(rig, kWords * 4);
    const std::vector<u8> code = MaxwellProgram();
    std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size());
    const auto qmd = MaxwellQmd(Launch(kProgramOffset));
    std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
    ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
    ExpectResults(rig);
}

TEST_F(HostGpuCompute, AmpereComputeBLaunchComputesEveryWord) {
    Rig rig(0xC76F, std::chrono::milliseconds(20000), host_);
    FillMemory(rig, kWords * 4);
    const std::vector<u8> code = AmpereProgram();
    const u64 program = kRegion + 0x400;
    std::memcpy(rig.Data(program), code.data(), code.size());
    const auto qmd = AmpereQmd(Launch(program));
    std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
    ASSERT_EQ(rig.Execute(LaunchWords(0xC7C0, kQmd, 0)), gpu::ChannelProgress::Idle);
    ExpectResults(rig);
}

// Shared memory, a barrier and local memory from the QMD's sizes: each thread puts its input in
// shared[tid] and in its local memory at 0x8, waits at BAR.SYNC, and writes shared[63 - tid] plus
// its own input read back from local memory: out[g] = in[64 b + (63 - t)] + in[g], g = 64 b + t.
TEST_F(HostGpuCompute, MaxwellSharedMemoryBarrierAndLocalMemory) {
    Rig rig(0xB06F, std::chrono::milliseconds(20000), host_);
    FillMemory(rig, kWords * 4);
    const std::vector<u8> code = MaxwellCode({
        "S2R R0, SR_TID.X ;",
        "S2R R1, SR_CTAID.X ;",
        "ISCADD R8, R1, R0, 0x6 ;",
        "SHL R1, R8, 0x2 ;",
        "IADD R2.CC, R1, c[0x0][0x140] ;",
        "IADD.X R3, RZ, c[0x0][0x144] ;",
        "LDG.E R4, [R2] ;",
        "SHL R9, R0, 0x2 ;",
        "STS [R9], R4 ;",
        "MOV32I R11, 0x8 ;",
        "STL [R11], R4 ;",
        "BAR.SYNC 0x0 ;",
        "LOP32I.XOR R10, R0, 0x3f ;",
        "SHL R10, R10, 0x2 ;",
        "LDS R5, [R10] ;",
        "LDL R6, [R11] ;",
        "IADD R5, R5, R6 ;",
        "IADD R6.CC, R1, c[0x0][0x150] ;",
        "IADD.X R7, RZ, c[0x0][0x154] ;",
        "STG.E [R6], R5 ;",
        "EXIT ;",
    });
    std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size());
    QmdFields fields = Launch(kProgramOffset);
    fields.shared_bytes = kThreads * 4;
    fields.local_bytes = 0x10;
    fields.barriers = 1;
    const auto qmd = MaxwellQmd(fields);
    std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
    ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
    for (u32 g = 0; g < kWords; ++g) {
        const u32 block = g / kThreads;
        const u32 mirrored = block * kThreads + (kThreads - 1 - g % kThreads);
        ASSERT_EQ(rig.Get<u32>(kOut + 4 * g), Input(mirrored) + Input(g)) << "word " << g;
    }
    EXPECT_EQ(rig.Get<u32>(kSemaphore), 0x600Du);
}

// Bank 1 (deko3d's compiler constants) is fixed in the translation: the same program launched
// again after its c[0x1][0x0] changed adds the new value, not the kept translation's.
TEST_F(HostGpuCompute, AChangedConstantBank1ReachesTheNextLaunch) {
    Rig rig(0xB06F, std::chrono::milliseconds(20000), host_);
    constexpr u64 kBank1 = Rig::kData + 0x1400;
    const std::vector<u8> code = MaxwellCode({
        "S2R R0, SR_TID.X ;",
        "S2R R1, SR_CTAID.X ;",
        "ISCADD R0, R1, R0, 0x6 ;",
        "SHL R1, R0, 0x2 ;",
        "IADD R2.CC, R1, c[0x0][0x140] ;",
        "IADD.X R3, RZ, c[0x0][0x144] ;",
        "LDG.E R4, [R2] ;",
        "IADD R6.CC, R1, c[0x0][0x150] ;",
        "IADD.X R7, RZ, c[0x0][0x154] ;",
        "IADD R5, R4, c[0x1][0x0] ;",
        "STG.E [R6], R5 ;",
        "EXIT ;",
    });
    std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size());
    QmdFields fields = Launch(kProgramOffset);
    fields.constant_buffers[1] = {{kBank1, 0x100}};
    const auto qmd = MaxwellQmd(fields);
    for (const u32 constant : {0x11u, 0x2222u}) {
        FillMemory(rig, kWords * 4);
        std::memset(rig.Data(kBank1), 0, 0x100);
        rig.Put<u32>(kBank1, constant);
        std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
        ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
        for (u32 i = 0; i < kWords; ++i) {
            ASSERT_EQ(rig.Get<u32>(kOut + 4 * i), Input(i) + constant) << "word " << i;
        }
    }
}

// Refused, nothing written and nothing released: a storage buffer of size 0 (its accesses
// cannot be bounded), and a grid wider than Vulkan's guaranteed 65535 blocks a dimension.
TEST_F(HostGpuCompute, UnboundedLaunchesAreRefused) {
    for (const bool sizeless : {true, false}) {
        Rig rig(0xB06F, std::chrono::milliseconds(20000), host_);
        FillMemory(rig, sizeless ? 0 : kWords * 4);
        const std::vector<u8> code = MaxwellProgram();
        std::memcpy(rig.Data(kRegion + kProgramOffset), code.data(), code.size());
        QmdFields fields = Launch(kProgramOffset);
        if (!sizeless) {
            fields.grid = {70000, 1, 1};
        }
        const auto qmd = MaxwellQmd(fields);
        std::memcpy(rig.Data(kQmd), qmd.data(), sizeof(qmd));
        ASSERT_EQ(rig.Execute(LaunchWords(0xB1C0, kQmd, kRegion)), gpu::ChannelProgress::Idle);
        for (u32 i = 0; i < kWords; ++i) {
            ASSERT_EQ(rig.Get<u32>(kOut + 4 * i), 0xCDCDCDCDu) << "word " << i;
        }
        EXPECT_EQ(rig.Get<u32>(kSemaphore), 0u) << sizeless;
    }
}

}  // namespace
