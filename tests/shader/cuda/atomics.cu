// Atomics and reductions: ATOMG/RED (integer and float add, min, max, and, or, xor, exch),
// ATOMG.CAS, shared-memory ATOMS, 64-bit atomics, generic ATOM.
extern "C" __global__ void global_atomics(int* ip, unsigned* up, float* fp, unsigned long long* lp,
                                          int* out) {
    int i = threadIdx.x;
    atomicAdd(ip, 1);                       // RED.ADD
    out[i] = atomicAdd(ip + 1, i);          // ATOMG.ADD
    atomicMin(ip + 2, i);
    atomicMax(ip + 3, -i);
    atomicAnd(up, ~(1u << (i & 31)));
    atomicOr(up + 1, 1u << (i & 31));
    out[i + 32] = atomicXor(up + 2, i);
    out[i + 64] = atomicExch(ip + 4, i);
    out[i + 96] = atomicCAS(ip + 5, i, i + 1);
    atomicAdd(fp, 1.5f);
    out[i + 128] = (int)atomicAdd(fp + 1, (float)i);
    atomicAdd(lp, (unsigned long long)i);
    out[i + 160] = (int)atomicCAS(lp + 1, 0ull, (unsigned long long)i);
    atomicInc(up + 3, 100u);
    atomicDec(up + 4, 100u);
}

extern "C" __global__ void shared_atomics(int* out) {
    __shared__ int counter[4];
    __shared__ float fsum;
    if (threadIdx.x < 4) counter[threadIdx.x] = 0;
    if (threadIdx.x == 0) fsum = 0.0f;
    __syncthreads();
    atomicAdd(&counter[threadIdx.x & 3], 1);
    int old = atomicCAS(&counter[1], 5, 6);
    atomicAdd(&fsum, 0.5f);
    __syncthreads();
    out[threadIdx.x] = counter[threadIdx.x & 3] + old + (int)fsum;
}

extern "C" __global__ void generic_atomics(int* p, int use_shared, int* out) {
    __shared__ int s[32];
    s[threadIdx.x & 31] = 0;
    __syncthreads();
    int* q = use_shared ? &s[threadIdx.x & 31] : p + threadIdx.x;
    out[threadIdx.x] = atomicAdd(q, 3);
}
