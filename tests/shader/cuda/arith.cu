// Integer and floating-point arithmetic of every width: IADD3, IMAD(.WIDE/.HI), IMNMX, IABS,
// FADD/FMUL/FFMA/FMNMX, HADD2/HMUL2/HFMA2, DADD/DMUL/DFMA, 8/16/64-bit integer ops.
#include <cuda_fp16.h>
#include <cstdint>

extern "C" __global__ void int32_ops(const int* a, const int* b, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], y = b[i];
    out[i * 8 + 0] = x + y + 7;
    out[i * 8 + 1] = x * y - x;
    out[i * 8 + 2] = __mulhi(x, y);
    out[i * 8 + 3] = min(x, y) + max(x, 3);
    out[i * 8 + 4] = abs(x) - y / 3;
    out[i * 8 + 5] = (unsigned)x % 10u;
    out[i * 8 + 6] = __sad(x, y, 5) + __popc(x) + __clz(y) + __ffs(x);
    out[i * 8 + 7] = __brev(x) ^ __umulhi(x, y);
}

extern "C" __global__ void int64_ops(const long long* a, const long long* b, long long* out) {
    int i = threadIdx.x;
    long long x = a[i], y = b[i];
    out[i * 4 + 0] = x + y;
    out[i * 4 + 1] = x * y;
    out[i * 4 + 2] = (long long)(int)x * (long long)(int)y;  // IMAD.WIDE
    out[i * 4 + 3] = (x >> 7) ^ (unsigned long long)y >> 3;
}

extern "C" __global__ void small_int_ops(const int8_t* a, const int16_t* b, const uint8_t* c,
                                         int* out) {
    int i = threadIdx.x;
    int8_t x = a[i] + (int8_t)3;
    int16_t y = b[i] * (int16_t)5;
    uint8_t z = c[i] >> 1;
    out[i] = x + y + z + __dp4a((int)a[i * 4], (int)c[i * 4], 1) + __dp2a_lo((int)b[i], 7, 2);
}

extern "C" __global__ void float_ops(const float* a, const float* b, float* out, float s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i];
    out[i * 6 + 0] = x * y + s;
    out[i * 6 + 1] = fminf(x, y) - fmaxf(x, 0.25f);
    out[i * 6 + 2] = fabsf(x) * -y + 1.5f;
    out[i * 6 + 3] = __fadd_rz(x, y) + __fmul_rd(x, s) + __fmaf_ru(x, y, s);
    out[i * 6 + 4] = x / y;
    out[i * 6 + 5] = __saturatef(x * 3.0f) + copysignf(y, x);
}

extern "C" __global__ void half_ops(const __half2* a, const __half2* b, __half2* out) {
    int i = threadIdx.x;
    __half2 x = a[i], y = b[i];
    __half2 r = __hfma2(x, y, __float2half2_rn(0.5f));
    r = __hadd2(r, __hmul2(x, x));
    r = __hmax2(r, __hneg2(y));
    out[i] = __hsub2(r, __habs2(x));
}

extern "C" __global__ void double_ops(const double* a, const double* b, double* out) {
    int i = threadIdx.x;
    double x = a[i], y = b[i];
    out[i * 3 + 0] = fma(x, y, 2.0);
    out[i * 3 + 1] = x * y + fmin(x, y);
    out[i * 3 + 2] = sqrt(x) + x / y;
}
