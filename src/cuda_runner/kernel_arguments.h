#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "shader/compute.h"
#include "shader/sass/cubin.h"

namespace cuda_runner {

enum class ArgumentKind { In, Out, InOut, I32, U32, I64, U64, F32, F64, Texture, Surface };

// A texture or surface object argument (cudaTextureObject_t / cudaSurfaceObject_t; a launch
// manifest's tex2d, tex3d, tex1dfetch, surf2d, surf1d): the texels are KernelArgument::bytes,
// x fastest; the rest is how the object reads them.
enum class TexelType { F32, I32, U32 };
enum class TextureFilter { Point, Linear };
enum class TextureAddress { Clamp, Wrap, Mirror, Border };
struct ImageArgument {
    shader::ImageDim dim = shader::ImageDim::D2;
    std::array<u32, 3> size{1, 1, 1};
    bool linear_memory = false;  // tex1dfetch: a texture over a buffer
    TexelType type = TexelType::F32;
    u32 channels = 1;  // 1, 2 or 4 components of 32 bits
    TextureFilter filter = TextureFilter::Point;
    TextureAddress address = TextureAddress::Clamp;
    bool normalized = false;  // coordinates in [0, 1)
};

// One CUDA kernel parameter's value: a buffer (the parameter is its 64-bit device pointer) or
// a scalar. Filled by ParseKernelArgument or directly (e.g. by a launch manifest reader).
struct KernelArgument {
    ArgumentKind kind = ArgumentKind::U32;
    std::vector<u8> bytes;  // a buffer's initial contents: a file's bytes, or zeros for `out`
    u64 scalar = 0;         // a scalar's bits, little-endian in its 4 or 8 bytes
    std::string source;     // the text it came from, for messages
    std::optional<ImageArgument> image;  // Texture and Surface
};

bool IsBuffer(ArgumentKind kind);
// Bytes the argument takes in the parameter area: 8 for buffers (pointers) and 64-bit scalars.
u32 ParameterBytes(ArgumentKind kind);

// Buffers live 2^32 bytes apart in the made-up GPU address space, so none may be larger.
inline constexpr u64 kMaxKernelBufferBytes = u64{1} << 32;

// Parses `in:PATH` and `inout:PATH` (reading the file), `out:BYTES`, and the scalars
// `i32:V`, `u32:V`, `i64:V`, `u64:V` (decimal, or 0x hex), `f32:V`, `f64:V` (decimal, or 0x
// hex for the raw bits). Throws base::Error naming the argument.
KernelArgument ParseKernelArgument(std::string_view text);

// Throws base::Error unless there is one argument per parameter of `kernel`, each of the
// parameter's size.
void CheckKernelArguments(const shader::sass::CubinKernel& kernel,
                          std::span<const KernelArgument> arguments);

}  // namespace cuda_runner
