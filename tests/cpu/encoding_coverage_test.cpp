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

#include <dynarmic/interface/A64/a64.h>
#include <dynarmic/interface/A64/config.h>
#include <dynarmic/interface/exclusive_monitor.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cpu/a64_extension.h"
#include "cpu/a64_extension/pointer_auth.h"
#include "cpu/disassembler.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"

namespace cpu {
namespace {

constexpr char kNotA78c[] = " (not a Cortex-A78C instruction)";
constexpr u64 kCodeBase = 0x100000;
constexpr u32 kBrk = 0xd4200000;
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

// Encodings whose "should be one" fields are not all ones, which LLVM decodes and the
// architecture makes CONSTRAINED UNPREDICTABLE (dynarmic: undefined): Ra of SMULH/UMULH, and the
// unused Rs / Rt2 of the exclusive, ordered and compare-and-swap loads and stores.
bool HasShouldBeOneFieldsClear(u32 word) {
    const u32 rs = (word >> 16) & 31;
    const u32 rt2 = (word >> 10) & 31;
    if ((word & 0xff600000) == 0x9b400000) {  // SMULH, UMULH: 1 00 11011 U 10 Rm 0 Ra Rn Rd
        return rt2 != 31;
    }
    if ((word & 0x3f000000) != 0x08000000) {
        return false;
    }
    const bool o2 = (word >> 23) & 1;
    const bool load = (word >> 22) & 1;
    const bool o1 = (word >> 21) & 1;
    const bool pair = !o2 && o1 && (word >> 31) != 0;  // LDXP, STXP and their ordered forms
    const bool rs_unused = (!o2 && !o1 && load) || (pair && load) || (o2 && !o1);
    return (!pair && rt2 != 31) || (rs_unused && rs != 31);
}

// Translates each word alone at its own address and records which ones dynarmic rejects,
// as undefined or as unpredictable.
class SingleInstructionProbe final : public Dynarmic::A64::UserCallbacks {
public:
    enum class Verdict { Executed, Undefined, Unpredictable };

    explicit SingleInstructionProbe(std::vector<u32> words)
        : words_(std::move(words)), verdicts_(words_.size(), Verdict::Executed) {
        Dynarmic::A64::UserConfig config;
        config.callbacks = this;
        config.global_monitor = &monitor_;
        config.tpidr_el0 = &tpidr_;
        config.tpidrro_el0 = &tpidr_;
        jit_ = std::make_unique<Dynarmic::A64::Jit>(config);
        for (std::size_t i = 0; i < words_.size(); ++i) {
            jit_->SetPC(kCodeBase + 8 * i);  // a BRK after each word ends its block
            jit_->Step();
        }
    }
    Verdict At(std::size_t index) const { return verdicts_[index]; }

    std::optional<u32> MemoryReadCode(u64 address) override {
        const auto index = Index(address);
        return index ? words_[*index] : kBrk;
    }
    void InterpreterFallback(u64 pc, size_t) override { Mark(pc, Verdict::Undefined); }
    void ExceptionRaised(u64 pc, Dynarmic::A64::Exception exception) override {
        using Dynarmic::A64::Exception;
        if (exception == Exception::UnallocatedEncoding || exception == Exception::ReservedValue) {
            Mark(pc, Verdict::Undefined);
        } else if (exception == Exception::UnpredictableInstruction) {
            Mark(pc, Verdict::Unpredictable);
        }
    }
    u8 MemoryRead8(u64) override { return 0; }
    u16 MemoryRead16(u64) override { return 0; }
    u32 MemoryRead32(u64) override { return 0; }
    u64 MemoryRead64(u64) override { return 0; }
    Dynarmic::A64::Vector MemoryRead128(u64) override { return {}; }
    void MemoryWrite8(u64, u8) override {}
    void MemoryWrite16(u64, u16) override {}
    void MemoryWrite32(u64, u32) override {}
    void MemoryWrite64(u64, u64) override {}
    void MemoryWrite128(u64, Dynarmic::A64::Vector) override {}
    void CallSVC(u32) override {}
    void AddTicks(u64) override {}
    u64 GetTicksRemaining() override { return 1; }
    u64 GetCNTPCT() override { return 0; }

private:
    std::optional<std::size_t> Index(u64 address) const {
        if (address < kCodeBase || (address - kCodeBase) % 8 != 0) {
            return std::nullopt;
        }
        const std::size_t index = (address - kCodeBase) / 8;
        return index < words_.size() ? std::optional<std::size_t>(index) : std::nullopt;
    }
    void Mark(u64 pc, Verdict verdict) {
        if (const auto index = Index(pc)) {
            verdicts_[*index] = verdict;
        }
    }

    std::vector<u32> words_;
    std::vector<Verdict> verdicts_;
    Dynarmic::ExclusiveMonitor monitor_{1};
    u64 tpidr_ = 0;
    std::unique_ptr<Dynarmic::A64::Jit> jit_;
};

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
    const SingleInstructionProbe probe(probed);

    GuestMemory memory(39);
    memory.Map(0x10000, 0x10000, Permission::ReadWrite);
    test::FakeExtensionState state(memory);
    std::map<std::string, std::pair<int, std::string>> missing;  // mnemonic: count, example
    int unpredictable = 0;
    int extension_executed = 0;
    for (std::size_t i = 0; i < sample.size(); ++i) {
        const u32 word = probed[i];
        if (IsSystemInstruction(word) || IsNotForEl0(word) || HasShouldBeOneFieldsClear(word)) {
            continue;
        }
        switch (probe.At(i)) {
            case SingleInstructionProbe::Verdict::Executed:
                continue;
            case SingleInstructionProbe::Verdict::Unpredictable:
                ++unpredictable;
                continue;
            case SingleInstructionProbe::Verdict::Undefined:
                break;
        }
        for (u64& x : state.x) {
            x = 0x10000;
        }
        state.sp = 0x10000;
        u64 fault = 0;
        if (ExecuteExtension(word, state, fault) != ExtensionOutcome::NotHandled) {
            ++extension_executed;
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
