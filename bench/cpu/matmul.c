// Dense matrix multiply, double precision, 256x256, ten times: floating-point multiply-add
// throughput and sequential loads (i-k-j loop order, which the compiler vectorises).

#include <string.h>

#include "workload.h"

enum { kSize = 256, kRounds = 10 };

static double g_a[kSize][kSize], g_b[kSize][kSize], g_c[kSize][kSize];

static void Multiply(void) {
    memset(g_c, 0, sizeof(g_c));
    for (int i = 0; i < kSize; ++i) {
        for (int k = 0; k < kSize; ++k) {
            const double a = g_a[i][k];
            for (int j = 0; j < kSize; ++j) {
                g_c[i][j] += a * g_b[k][j];
            }
        }
    }
}

int main(void) {
    uint64_t state = 0x853c49e6748fea9bull;
    for (int i = 0; i < kSize; ++i) {
        for (int j = 0; j < kSize; ++j) {
            // Small integers over a power of two: every product and sum is exact, so the
            // result does not depend on whether the compiler fuses multiply and add.
            g_a[i][j] = (double)(int)(NextRandom(&state) % 64) / 8.0;
            g_b[i][j] = (double)(int)(NextRandom(&state) % 64) / 8.0;
        }
    }
    uint64_t checksum = 0;
    for (int round = 0; round < kRounds; ++round) {
        Multiply();
        g_a[round][round] += 1.0;
        for (int i = 0; i < kSize; ++i) {
            uint64_t bits;
            memcpy(&bits, &g_c[i][(i * 7 + round) % kSize], sizeof(bits));
            checksum = checksum * 0x100000001b3ull ^ bits;
        }
    }
    PrintChecksum("matmul", checksum);
    return 0;
}
