#include "cpu/llvm/region_call.h"

#include "cpu/code_tier.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
#else
#include <cfenv>
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

void CallRegion(RegionFunction function, RegionState& state) {
    const unsigned host = _mm_getcsr();
    _mm_setcsr(kAllExceptionsMasked);
    function(&state);
    const unsigned guest = _mm_getcsr();
    _mm_setcsr(host);
    state.fpsr |= FpsrFlags(guest);
}
#else
// Elsewhere through <cfenv>: the default environment is round to nearest, non-stop.
void CallRegion(RegionFunction function, RegionState& state) {
    std::fenv_t host;
    std::feholdexcept(&host);
    std::fesetenv(FE_DFL_ENV);
    function(&state);
    const int raised = std::fetestexcept(FE_ALL_EXCEPT);
    std::fesetenv(&host);
    state.fpsr |= ((raised & FE_INVALID) ? 1u : 0u) | ((raised & FE_DIVBYZERO) ? 2u : 0u) |
                  ((raised & FE_OVERFLOW) ? 4u : 0u) | ((raised & FE_UNDERFLOW) ? 8u : 0u) |
                  ((raised & FE_INEXACT) ? 16u : 0u);
}
#endif

}  // namespace cpu::llvm_tier
