#pragma once

// A minimal dynarmic A64 core over a GuestMemory for tests that need guest code to really run
// in the JIT: memory through fastmem, the host-side accessors when that faults, exclusives through
// compare-exchange, an optional word substitution for MemoryReadCode, SVC halts, and
// InterpreterFallback handed to cpu::ExecuteExtension as a backend would.

#include <dynarmic/interface/A64/a64.h>
#include <dynarmic/interface/A64/config.h>
#include <dynarmic/interface/exclusive_monitor.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <memory>

#include "cpu/a64_extension.h"
#include "cpu/guest_memory.h"

namespace cpu::test {

class FlatDynarmic final : public Dynarmic::A64::UserCallbacks {
public:
    using VAddr = Dynarmic::A64::VAddr;
    using Vector = Dynarmic::A64::Vector;

    explicit FlatDynarmic(GuestMemory& memory) : memory_(memory), monitor_(1) {
        Dynarmic::A64::UserConfig config;
        config.callbacks = this;
        config.global_monitor = &monitor_;
        // As the real backend: guest memory mapped directly (fastmem), exclusives included.
        config.fastmem_pointer = memory.Base();
        config.fastmem_address_space_bits = memory.AddressBits();
        config.silently_mirror_fastmem = false;
        config.fastmem_exclusive_access = true;
        jit_ = std::make_unique<Dynarmic::A64::Jit>(config);
    }

    Dynarmic::A64::Jit& Jit() { return *jit_; }
    std::map<u64, u32> substitutions;  // pc -> word fed to the JIT instead of memory's
    int fallbacks = 0;
    int exceptions = 0;
    u64 tick_budget = 1'000'000;  // per RunFrom: a runaway trampoline ends the run

    // Runs from pc until an SVC.
    void RunFrom(u64 pc) {
        jit_->SetPC(pc);
        ticks_left_ = tick_budget;
        jit_->Run();
    }

    std::optional<u32> MemoryReadCode(VAddr address) override {
        if (auto it = substitutions.find(address); it != substitutions.end()) {
            return it->second;
        }
        return memory_.Read<u32>(address);
    }
    u8 MemoryRead8(VAddr a) override { return memory_.Read<u8>(a).value_or(0); }
    u16 MemoryRead16(VAddr a) override { return memory_.Read<u16>(a).value_or(0); }
    u32 MemoryRead32(VAddr a) override { return memory_.Read<u32>(a).value_or(0); }
    u64 MemoryRead64(VAddr a) override { return memory_.Read<u64>(a).value_or(0); }
    Vector MemoryRead128(VAddr a) override { return memory_.Read<Vector>(a).value_or(Vector{}); }
    void MemoryWrite8(VAddr a, u8 v) override { memory_.Write(a, v); }
    void MemoryWrite16(VAddr a, u16 v) override { memory_.Write(a, v); }
    void MemoryWrite32(VAddr a, u32 v) override { memory_.Write(a, v); }
    void MemoryWrite64(VAddr a, u64 v) override { memory_.Write(a, v); }
    void MemoryWrite128(VAddr a, Vector v) override { memory_.Write(a, v); }
    bool MemoryWriteExclusive8(VAddr a, u8 v, u8 e) override { return Exclusive(a, v, e); }
    bool MemoryWriteExclusive16(VAddr a, u16 v, u16 e) override { return Exclusive(a, v, e); }
    bool MemoryWriteExclusive32(VAddr a, u32 v, u32 e) override { return Exclusive(a, v, e); }
    bool MemoryWriteExclusive64(VAddr a, u64 v, u64 e) override { return Exclusive(a, v, e); }
    bool MemoryWriteExclusive128(VAddr a, Vector v, Vector e) override {
        u8* host = memory_.HostPointer(a, 16, Permission::Write);
        if (host == nullptr) {
            return false;
        }
        unsigned __int128 expected, desired;
        std::memcpy(&expected, e.data(), 16);
        std::memcpy(&desired, v.data(), 16);
        return __atomic_compare_exchange_n(reinterpret_cast<unsigned __int128*>(host), &expected,
                                           desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    }

    void InterpreterFallback(VAddr pc, size_t) override {
        ++fallbacks;
        const u32 word = *MemoryReadCode(pc);
        Adapter adapter(*this);
        u64 fault = 0;
        if (ExecuteExtension(word, adapter, fault) == ExtensionOutcome::Executed) {
            jit_->SetPC(pc + 4);
        } else {
            ++exceptions;
            jit_->HaltExecution();
        }
    }
    void CallSVC(u32) override { jit_->HaltExecution(); }
    void ExceptionRaised(VAddr, Dynarmic::A64::Exception) override {
        ++exceptions;
        jit_->HaltExecution();
    }
    void AddTicks(u64 ticks) override { ticks_left_ -= std::min(ticks, ticks_left_); }
    u64 GetTicksRemaining() override { return ticks_left_; }
    u64 GetCNTPCT() override { return 0; }

private:
    template <typename T>
    bool Exclusive(VAddr a, T value, T expected) {
        u8* host = memory_.HostPointer(a, sizeof(T), Permission::Write);
        return host != nullptr && std::atomic_ref<T>(*reinterpret_cast<T*>(host))
                                      .compare_exchange_strong(expected, value);
    }

    // The JIT's registers as an ExtensionState (what a backend's InterpreterFallback does).
    class Adapter final : public ExtensionState {
    public:
        explicit Adapter(FlatDynarmic& core) : core_(core) {}
        u64 GetX(unsigned i) const override { return core_.jit_->GetRegister(i); }
        void SetX(unsigned i, u64 v) override { core_.jit_->SetRegister(i, v); }
        u64 GetSP() const override { return core_.jit_->GetSP(); }
        void SetSP(u64 v) override { core_.jit_->SetSP(v); }
        Vector GetV(unsigned i) const override { return core_.jit_->GetVector(i); }
        void SetV(unsigned i, Vector v) override { core_.jit_->SetVector(i, v); }
        u32 GetFpcr() const override { return core_.jit_->GetFpcr(); }
        u32 GetFpsr() const override { return core_.jit_->GetFpsr(); }
        void SetFpsr(u32 v) override { core_.jit_->SetFpsr(v); }
        u32 GetNzcv() const override { return core_.jit_->GetPstate() & 0xf0000000; }
        void SetNzcv(u32 v) override {
            core_.jit_->SetPstate((core_.jit_->GetPstate() & 0x0fffffff) | (v & 0xf0000000));
        }
        GuestMemory& Memory() override { return core_.memory_; }

    private:
        FlatDynarmic& core_;
    };

    GuestMemory& memory_;
    u64 ticks_left_ = 0;
    Dynarmic::ExclusiveMonitor monitor_;
    std::unique_ptr<Dynarmic::A64::Jit> jit_;
};

}  // namespace cpu::test
