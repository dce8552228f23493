// Conversions: F2I, I2F, F2F (f16/f32/f64), I2I-style narrowing, F2IP-style packing, FRND.
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

extern "C" __global__ void float_int_conversions(const float* f, const int* v, const double* d,
                                                 int* oi, float* of, double* od,
                                                 long long* ol) {
    int i = threadIdx.x;
    oi[i * 4 + 0] = __float2int_rz(f[i]);
    oi[i * 4 + 1] = (int)__float2uint_rn(f[i] * 2.0f);
    oi[i * 4 + 2] = __double2int_rd(d[i]);
    oi[i * 4 + 3] = (int)(signed char)v[i] + (int)(unsigned short)v[i + 1];
    of[i * 4 + 0] = (float)v[i];
    of[i * 4 + 1] = __uint2float_rz((unsigned)v[i]);
    of[i * 4 + 2] = (float)d[i];
    of[i * 4 + 3] = floorf(f[i]) + ceilf(f[i + 1]) + truncf(f[i + 2]) + rintf(f[i + 3]);
    od[i * 2 + 0] = (double)f[i];
    od[i * 2 + 1] = (double)(long long)v[i] + (double)(unsigned)v[i + 1];
    ol[i] = __float2ll_rn(f[i]) + (long long)__double2ull_rz(d[i]);
}

extern "C" __global__ void pack_conversions(const float* f, __half2* h, __nv_bfloat162* bf,
                                            unsigned* packed, float* back) {
    int i = threadIdx.x;
    float x = f[i * 2], y = f[i * 2 + 1];
    h[i] = __floats2half2_rn(x, y);
    bf[i] = __floats2bfloat162_rn(x, y);
    __half lo = __float2half_rz(x);
    packed[i] = (unsigned)__half_as_ushort(lo) | ((unsigned)(unsigned char)__float2int_rn(y) << 16);
    back[i] = __half2float(__low2half(h[i ^ 1])) + __bfloat162float(__high2bfloat16(bf[i ^ 1]));
}
