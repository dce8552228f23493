// Ampere guest compute programs (GuestComputeEnvironment, as NVK's NAK compiles them): a global
// address computed from a 64-bit value of any constant bank is a storage buffer whose base is
// that value, bank 1 included (NVK's descriptor set; only Maxwell code has bank 1 fixed, as
// deko3d's compiler constants), a pair of words only where both are added into the address (not
// multiplied); an address that comes from memory is refused naming the access.
#include <gtest/gtest.h>

#include <cstring>

#include "shader/compute.h"
#include "shader/sass/instruction.h"
#include "support/error_of.h"
#include "video/guest_compute.h"
#include "video_test_support.h"

namespace video {
namespace {

gpu::ComputeCall AmpereCall(const std::vector<std::string>& lines) {
    gpu::ComputeCall call;
    call.memory = std::make_shared<gpu::MemoryManager>();
    call.architecture = gpu::ShaderArchitecture::Ampere;
    call.block = {16, 1, 1};
    u64 address = 0;
    for (const std::string& line : lines) {
        const shader::sass::Word word = shader::sass::Assemble(line, address);
        const auto* bytes = reinterpret_cast<const u8*>(&word);
        call.code.insert(call.code.end(), bytes, bytes + sizeof(word));
        address += sizeof(word);
    }
    call.constant_buffers[1] = gpu::ComputeConstantBuffer{.address = 0x10000, .size = 0x100};
    return call;
}

TEST(GuestCompute, AnAddressFromConstantBank1IsAStorageBufferBasedThere) {
    const gpu::ComputeCall call = AmpereCall({
        "S2R R0, SR_TID.X ;",
        "SHF.L.W.S32 R1, R0, 0x2, RZ ;",
        "IADD3 R4, P0, R1, c[0x1][0x8], RZ ;",
        "IADD3.X R5, RZ, c[0x1][0xc], RZ, P0, !PT ;",
        "STG.E [R4.64], R0 ;",
        "EXIT ;",
    });
    const GuestComputeEnvironment env(call, testing::SharedDevice().Target());
    EXPECT_FALSE(env.FixesConstantBank(1));
    const shader::ComputeProgram program = shader::TranslateCompute(env);
    ASSERT_EQ(program.global_buffers.size(), 1u);
    EXPECT_EQ(program.global_buffers[0].address_bank, 1u);
    EXPECT_EQ(program.global_buffers[0].address_offset, 0x8u);
    ASSERT_EQ(program.constant_banks.size(), 1u);  // bank 1, bound to read the base from
    EXPECT_EQ(program.constant_banks[0].bank, 1u);
}

// What translating the call's program throws ("(no error)": it translated).
std::string TranslationErrorOf(const gpu::ComputeCall& call) {
    const GuestComputeEnvironment env(call, testing::SharedDevice().Target());
    return test_support::ErrorOf([&] { shader::TranslateCompute(env); });
}

TEST(GuestCompute, AnAddressReadFromMemoryIsRefusedNamingTheAccess) {
    const gpu::ComputeCall call = AmpereCall({
        "IADD3 R2, P0, RZ, c[0x1][0x0], RZ ;",
        "IADD3.X R3, RZ, c[0x1][0x4], RZ, P0, !PT ;",
        "LDG.E.64 R4, [R2.64] ;",
        "STG.E [R4.64], RZ ;",
        "EXIT ;",
    });
    const std::string error = TranslationErrorOf(call);
    EXPECT_NE(error.find("the global memory access at SASS offset 0x0030 uses an address derived "
                         "from 0 64-bit constant bank values"),
              std::string::npos)
        << error;
}

// Two 64-bit values added: no one buffer holds the address.
TEST(GuestCompute, AnAddressFromTwoConstantValuesIsRefused) {
    const gpu::ComputeCall call = AmpereCall({
        "IADD3 R2, P0, RZ, c[0x1][0x0], RZ ;",
        "IADD3.X R3, RZ, c[0x1][0x4], RZ, P0, !PT ;",
        "IADD3 R2, P0, R2, c[0x1][0x8], RZ ;",
        "IADD3.X R3, R3, c[0x1][0xc], RZ, P0, !PT ;",
        "STG.E [R2.64], RZ ;",
        "EXIT ;",
    });
    const std::string error = TranslationErrorOf(call);
    EXPECT_NE(error.find("SASS offset 0x0040 uses an address derived from 2 64-bit constant bank "
                         "values"),
              std::string::npos)
        << error;
}

// NVK's query copy: a 64-bit base plus a 32-bit offset plus an index scaled by the word after
// that offset. The offset and its neighbour are no address (one is multiplied): the base is the
// one storage buffer.
TEST(GuestCompute, AWordPairOnlyPartlyAddedIsNoBufferAddress) {
    const gpu::ComputeCall call = AmpereCall({
        "S2R R0, SR_TID.X ;",
        "IADD3 R2, RZ, c[0x1][0x8], RZ ;",
        "MOV R3, RZ ;",
        "IMAD.WIDE.U32 R4, R0, c[0x1][0xc], R2 ;",
        "IADD3 R4, P0, R4, c[0x1][0x0], RZ ;",
        "IADD3.X R5, R5, c[0x1][0x4], RZ, P0, !PT ;",
        "STG.E [R4.64], R0 ;",
        "EXIT ;",
    });
    const GuestComputeEnvironment env(call, testing::SharedDevice().Target());
    const shader::ComputeProgram program = shader::TranslateCompute(env);
    ASSERT_EQ(program.global_buffers.size(), 1u);
    EXPECT_EQ(program.global_buffers[0].address_bank, 1u);
    EXPECT_EQ(program.global_buffers[0].address_offset, 0x0u);
}

// NAK clears the convergence barrier before a BSSY with BMOV.32.CLEAR RZ, B0 (its "bclear"):
// nothing to translate, as structured control flow keeps no barrier state. A barrier's mask
// read into a register is refused naming it.
TEST(GuestCompute, ClearingAConvergenceBarrierTranslatesReadingOneIsRefused) {
    const std::vector<std::string> store = {
        "IADD3 R4, P0, RZ, c[0x1][0x8], RZ ;",
        "IADD3.X R5, RZ, c[0x1][0xc], RZ, P0, !PT ;",
        "STG.E [R4.64], R0 ;",
        "EXIT ;",
    };
    std::vector<std::string> cleared = {"BMOV.32.CLEAR RZ, B0 ;", "S2R R0, SR_TID.X ;"};
    cleared.insert(cleared.end(), store.begin(), store.end());
    EXPECT_EQ(TranslationErrorOf(AmpereCall(cleared)), "(no error)");
    std::vector<std::string> read = {"BMOV.32 R0, B1 ;"};
    read.insert(read.end(), store.begin(), store.end());
    const std::string error = TranslationErrorOf(AmpereCall(read));
    EXPECT_NE(error.find("BMOV other than clearing a convergence barrier"), std::string::npos)
        << error;
}

}  // namespace
}  // namespace video
