// Special functions (MUFU): RCP, RSQ, SQRT, EX2, LG2, SIN, COS, and the slow paths around them.
extern "C" __global__ void special_functions(const float* a, float* out) {
    int i = threadIdx.x;
    float x = a[i];
    out[i * 8 + 0] = __sinf(x) + __cosf(x);
    out[i * 8 + 1] = __expf(x) + __exp10f(x);
    out[i * 8 + 2] = __logf(x) + __log2f(x);
    out[i * 8 + 3] = rsqrtf(x);
    out[i * 8 + 4] = __frcp_rn(x);
    out[i * 8 + 5] = sqrtf(x);
    out[i * 8 + 6] = __fdividef(x, out[i]);
    out[i * 8 + 7] = tanhf(x) + exp2f(x);
}

extern "C" __global__ void precise_functions(const float* a, float* out) {
    int i = threadIdx.x;
    out[i] = sinf(a[i]) + logf(a[i] + 1.0f) + powf(a[i], 2.5f);
}

extern "C" __global__ void double_special(const double* a, double* out) {
    int i = threadIdx.x;
    out[i] = rsqrt(a[i]) + 1.0 / a[i];
}
