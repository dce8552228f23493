// SHA-256 (FIPS 180-4) in plain C, no crypto extensions: 32-bit rotates, adds and logic ops.
// A 1 MiB buffer hashed 48 times, each round's digest feeding the next.

#include <string.h>

#include "workload.h"

enum { kBufferSize = 1 << 20, kRounds = 48 };

static const uint32_t kRoundConstants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint8_t g_buffer[kBufferSize];

static uint32_t Rotr(uint32_t x, int n) {
    return (x >> n) | (x << (32 - n));
}

static void Compress(uint32_t state[8], const uint8_t block[64]) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
        w[i] = (uint32_t)block[i * 4] << 24 | (uint32_t)block[i * 4 + 1] << 16 |
               (uint32_t)block[i * 4 + 2] << 8 | block[i * 4 + 3];
    }
    for (int i = 16; i < 64; ++i) {
        const uint32_t s0 = Rotr(w[i - 15], 7) ^ Rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const uint32_t s1 = Rotr(w[i - 2], 17) ^ Rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; ++i) {
        const uint32_t t1 = h + (Rotr(e, 6) ^ Rotr(e, 11) ^ Rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                            kRoundConstants[i] + w[i];
        const uint32_t t2 =
            (Rotr(a, 2) ^ Rotr(a, 13) ^ Rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

// The whole message is a multiple of 64 bytes; padding adds one more block.
static void Sha256(const uint8_t* data, uint64_t size, uint32_t digest[8]) {
    static const uint32_t kInitial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(digest, kInitial, sizeof(kInitial));
    for (uint64_t offset = 0; offset < size; offset += 64) {
        Compress(digest, data + offset);
    }
    uint8_t padding[64] = {0x80};
    const uint64_t bits = size * 8;
    for (int i = 0; i < 8; ++i) {
        padding[63 - i] = (uint8_t)(bits >> (i * 8));
    }
    Compress(digest, padding);
}

int main(void) {
    // Check against the known digest of 64 zero bytes first.
    uint32_t digest[8];
    memset(g_buffer, 0, 64);
    Sha256(g_buffer, 64, digest);
    const int known = digest[0] == 0xf5a5fd42 && digest[7] == 0x2759fb4b;
    uint64_t state = 0xdeadbeefcafef00dull;
    for (int i = 0; i < kBufferSize; ++i) {
        g_buffer[i] = (uint8_t)NextRandom(&state);
    }
    for (int round = 0; round < kRounds; ++round) {
        Sha256(g_buffer, kBufferSize, digest);
        memcpy(g_buffer + (round * 32) % kBufferSize, digest, 32);
    }
    PrintChecksum("sha256", known ? ((uint64_t)digest[0] << 32 | digest[1]) : 0);
    return 0;
}
