#pragma once

// Output for the differential CPU tests: the same program is built for nxhost and as an aarch64
// Linux program run under qemu-aarch64, and the two outputs must match byte for byte. Values are
// printed by this file's own code (no printf), so the two C libraries cannot differ.

#include <stddef.h>
#include <stdint.h>

void report_text(const char* text);
void report_u64(const char* label, uint64_t value);
void report_u128(const char* label, unsigned __int128 value);
void report_f64(const char* label, double value);  // the bits, in hex
void report_f32(const char* label, float value);
void report_bytes(const char* label, const void* data, size_t size);

// Provided per platform: nxhost's svcOutputDebugString or Linux's write(1).
void report_write(const char* text, size_t size);

// Keeps the compiler from folding a value known at compile time, so the CPU computes it.
#define OPAQUE(value)                         \
    ({                                        \
        __typeof__(value) opaque_ = (value);  \
        __asm__ volatile("" : "+r"(opaque_)); \
        opaque_;                              \
    })
#define OPAQUE_FP(value)                      \
    ({                                        \
        __typeof__(value) opaque_ = (value);  \
        __asm__ volatile("" : "+w"(opaque_)); \
        opaque_;                              \
    })
