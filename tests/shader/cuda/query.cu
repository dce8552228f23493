// Texture queries (TXQ): the sizes of bindless texture objects, as PTX's txq asks for them.
// (txq.num_mipmap_levels is no TXQ: ptxas reads the driver's texture header from memory.)

#define TXQ(query, texture, result) \
    asm volatile("txq." query ".b32 %0, [%1];" : "=r"(result) : "l"(texture))

extern "C" __global__ void texture_query(cudaTextureObject_t t2d, cudaTextureObject_t t3d,
                                         unsigned* out) {
    unsigned width2d, height2d, width3d, height3d, depth3d;
    TXQ("width", t2d, width2d);
    TXQ("height", t2d, height2d);
    TXQ("width", t3d, width3d);
    TXQ("height", t3d, height3d);
    TXQ("depth", t3d, depth3d);
    unsigned* o = out + threadIdx.x * 5;
    o[0] = width2d;
    o[1] = height2d;
    o[2] = width3d;
    o[3] = height3d;
    o[4] = depth3d;
}
