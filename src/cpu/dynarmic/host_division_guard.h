#pragma once

namespace cpu {

// dynarmic 6.4.5's constant propagation folds a guest SDIV of INT_MIN by -1 with the host's own
// idiv instruction, which raises SIGFPE in nxhost (switching that pass off costs about a fifth
// of the JIT's speed). This installs, once, a SIGFPE handler that finishes exactly that
// division as AArch64 defines it (the quotient is INT_MIN) and re-raises every other SIGFPE.
void InstallHostDivisionGuard();

}  // namespace cpu
