#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/resource_layout.h"
#include "shader/sass/word.h"
#include "shader/target_profile.h"

namespace shader {

struct Sph;

enum class Stage : u8 {
    Compute,
    Vertex,
    TessellationControl,
    TessellationEvaluation,
    Geometry,
    Fragment
};
const char* StageName(Stage stage);

// The instruction set of a program's code: Ampere (sm_86, 128-bit words) or Maxwell (SM50-53,
// the Switch's GM20B: 64-bit instructions, a control word before each three).
enum class Architecture : u8 { Ampere, Maxwell };

// What a compute launch fixes for the translation (none of it applies to graphics stages).
struct ComputeLaunch {
    std::array<u32, 3> block{1, 1, 1};  // threads per block: the SPIR-V workgroup size
    u32 shared_bytes = 0;               // static plus dynamic shared memory
    u32 local_bytes = 0;                // local memory per thread (the stack)
    u32 cbank0_bytes = 0;               // the size of constant bank 0 (driver data, parameters)
};

// What the GPU reads from a texture's header (TIC entry) that the instructions do not say.
// `dim` is empty where the environment does not know it (a CUDA launch that gave no dimension),
// `format` where it does not know the texel format (which formatted surface accesses need).
struct TextureType {
    std::optional<ImageDim> dim;
    bool arrayed = false;
    std::optional<SurfaceFormat> format;
};

// Everything a translator reads about the program it translates, in one interface (as
// Ryujinx's shader translator reads through its GPU accessor): its code, the constant banks
// whose contents are fixed when it is translated, the stage and its header, a compute launch,
// texture handles and the host device's profile. A CUDA cubin's kernel is one implementation
// (CubinEnvironment), the GPU engines another. Whatever an answer depends on must be part of
// the shader cache key of the translation.
class ShaderEnvironment {
public:
    virtual ~ShaderEnvironment() = default;

    // How messages name the program ("kernel NAME", "vertex program at 0x...").
    virtual const std::string& Name() const = 0;
    virtual Stage GetStage() const = 0;
    virtual Architecture GetArchitecture() const { return Architecture::Ampere; }
    // The code, from the program's first instruction: its size and its words by offset. Ampere:
    // the 128-bit word at a multiple of 16 below CodeBytes(). Maxwell: the 64-bit word at a
    // multiple of 8 in `lo` (CodeBytes() a multiple of 32: each bundle a control word, then
    // three instructions).
    virtual u64 CodeBytes() const = 0;
    virtual sass::Word CodeWord(u64 offset) const = 0;
    // A constant bank whose contents are fixed at translation time (ptxas' own constants in a
    // cubin's bank 2) has its words read here and becomes immediates; the other banks are read
    // at run time from uniform buffers. ReadConstantBank gives nothing outside a fixed bank's
    // bytes.
    virtual bool FixesConstantBank(u32 bank) const = 0;
    virtual std::optional<u32> ReadConstantBank(u32 bank, u32 offset) const = 0;
    // The shader program header of a graphics stage; null for compute.
    virtual const Sph* Header() const = 0;
    virtual ComputeLaunch Launch() const = 0;
    // The constant bank that Maxwell's texture instructions without a handle register (TEXS,
    // TLDS, TLD, TEX with an index) read their handle from, c[bank][index * 4] (the 3D engine's
    // TEX_CB_INDEX); nothing where the environment does not know it.
    virtual std::optional<u32> TextureBank() const { return std::nullopt; }
    // Where the storage buffers' 64-bit addresses the program reaches global memory through
    // are; a global access whose address derives from exactly one of them goes to that buffer
    // at (address - its value). None where the environment has none (a cubin's pointer
    // parameters are its kernel's).
    virtual StorageBufferSources StorageBufferAddresses() const { return {}; }
    // A vertex stage's generic attribute `index` (Location): floats, or the integers of a SINT
    // or UINT vertex attribute format (the 3D engine's SET_VERTEX_ATTRIBUTE_A NUMERICAL_TYPE).
    virtual AttributeType VertexAttributeType(u32 /*index*/) const { return AttributeType::Float; }
    // The texture whose handle is at c[bank][offset]; nothing where no handle can be there.
    virtual std::optional<TextureType> TextureHandle(u32 bank, u32 offset) const = 0;
    virtual const TargetProfile& Target() const = 0;
};

}  // namespace shader
