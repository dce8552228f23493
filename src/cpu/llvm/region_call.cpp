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

void GuestFpEnvironment::Enter() {
    host_ = _mm_getcsr();
    _mm_setcsr(kAllExceptionsMasked);
    inside_ = true;
}

void GuestFpEnvironment::Leave(RegionState& state) {
    state.fpsr |= FpsrFlags(_mm_getcsr());
    _mm_setcsr(host_);
    inside_ = false;
}

GuestFpEnvironment::~GuestFpEnvironment() {
    if (inside_) {
        _mm_setcsr(host_);
    }
}
#else
// Elsewhere through <cfenv>: the default environment is round to nearest, non-stop.
void GuestFpEnvironment::Enter() {
    std::feholdexcept(&host_);
    std::fesetenv(FE_DFL_ENV);
    inside_ = true;
}

void GuestFpEnvironment::Leave(RegionState& state) {
    const int raised = std::fetestexcept(FE_ALL_EXCEPT);
    state.fpsr |= ((raised & FE_INVALID) ? 1u : 0u) | ((raised & FE_DIVBYZERO) ? 2u : 0u) |
                  ((raised & FE_OVERFLOW) ? 4u : 0u) | ((raised & FE_UNDERFLOW) ? 8u : 0u) |
                  ((raised & FE_INEXACT) ? 16u : 0u);
    std::fesetenv(&host_);
    inside_ = false;
}

GuestFpEnvironment::~GuestFpEnvironment() {
    if (inside_) {
        std::fesetenv(&host_);
    }
}
#endif

void CallRegion(RegionFunction function, RegionState& state) {
    GuestFpEnvironment environment;
    function(&state);
    environment.Leave(state);
}

}  // namespace cpu::llvm_tier
