#pragma once

// Shared by the CPU benchmark workloads. Each workload is one C file built three ways from the
// same source: an nxhost guest, a static aarch64 Linux program for qemu-aarch64, and a native
// host program. It does a fixed amount of work and prints one checksum line, which run.sh
// compares across the three builds (a wrong result is not a fast one).

#include <stdint.h>
#include <stdio.h>
#if defined(__linux__)
#include <time.h>
#endif

// Nanoseconds on a monotonic clock: Linux's (the qemu and native builds), or the AArch64
// generic timer that an nxhost guest reads as libnx's armGetSystemTick does (CNTPCT_EL0 at
// CNTFRQ_EL0 ticks a second).
static inline uint64_t MonotonicNanoseconds(void) {
#if defined(__linux__)
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
#else
    uint64_t ticks, frequency;
    __asm__ volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(ticks));
    __asm__("mrs %0, cntfrq_el0" : "=r"(frequency));
    return ticks / frequency * 1000000000u + ticks % frequency * 1000000000u / frequency;
#endif
}

// The work's clock starts before main, when the program's constructors run, so the time it
// reports leaves out how long the process took to start: loading (nxhost's modules, qemu's
// translator, the dynamic linker) and nxhost's own set-up.
static uint64_t g_work_start;
__attribute__((constructor)) static void StartWorkClock(void) {
    g_work_start = MonotonicNanoseconds();
}

// The result line, which run.sh compares across builds, and the work's time in microseconds.
static inline void PrintChecksum(const char* workload, uint64_t checksum) {
    const uint64_t work_ns = MonotonicNanoseconds() - g_work_start;
    printf("%s checksum 0x%016llx\n", workload, (unsigned long long)checksum);
    printf("%s work %llu us\n", workload, (unsigned long long)(work_ns / 1000u));
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
