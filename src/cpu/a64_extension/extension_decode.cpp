#include "cpu/a64_extension.h"

#include <cstddef>

#include "cpu/a64_extension/extension_internal.h"

namespace cpu {
namespace {

// The outcome of the first group that knows the instruction.
template <typename Executor, std::size_t kCount, typename... Arguments>
ExtensionOutcome FirstHandled(const Executor (&groups)[kCount], Arguments&... arguments) {
    for (Executor execute : groups) {
        const ExtensionOutcome outcome = execute(arguments...);
        if (outcome != ExtensionOutcome::NotHandled) {
            return outcome;
        }
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace

// The groups have disjoint encodings, so the order only matters for speed: atomics first,
// since compilers emit them far more often than FP16 arithmetic, saturating AdvSIMD or the
// flag-manipulation instructions.
ExtensionOutcome ExecuteExtension(u32 instruction, ExtensionState& state, u64& fault_address) {
    using MemoryExecutor = ExtensionOutcome (*)(u32, ExtensionState&, u64&);
    static constexpr MemoryExecutor kMemoryGroups[] = {
        extension::ExecuteAtomicMemory,
        extension::ExecuteCompareAndSwap,
        extension::ExecuteRcpc,
        extension::ExecutePointerAuth,
    };
    using RegisterExecutor = ExtensionOutcome (*)(u32, ExtensionState&);
    static constexpr RegisterExecutor kRegisterGroups[] = {
        extension::ExecuteFp16Scalar,
        extension::ExecuteFp16Simd,
        extension::ExecuteSimdSaturating,
        extension::ExecuteFlagManipulation,
    };
    const ExtensionOutcome memory = FirstHandled(kMemoryGroups, instruction, state, fault_address);
    if (memory != ExtensionOutcome::NotHandled) {
        return memory;
    }
    return FirstHandled(kRegisterGroups, instruction, state);
}

}  // namespace cpu
