// Bit manipulation: LOP3 (all truth tables the compiler forms), PRMT, SHF funnel shifts, BFE/BFI
// style masks, FLO, POPC, BREV, SEL.
extern "C" __global__ void logic_ops(const unsigned* a, const unsigned* b, const unsigned* c,
                                     unsigned* out) {
    int i = threadIdx.x;
    unsigned x = a[i], y = b[i], z = c[i];
    out[i * 8 + 0] = (x & y) | (~x & z);
    out[i * 8 + 1] = x ^ y ^ z;
    out[i * 8 + 2] = (x | y) & ~z;
    out[i * 8 + 3] = __byte_perm(x, y, 0x5140) + __byte_perm(x, z, 0x3210 ^ i);
    out[i * 8 + 4] = __funnelshift_l(x, y, z) ^ __funnelshift_r(x, y, 13);
    out[i * 8 + 5] = (x >> (y & 31)) | (y << 7) | ((unsigned)((int)z >> 3));
    out[i * 8 + 6] = ((x >> 5) & 0x3ff) | ((y & 0xff) << 12);
    out[i * 8 + 7] = x > y ? z : ~z;
}

extern "C" __global__ void shifts64(const unsigned long long* a, unsigned s,
                                    unsigned long long* out) {
    int i = threadIdx.x;
    unsigned long long x = a[i];
    out[i * 3 + 0] = x << (s & 63);
    out[i * 3 + 1] = x >> 17;
    out[i * 3 + 2] = (unsigned long long)((long long)x >> (s & 63)) + __popcll(x) + __clzll(x);
}
