#pragma once

// Self-checking guest tests: each CHECK prints a line on failure; the program's exit status is
// the number of failed checks, and a last line sums them up.

#include <stdio.h>

static int g_checks;
static int g_failures;

#define CHECK(condition)                                                \
    do {                                                                \
        ++g_checks;                                                     \
        if (!(condition)) {                                             \
            ++g_failures;                                               \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #condition); \
        }                                                               \
    } while (0)

#define CHECK_RESULT(expression, expected)                                                     \
    do {                                                                                       \
        const unsigned actual_ = (unsigned)(expression);                                       \
        ++g_checks;                                                                            \
        if (actual_ != (unsigned)(expected)) {                                                 \
            ++g_failures;                                                                      \
            printf("FAIL %s:%d: %s gave %#x, expected %#x\n", __FILE__, __LINE__, #expression, \
                   actual_, (unsigned)(expected));                                             \
        }                                                                                      \
    } while (0)

static inline int check_summary(const char* name) {
    printf("%s: %d checks, %d failed\n", name, g_checks, g_failures);
    return g_failures;
}
