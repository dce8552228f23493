#pragma once

// How the extension's memory instructions reach guest memory: a naturally aligned host
// pointer, checked against the guest's page permissions.
//
// Alignment: the Switch 2's Cortex-A78 is ARMv8.2 without FEAT_LSE2, so every atomic and
// acquire/release access that is not naturally aligned takes an alignment fault there. We do
// the same (a fault outcome at the access's address), which also gives std::atomic_ref the
// alignment it requires.

#include <atomic>

#include "base/types.h"
#include "cpu/guest_memory.h"

namespace cpu::extension {

inline u8* AlignedHostPointer(GuestMemory& memory, u64 address, u64 size, Permission need) {
    if ((address & (size - 1)) != 0) {
        return nullptr;
    }
    return memory.HostPointer(address, size, need);
}

// The acquire/release bits of an A64 memory instruction as a C++ memory order.
inline std::memory_order OrderFor(bool acquire, bool release) {
    if (acquire && release) {
        return std::memory_order_seq_cst;
    }
    if (acquire) {
        return std::memory_order_acquire;
    }
    return release ? std::memory_order_release : std::memory_order_relaxed;
}

}  // namespace cpu::extension
