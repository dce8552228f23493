// Warp-level operations: SHFL (IDX, UP, DOWN, BFLY), VOTE (ALL, ANY, BALLOT), MATCH, REDUX,
// lane and warp special registers (S2R), barriers (BAR.SYNC, BAR.RED), __syncwarp (WARPSYNC).
extern "C" __global__ void shuffles(const float* in, float* out) {
    float v = in[threadIdx.x];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    v += __shfl_up_sync(0xffffffff, v, 1) + __shfl_down_sync(0xffffffff, v, 2);
    v += __shfl_sync(0xffffffff, v, threadIdx.x / 2 + 3);
    v += __shfl_sync(0x0000ffff, v, 5, 16);
    out[threadIdx.x] = v;
}

extern "C" __global__ void votes(const int* in, unsigned* out) {
    int x = in[threadIdx.x];
    unsigned b = __ballot_sync(0xffffffff, x > 0);
    int any = __any_sync(0xffffffff, x == 3);
    int all = __all_sync(0xffffffff, x != 0);
    unsigned m = __match_any_sync(0xffffffff, x);
    unsigned r = __reduce_add_sync(0xffffffff, (unsigned)x) + __reduce_max_sync(0xffffffff, x);
    unsigned lanemask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lanemask));
    out[threadIdx.x] = b + any + all + m + r + __popc(lanemask) + (threadIdx.x & 31);
}

extern "C" __global__ void barriers(const int* in, int* out) {
    __shared__ int s[64];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    int c = __syncthreads_count(s[threadIdx.x ^ 1] > 0);
    int a = __syncthreads_and(s[threadIdx.x] > 2);
    int o = __syncthreads_or(s[threadIdx.x] < -5);
    __syncwarp(0x0000ffff);
    __threadfence();
    out[threadIdx.x] = c + a + o + s[63 - threadIdx.x] + clock() + blockIdx.y + gridDim.x;
}
