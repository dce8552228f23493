#include "cpu/llvm/region_call.h"

#include "cpu/code_tier.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace cpu::llvm_tier {

#if defined(__x86_64__)
namespace {

// MXCSR (Intel SDM vol. 1, 10.2.3): flags IE, DE, ZE, OE, UE, PE in bits 0-5, their masks in
// bits 7-12, rounding control in 13-14 (0: nearest), FTZ in 15, DAZ in 6.
constexpr unsigned kAllExceptionsMasked = 0x1f80;

// FPSR (Arm ARM D17.2): IOC bit 0, DZC 1, OFC 2, UFC 3, IXC 4. DE (a denormal operand) has no
// FPSR flag with FPCR.FZ clear (IDC is for denormals flushed), the only mode regions run in.
u32 FpsrFlags(unsigned mxcsr) {
    const u32 invalid = mxcsr & 1;
    const u32 zero_overflow_underflow_inexact = (mxcsr >> 1) & 0x1e;
    return invalid | zero_overflow_underflow_inexact;
}

}  // namespace

GuestFpEnvironment::GuestFpEnvironment() : host_(_mm_getcsr()) {
    _mm_setcsr(kAllExceptionsMasked);
}

GuestFpEnvironment::~GuestFpEnvironment() {
    _mm_setcsr(host_);
}

void GuestFpEnvironment::FoldFlagsInto(RegionState& state) const {
    state.fpsr |= FpsrFlags(_mm_getcsr());
}
#else
// Elsewhere through <cfenv>: the default environment is round to nearest, non-stop.
GuestFpEnvironment::GuestFpEnvironment() {
    std::feholdexcept(&host_);
    std::fesetenv(FE_DFL_ENV);
}

GuestFpEnvironment::~GuestFpEnvironment() {
    std::fesetenv(&host_);
}

void GuestFpEnvironment::FoldFlagsInto(RegionState& state) const {
    const int raised = std::fetestexcept(FE_ALL_EXCEPT);
    state.fpsr |= ((raised & FE_INVALID) ? 1u : 0u) | ((raised & FE_DIVBYZERO) ? 2u : 0u) |
                  ((raised & FE_OVERFLOW) ? 4u : 0u) | ((raised & FE_UNDERFLOW) ? 8u : 0u) |
                  ((raised & FE_INEXACT) ? 16u : 0u);
}
#endif

void CallRegion(RegionFunction function, RegionState& state) {
    const GuestFpEnvironment environment;
    function(&state);
    environment.FoldFlagsInto(state);
}

}  // namespace cpu::llvm_tier
