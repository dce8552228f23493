#pragma once

// The atomic-increment workload, in two forms with the same count of increments: ARMv8.1 LSE
// (one ldadd per increment, what compilers for the Cortex-A78C emit) and the ARMv8.0
// load-exclusive/store-exclusive loop. Contrasting them measures what nxhost's LSE path costs.
// The native host build uses the compiler's atomic add for both.

#include "workload.h"

enum { kIncrements = 20000000 };

static uint64_t g_counters[8];

static inline void IncrementLse(uint64_t* counter, uint64_t amount) {
#if defined(__aarch64__)
    __asm__ volatile("stadd %x1, [%0]" : : "r"(counter), "r"(amount) : "memory");
#else
    __atomic_fetch_add(counter, amount, __ATOMIC_RELAXED);
#endif
}

static inline void IncrementExclusive(uint64_t* counter, uint64_t amount) {
#if defined(__aarch64__)
    uint64_t value;
    uint32_t failed;
    __asm__ volatile(
        "1: ldxr %x0, [%2]\n\t"
        "add %x0, %x0, %x3\n\t"
        "stxr %w1, %x0, [%2]\n\t"
        "cbnz %w1, 1b"
        : "=&r"(value), "=&r"(failed)
        : "r"(counter), "r"(amount)
        : "memory");
#else
    __atomic_fetch_add(counter, amount, __ATOMIC_RELAXED);
#endif
}

static inline int RunIncrements(const char* name, void (*increment)(uint64_t*, uint64_t)) {
    for (int i = 0; i < kIncrements; ++i) {
        increment(&g_counters[i & 7], (uint64_t)i);
    }
    uint64_t checksum = 0;
    for (int i = 0; i < 8; ++i) {
        checksum = checksum * 0x100000001b3ull ^ g_counters[i];
    }
    PrintChecksum(name, checksum);
    return 0;
}
