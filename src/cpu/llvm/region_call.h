#pragma once

// Calling compiled regions in the guest's floating-point environment.

#include "cpu/llvm/region_compiler.h"

#if !defined(__x86_64__)
#include <cfenv>
#endif

namespace cpu::llvm_tier {

// The host's FP control set as the translation assumes (round to nearest, no flush to zero,
// every exception masked, no flag raised) from Enter (or the construction) to Leave (or the
// end), the host's own in between and after. The tier runs a whole chain of regions under one
// (setting and reading the control costs about as much as a short region's body) and leaves
// it around host work that may raise flags of its own (a compile, a log line).
class GuestFpEnvironment {
public:
    GuestFpEnvironment() { Enter(); }
    ~GuestFpEnvironment();
    GuestFpEnvironment(const GuestFpEnvironment&) = delete;
    GuestFpEnvironment& operator=(const GuestFpEnvironment&) = delete;

    void Enter();
    // ORs the exception flags the host raised since Enter into state.fpsr as FPSR's
    // cumulative flags (IOC, DZC, OFC, UFC, IXC), the way dynarmic folds its guest MXCSR into
    // FPSR, and restores the host's control. The flags only accumulate, so folding a chain's
    // flags once at its end is the same as folding each region's.
    void Leave(RegionState& state);

private:
    bool inside_ = false;
#if defined(__x86_64__)
    unsigned host_ = 0;
#else
    std::fenv_t host_{};
#endif
};

// Runs one region under its own GuestFpEnvironment.
void CallRegion(RegionFunction function, RegionState& state);

}  // namespace cpu::llvm_tier
