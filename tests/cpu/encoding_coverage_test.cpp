// Every instruction the Cortex-A78C executes at EL0 runs under nxhost: a fixed random sample of
// 32-bit words, those LLVM's disassembler (cpu::DisassembleA64) decodes with the A78C's
// features, each translated by
// dynarmic one instruction at a time; whatever dynarmic rejects must be executed by the
// extension (cpu::ExecuteExtension) or replaced by RewritePointerAuth, as the backend does.
//
// Left out, with why: the system instruction space (MRS/MSR/SYS/SYSL, whose EL0 access is the
// kernel's policy and mostly undefined there), the exception-generating instructions that EL0
// cannot use (HVC, SMC, HLT, DCPS*, UDF), and CONSTRAINED UNPREDICTABLE encodings (LDP with
// Rt = Rt2, writeback onto the transferred register, STXR with its status register in the
// operands, "should be one" fields with zeros), which dynarmic makes undefined, one of the
// behaviours the architecture permits.
// Compilers emit none of these.

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "cpu/a64_extension.h"
#include "cpu/a64_extension/pointer_auth.h"
#include "cpu/disassembler.h"
#include "single_instruction_probe.h"

namespace cpu {
namespace {

constexpr char kNotA78c[] = " (not a Cortex-A78C instruction)";
constexpr int kSampleWords = 300000;

bool IsSystemInstruction(u32 word) {
    return (word & 0xffc00000) == 0xd5000000;  // hints, barriers, PSTATE, SYS, MRS, MSR
}

// HVC, SMC, HLT, DCPS1-3 (exception generation with opc != 000/001 or LL != 00), and UDF.
bool IsNotForEl0(u32 word) {
    if ((word & 0xff000000) == 0xd4000000) {
        const u32 opc = (word >> 21) & 7;
        const u32 ll = word & 3;
        const bool svc = opc == 0 && ll == 1;
        const bool brk = opc == 1 && ll == 0;
        return !svc && !brk;
    }
    return (word & 0xffff0000) == 0;  // UDF #imm16
}

// The CONSTRAINED UNPREDICTABLE register overlaps of loads and stores (Arm ARM, "Architectural
// constraints on UNPREDICTABLE behaviors"), which dynarmic makes undefined: a pair load into one
// register twice, writeback onto a register the instruction transfers, an exclusive store's
// status register among its operands.
bool IsConstrainedUnpredictable(u32 word) {
    const u32 rt = word & 31;
    const u32 rn = (word >> 5) & 31;
    const u32 rt2 = (word >> 10) & 31;
    const u32 rs = (word >> 16) & 31;
    const bool simd = (word >> 26) & 1;
    const bool load = (word >> 22) & 1;
    if (((word >> 27) & 7) == 0b101) {  // load/store pair
        const u32 type = (word >> 23) & 7;
        const bool writeback = type == 0b001 || type == 0b011;
        return (load && rt == rt2) || (!simd && writeback && rn != 31 && (rn == rt || rn == rt2));
    }
    if ((word & 0x3b200400) == 0x38000400) {  // load/store register, pre- or post-indexed
        return !simd && rn != 31 && rn == rt;
    }
    if ((word & 0x3f000000) == 0x08000000 && ((word >> 23) & 1) == 0) {  // exclusives
        const bool pair = ((word >> 21) & 1) != 0;
        if (load) {
            return pair && rt == rt2;
        }
        return rs == rt || (rs == rn && rn != 31) || (pair && rs == rt2);
    }
    return false;
}

struct Decoded {
    u32 word;
    std::string text;
};

// The words of the sample that are Cortex-A78C instructions, as the fault reports'
// disassembler (LLVM's, with the A78C's features) decodes them.
std::vector<Decoded> SampleValidWords() {
    std::mt19937 random(20261130);
    std::vector<Decoded> decoded;
    for (int i = 0; i < kSampleWords; ++i) {
        const u32 word = static_cast<u32>(random());
        std::string text = DisassembleA64(word, 0);
        if (text != "<undefined>" && !text.ends_with(kNotA78c)) {
            decoded.push_back({word, std::move(text)});
        }
    }
    return decoded;
}

TEST(EncodingCoverage, EveryA78cInstructionRunsUnderNxhost) {
    const std::vector<Decoded> sample = SampleValidWords();
    ASSERT_GT(sample.size(), kSampleWords / 5u) << "LLVM's AArch64 disassembler decoded little";

    std::vector<u32> probed;
    for (const Decoded& d : sample) {
        probed.push_back(RewritePointerAuth(d.word).value_or(d.word));
    }
    const test::SingleInstructionProbe probe(probed);
    test::ExtensionProbe extension;
    std::map<std::string, std::pair<int, std::string>> missing;  // mnemonic: count, example
    int unpredictable = 0;
    int extension_executed = 0;
    for (std::size_t i = 0; i < sample.size(); ++i) {
        const u32 word = probed[i];
        if (IsSystemInstruction(word) || IsNotForEl0(word) ||
            test::HasShouldBeOneFieldsClear(word) ||
            probe.At(i) == test::SingleInstructionProbe::Verdict::Executed) {
            continue;
        }
        if (extension.Executes(word)) {
            ++extension_executed;
            continue;
        }
        // dynarmic's unpredictable verdict stands only where the architecture says so.
        if (probe.At(i) == test::SingleInstructionProbe::Verdict::Unpredictable &&
            IsConstrainedUnpredictable(word)) {
            ++unpredictable;
            continue;
        }
        const std::string& text = sample[i].text;
        const std::string mnemonic = text.substr(0, text.find(' '));
        auto& entry = missing[mnemonic];
        if (entry.first++ == 0) {
            entry.second = text;
        }
    }
    for (const auto& [mnemonic, entry] : missing) {
        ADD_FAILURE() << entry.first << " sampled encodings of " << mnemonic
                      << " run nowhere, for example: " << entry.second;
    }
    // The sample reaches the extension's groups (LSE, FP16, saturating SIMD) and dynarmic's
    // unpredictable forms: a sample that stopped doing so would prove nothing.
    EXPECT_GT(extension_executed, 500);
    EXPECT_GT(unpredictable, 20);
}

}  // namespace
}  // namespace cpu
