// CAS and CASP (ARMv8.1 LSE). CAS: size 001000 1 L 1 Rs o0 11111 Rn Rt; CASP: 0 sz 001000 0 L 1
// Rs o0 11111 Rn Rt. L is acquire, o0 release. Rs receives the memory's old value whether or
// not the swap happened.

#include <atomic>

#include "cpu/a64_extension/extension_internal.h"
#include "cpu/a64_extension/memory_access.h"
#include "cpu/atomic128.h"

namespace cpu::extension {
namespace {

// A failed compare is a plain load, so it keeps only the acquire half of the order.
std::memory_order FailureOrder(bool acquire) {
    return acquire ? std::memory_order_acquire : std::memory_order_relaxed;
}

template <typename T>
ExtensionOutcome CompareAndSwap(u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned rs = Field(instruction, 16, 5);
    const bool acquire = Field(instruction, 22, 1) != 0;
    const bool release = Field(instruction, 15, 1) != 0;
    const u64 address = ReadBase(state, rn);
    // Write permission even for a compare that fails, as a store that might happen needs it.
    u8* host = AlignedHostPointer(state.Memory(), address, sizeof(T), Permission::ReadWrite);
    if (host == nullptr) {
        fault_address = address;
        return ExtensionOutcome::WriteFault;
    }
    T expected = static_cast<T>(ReadXzr(state, rs));
    const T desired = static_cast<T>(ReadXzr(state, rt));
    std::atomic_ref<T>(*reinterpret_cast<T*>(host))
        .compare_exchange_strong(expected, desired, OrderFor(acquire, release),
                                 FailureOrder(acquire));
    WriteXzr(state, rs, expected);
    return ExtensionOutcome::Executed;
}

ExtensionOutcome CompareAndSwapPair(u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned rs = Field(instruction, 16, 5);
    if ((rs & 1) != 0 || (rt & 1) != 0) {
        return ExtensionOutcome::NotHandled;  // odd pair registers are UNDEFINED
    }
    const bool acquire = Field(instruction, 22, 1) != 0;
    const bool release = Field(instruction, 15, 1) != 0;
    const bool doubleword = Field(instruction, 30, 1) != 0;
    const u64 address = ReadBase(state, rn);
    const u64 size = doubleword ? 16 : 8;
    u8* host = AlignedHostPointer(state.Memory(), address, size, Permission::ReadWrite);
    if (host == nullptr) {
        fault_address = address;
        return ExtensionOutcome::WriteFault;
    }
    // Little-endian: the first register of each pair goes with the lower address.
    const u64 s1 = ReadXzr(state, rs);
    const u64 s2 = ReadXzr(state, rs + 1);
    const u64 t1 = ReadXzr(state, rt);
    const u64 t2 = ReadXzr(state, rt + 1);
    if (!doubleword) {
        u64 expected = (s1 & 0xffffffff) | (s2 << 32);
        const u64 desired = (t1 & 0xffffffff) | (t2 << 32);
        std::atomic_ref<u64>(*reinterpret_cast<u64*>(host))
            .compare_exchange_strong(expected, desired, OrderFor(acquire, release),
                                     FailureOrder(acquire));
        WriteXzr(state, rs, expected & 0xffffffff);
        WriteXzr(state, rs + 1, expected >> 32);
        return ExtensionOutcome::Executed;
    }
    const unsigned __int128 expected = (unsigned __int128){s2} << 64 | s1;
    const unsigned __int128 desired = (unsigned __int128){t2} << 64 | t1;
    const unsigned __int128 old =
        CompareAndSwap128(reinterpret_cast<unsigned __int128*>(host), expected, desired);
    WriteXzr(state, rs, static_cast<u64>(old));
    WriteXzr(state, rs + 1, static_cast<u64>(old >> 64));
    return ExtensionOutcome::Executed;
}

}  // namespace

ExtensionOutcome ExecuteCompareAndSwap(u32 instruction, ExtensionState& state, u64& fault_address) {
    if ((instruction & 0x3fa07c00) == 0x08a07c00) {
        switch (Field(instruction, 30, 2)) {
            case 0:
                return CompareAndSwap<u8>(instruction, state, fault_address);
            case 1:
                return CompareAndSwap<u16>(instruction, state, fault_address);
            case 2:
                return CompareAndSwap<u32>(instruction, state, fault_address);
            default:
                return CompareAndSwap<u64>(instruction, state, fault_address);
        }
    }
    if ((instruction & 0xbfa07c00) == 0x08207c00) {
        return CompareAndSwapPair(instruction, state, fault_address);
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace cpu::extension
