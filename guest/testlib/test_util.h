#pragma once

// Small helpers shared by the differential CPU tests: labels with an index, and a digest that
// folds many results into one printed line (each test also prints its named edge cases singly,
// so a mismatching digest points at a group that a few more lines can narrow down).

#include <stdint.h>

#include "report.h"

// "base[index]" into `out` (at least 64 bytes).
static inline const char* IndexedLabel(char* out, const char* base, unsigned index) {
    unsigned length = 0;
    while (*base && length < 48) {
        out[length++] = *base++;
    }
    out[length++] = '[';
    char digits[10];
    unsigned count = 0;
    do {
        digits[count++] = (char)('0' + index % 10);
        index /= 10;
    } while (index > 0);
    while (count > 0) {
        out[length++] = digits[--count];
    }
    out[length++] = ']';
    out[length] = 0;
    return out;
}

typedef struct {
    uint64_t state;
    uint64_t count;
} Digest;

static inline void DigestInit(Digest* digest) {
    digest->state = 0xcbf29ce484222325ull;
    digest->count = 0;
}

// FNV-1a over the value's bytes: only byte xors and multiplies, simple enough not to hide a
// CPU error behind another.
static inline void DigestAdd(Digest* digest, uint64_t value) {
    for (int i = 0; i < 8; ++i) {
        digest->state = (digest->state ^ ((value >> (i * 8)) & 0xff)) * 0x100000001b3ull;
    }
    ++digest->count;
}

static inline void DigestReport(const char* label, const Digest* digest) {
    report_u64(label, digest->state);
}
