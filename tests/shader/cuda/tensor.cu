// Tensor cores: mma.sync m16n8k16 (f16 and bf16 inputs, f32 accumulate; f16 accumulate),
// m16n8k8 tf32, m16n8k32 s8 (IMMA), and ldmatrix (LDSM) to feed them.
#include <cstdint>

extern "C" __global__ void mma_f16(const uint32_t* a, const uint32_t* b, float* c) {
    __shared__ uint32_t tile[512];
    int lane = threadIdx.x;
    for (int k = lane; k < 512; k += 32) tile[k] = a[k];
    __syncwarp();
    uint32_t a0, a1, a2, a3, b0, b1;
    unsigned addr = (unsigned)__cvta_generic_to_shared(&tile[(lane % 16) * 8 + (lane / 16) * 4]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(addr));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                 : "=r"(b0), "=r"(b1) : "r"(addr + 256));
    float d0 = c[lane * 4], d1 = c[lane * 4 + 1], d2 = c[lane * 4 + 2], d3 = c[lane * 4 + 3];
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b[lane]), "r"(b[lane + 32]));
    c[lane * 4] = d0;
    c[lane * 4 + 1] = d1;
    c[lane * 4 + 2] = d2;
    c[lane * 4 + 3] = d3;
}

extern "C" __global__ void mma_other_types(const uint32_t* a, const uint32_t* b, uint32_t* out) {
    int lane = threadIdx.x;
    uint32_t h0 = 0, h1 = 0;
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, "
        "{%0,%1};"
        : "+r"(h0), "+r"(h1)
        : "r"(a[lane]), "r"(a[lane + 32]), "r"(a[lane + 64]), "r"(a[lane + 96]), "r"(b[lane]),
          "r"(b[lane + 32]));
    float t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    asm volatile(
        "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(t0), "+f"(t1), "+f"(t2), "+f"(t3)
        : "r"(a[lane]), "r"(a[lane + 32]), "r"(a[lane + 64]), "r"(a[lane + 96]), "r"(b[lane]),
          "r"(b[lane + 32]));
    int i0 = 0, i1 = 0, i2 = 0, i3 = 0;
    asm volatile(
        "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+r"(i0), "+r"(i1), "+r"(i2), "+r"(i3)
        : "r"(a[lane]), "r"(a[lane + 32]), "r"(a[lane + 64]), "r"(a[lane + 96]), "r"(b[lane]),
          "r"(b[lane + 32]));
    out[lane] = h0 ^ h1 ^ __float_as_uint(t0 + t1 + t2 + t3) ^ (i0 + i1 + i2 + i3);
}
