#pragma once

// For the CPU tests that sort instruction words by who runs them: dynarmic, translating each
// word alone at its own address, or nxhost's extension interpreter; and by whether the
// architecture defines them at all.

#include <dynarmic/interface/A64/a64.h>
#include <dynarmic/interface/A64/config.h>
#include <dynarmic/interface/exclusive_monitor.h>

#include <memory>
#include <optional>
#include <vector>

#include "cpu/a64_extension.h"
#include "cpu/guest_memory.h"
#include "fake_extension_state.h"

namespace cpu::test {

inline constexpr u64 kProbeCodeBase = 0x100000;
inline constexpr u32 kProbeBrk = 0xd4200000;

// Encodings whose "should be one" fields are not all ones, which LLVM decodes and the
// architecture makes CONSTRAINED UNPREDICTABLE (dynarmic: undefined): Ra of SMULH/UMULH, and the
// unused Rs / Rt2 of the exclusive, ordered and compare-and-swap loads and stores.
inline bool HasShouldBeOneFieldsClear(u32 word) {
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
            jit_->SetPC(kProbeCodeBase + 8 * i);  // a BRK after each word ends its block
            jit_->Step();
        }
    }
    Verdict At(std::size_t index) const { return verdicts_[index]; }

    std::optional<u32> MemoryReadCode(u64 address) override {
        const auto index = Index(address);
        return index ? words_[*index] : kProbeBrk;
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
        if (address < kProbeCodeBase || (address - kProbeCodeBase) % 8 != 0) {
            return std::nullopt;
        }
        const std::size_t index = (address - kProbeCodeBase) / 8;
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

// Whether the extension interpreter executes `word` (or faults on its access) rather than
// leaving it undefined; every general register and SP point at a mapped page.
class ExtensionProbe {
public:
    ExtensionProbe() : memory_(39), state_(memory_) {
        memory_.Map(kPage, 0x10000, Permission::ReadWrite);
    }
    bool Executes(u32 word) {
        for (u64& x : state_.x) {
            x = kPage;
        }
        state_.sp = kPage;
        u64 fault = 0;
        return ExecuteExtension(word, state_, fault) != ExtensionOutcome::NotHandled;
    }

private:
    static constexpr u64 kPage = 0x10000;
    GuestMemory memory_;
    FakeExtensionState state_;
};

}  // namespace cpu::test
