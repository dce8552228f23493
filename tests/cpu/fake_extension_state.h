#pragma once

// An ExtensionState over plain arrays and a real GuestMemory, counting register writes so
// tests can prove that a faulting instruction wrote nothing.

#include <array>

#include "cpu/a64_extension.h"
#include "cpu/guest_memory.h"

namespace cpu::test {

class FakeExtensionState final : public ExtensionState {
public:
    explicit FakeExtensionState(GuestMemory& memory) : memory_(memory) {}

    u64 GetX(unsigned index) const override { return x[index]; }
    void SetX(unsigned index, u64 value) override {
        x[index] = value;
        ++register_writes;
    }
    u64 GetSP() const override { return sp; }
    void SetSP(u64 value) override {
        sp = value;
        ++register_writes;
    }
    Vector GetV(unsigned index) const override { return v[index]; }
    void SetV(unsigned index, Vector value) override {
        v[index] = value;
        ++register_writes;
    }
    u32 GetFpcr() const override { return fpcr; }
    u32 GetFpsr() const override { return fpsr; }
    void SetFpsr(u32 value) override { fpsr = value; }
    u32 GetNzcv() const override { return nzcv; }
    void SetNzcv(u32 value) override { nzcv = value; }
    GuestMemory& Memory() override { return memory_; }

    std::array<u64, 31> x{};
    std::array<Vector, 32> v{};
    u64 sp = 0;
    u32 fpcr = 0;
    u32 fpsr = 0;
    u32 nzcv = 0;
    int register_writes = 0;

private:
    GuestMemory& memory_;
};

}  // namespace cpu::test
