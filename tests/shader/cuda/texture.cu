// Bindless textures and surfaces as CUDA emits them: TEX, TLD (fetch), TLD4 (gather), TXD
// (gradients), TMML-free LOD sampling, TXQ-style size queries, SULD/SUST and SUATOM-free surface I/O.
extern "C" __global__ void sample(cudaTextureObject_t t2d, cudaTextureObject_t t1d,
                                  cudaTextureObject_t t3d, float* out) {
    int i = threadIdx.x;
    float u = i * 0.01f, v = i * 0.02f;
    float4 a = tex2D<float4>(t2d, u, v);
    float b = tex1Dfetch<float>(t1d, i);
    float4 c = tex2Dgather<float4>(t2d, u, v, 1);
    float4 d = tex2DLod<float4>(t2d, u, v, 2.0f);
    float4 e = tex2DGrad<float4>(t2d, u, v, make_float2(0.1f, 0.0f), make_float2(0.0f, 0.1f));
    float f = tex3D<float>(t3d, u, v, 0.5f);
    float g = tex2DLayered<float>(t2d, u, v, 3);
    out[i] = a.x + a.w + b + c.y + d.z + e.x + f + g;
}

extern "C" __global__ void surfaces(cudaSurfaceObject_t s2d, cudaSurfaceObject_t s1d, int* out) {
    int x = threadIdx.x, y = blockIdx.x;
    float4 v = surf2Dread<float4>(s2d, x * 16, y);
    int w = surf1Dread<int>(s1d, x * 4);
    surf2Dwrite(make_float4(v.w, v.z, v.y, v.x), s2d, x * 16, y);
    surf1Dwrite(w + 1, s1d, x * 4, cudaBoundaryModeClamp);
    out[x] = w;
}
