// Control flow: predication, loops, divergent branches (BSSY/BSYNC), WARPSYNC, early EXIT,
// an indirect branch through a switch (BRX) and a non-inlined call (CALL/RET).
extern "C" __global__ void predication(const int* a, int* out) {
    int i = threadIdx.x;
    int x = a[i];
    if (x > 5) x = x * 3;
    if (x < -2) x = -x;
    out[i] = x;
}

extern "C" __global__ void loops(const float* a, float* out, int n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += a[k * blockDim.x + threadIdx.x] * (float)k;
    int j = 0;
    while (sum > 1.0f && j < 100) {
        sum *= 0.5f;
        ++j;
    }
    out[threadIdx.x] = sum + j;
}

extern "C" __global__ void divergent(const int* a, int* out) {
    int i = threadIdx.x;
    int x = a[i];
    if (x & 1) {
        for (int k = 0; k < x; ++k) x = x * 7 + out[k & 63];
        __syncwarp();
    } else {
        x = out[x & 63] / (x | 1);
    }
    if (x == 12345) return;
    out[i] = x;
}

__device__ __noinline__ int helper(int x, int y) { return x * y + (x >> 2); }

extern "C" __global__ void calls_and_switch(const int* a, int* out) {
    int i = threadIdx.x;
    int x = a[i];
    switch (x & 7) {
        case 0: x = helper(x, 3); break;
        case 1: x += 11; break;
        case 2: x ^= 0x55; break;
        case 3: x = x * x; break;
        case 4: x = helper(x, i); break;
        case 5: x -= 9; break;
        case 6: x <<= 2; break;
        default: x = 0; break;
    }
    out[i] = x;
}
