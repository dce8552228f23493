#pragma once

// Shared by the CPU benchmark workloads. Each workload is one C file built three ways from the
// same source: an nxhost guest, a static aarch64 Linux program for qemu-aarch64, and a native
// host program. It does a fixed amount of work and prints one checksum line, which run.sh
// compares across the three builds (a wrong result is not a fast one).

#include <stdint.h>
#include <stdio.h>

static inline void PrintChecksum(const char* workload, uint64_t checksum) {
    printf("%s checksum 0x%016llx\n", workload, (unsigned long long)checksum);
}

// A fixed pseudo-random sequence (xorshift64*), the same on every build.
static inline uint64_t NextRandom(uint64_t* state) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dull;
}
