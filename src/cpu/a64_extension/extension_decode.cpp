#include "cpu/a64_extension.h"

#include "cpu/a64_extension/extension_internal.h"

namespace cpu {

// The groups have disjoint encodings, so the order only matters for speed: atomics first,
// since compilers emit them far more often than FP16 arithmetic or saturating AdvSIMD.
ExtensionOutcome ExecuteExtension(u32 instruction, ExtensionState& state, u64& fault_address) {
    using Executor = ExtensionOutcome (*)(u32, ExtensionState&, u64&);
    static constexpr Executor kMemoryGroups[] = {
        extension::ExecuteAtomicMemory,
        extension::ExecuteCompareAndSwap,
        extension::ExecuteRcpc,
    };
    for (Executor execute : kMemoryGroups) {
        const ExtensionOutcome outcome = execute(instruction, state, fault_address);
        if (outcome != ExtensionOutcome::NotHandled) {
            return outcome;
        }
    }
    const ExtensionOutcome scalar = extension::ExecuteFp16Scalar(instruction, state);
    if (scalar != ExtensionOutcome::NotHandled) {
        return scalar;
    }
    const ExtensionOutcome simd = extension::ExecuteFp16Simd(instruction, state);
    if (simd != ExtensionOutcome::NotHandled) {
        return simd;
    }
    return extension::ExecuteSimdSaturating(instruction, state);
}

}  // namespace cpu
