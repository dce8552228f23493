// Local memory: per-thread arrays indexed at run time, which ptxas keeps in local memory (STL and
// LDL of 8, 16, 32, 64 and 128 bits at R1, the stack pointer from c[0x0][0x28]).
extern "C" __global__ void local_memory(const int* idx, int* out) {
    const int t = threadIdx.x;
    int words[40];
    unsigned char bytes[40];
    short halves[40];
    long long wide[20];
    int4 quads[10];
    for (int k = 0; k < 40; ++k) {
        words[k] = idx[(t + k) & 63] ^ k;
        bytes[k] = (unsigned char)(idx[(t * 3 + k) & 63] >> 3);
        halves[k] = (short)(idx[(t + 5 * k) & 63] * 7);
    }
    for (int k = 0; k < 20; ++k) {
        wide[k] = (long long)idx[(t + k) & 63] * 0x100000001ll + k;
    }
    for (int k = 0; k < 10; ++k) {
        quads[k] = make_int4(idx[k], t, k, idx[(k + t) & 63]);
    }
    const unsigned i = (unsigned)idx[t];
    words[i % 40] += 7;
    bytes[(i >> 2) % 40] ^= 0x5a;
    halves[(i >> 4) % 40] -= 3;
    wide[(i >> 6) % 20] ^= -1ll;
    quads[(i >> 8) % 10].y += 11;
    int* o = out + t * 5;
    o[0] = words[(i * 3) % 40];
    o[1] = bytes[(i >> 1) % 40] | (bytes[(i >> 2) % 40] << 8);
    o[2] = halves[(i >> 4) % 40];
    const long long w = wide[(i >> 5) % 20];
    o[3] = (int)(w ^ (w >> 32));
    const int4 q = quads[(i >> 7) % 10];
    o[4] = q.x + q.y * 3 + q.z * 5 + q.w * 7;
}
