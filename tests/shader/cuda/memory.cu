// Memory: shared memory (LDS/STS), 128-bit global loads and stores (LDG.E.128/STG.E.128),
// constant memory (LDC / c[0x3]), local memory (LDL/STL), barriers (BAR.SYNC), async copy
// (LDGSTS/DEPBAR), read-only loads (LDG.E.CONSTANT).
#include <cuda_pipeline.h>

__constant__ float table[64];

extern "C" __global__ void shared_reverse(const float* in, float* out) {
    __shared__ float tile[256];
    int i = threadIdx.x;
    tile[i] = in[blockIdx.x * 256 + i];
    __syncthreads();
    out[blockIdx.x * 256 + i] = tile[255 - i] + table[i & 63];
}

extern "C" __global__ void vector_copy(const float4* __restrict__ in, float4* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 v = __ldg(&in[i]);
        v.x += 1.0f;
        v.w *= 2.0f;
        out[i] = v;
    }
}

extern "C" __global__ void wide_types(const double2* in, const char* bytes, const short* shorts,
                                      double2* out, char* obytes, short* oshorts) {
    int i = threadIdx.x;
    out[i] = in[i ^ 1];
    obytes[i] = bytes[i] + 1;
    oshorts[i] = shorts[i] * 3;
}

extern "C" __global__ void local_array(const int* idx, int* out) {
    int local[32];
    for (int k = 0; k < 32; ++k) local[k] = idx[k] * k;
    out[threadIdx.x] = local[idx[threadIdx.x] & 31];
}

extern "C" __global__ void async_copy(const float* in, float* out) {
    __shared__ float buf[128];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = buf[127 - threadIdx.x];
}
