#include "gpu/engines/shader_programs.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "base/bits.h"

namespace gpu::engines {
namespace {

constexpr u32 kProgramRegionA = 0x1608 / 4;
constexpr u32 kPipelineShader = 0x2000 / 4;
constexpr u32 kPipelineStride = 64 / 4;
constexpr u64 kBundleBytes = 32;
constexpr u64 kChunkBytes = 0x400;

// Maxwell's BRA (opcode 0xE24 in bits 63:52) to itself, under any predicate: its 24-bit offset
// (bits 43:20, from the next instruction) is -8, or, for the first instruction of a bundle,
// -16: the bundle's start, whose control word the fetch skips, as deko3d's compiler (uam)
// writes the branch that ends a program (Fizeau's ImGui shaders).
bool IsMaxwellSelfBranch(u64 word, u64 slot) {
    if ((word >> 52) != 0xE24) {
        return false;
    }
    const u64 offset = base::Bits(word, 20, 24);
    return offset == 0xFFFFF8 || (slot == 8 && offset == 0xFFFFF0);
}

// Ampere's BRA (opcode 0x947 in bits 11:0, any predicate in 15:12) to itself: its offset from
// the next instruction, bits 81:32, is -16 (NVIDIA's compilers end code with it: cuobjdump
// shows 0xfffffff000007947 / 0x000fc0000383ffff after the last EXIT).
bool IsAmpereSelfBranch(u64 low, u64 high) {
    return (low & 0xFFF) == 0x947 && (low >> 32) == 0xFFFFFFF0 &&
           base::Bits(high, 0, 18) == 0x3FFFF;
}

// Whether the unit (a Maxwell bundle, an Ampere word) at `bytes` holds the program's end.
bool EndsProgram(const u8* bytes, ComputeCode kind) {
    if (kind == ComputeCode::Ampere) {
        u64 words[2];
        std::memcpy(words, bytes, sizeof(words));
        return IsAmpereSelfBranch(words[0], words[1]);
    }
    for (u64 slot = 8; slot < kBundleBytes; slot += 8) {
        u64 word = 0;
        std::memcpy(&word, bytes + slot, sizeof(word));
        if (IsMaxwellSelfBranch(word, slot)) {
            return true;
        }
    }
    return false;
}

}  // namespace

std::optional<std::vector<u8>> ReadProgramCode(const MemoryManager& memory, u64 address,
                                               ComputeCode kind, std::string& why_not) {
    const u64 unit = kind == ComputeCode::Ampere ? 16 : kBundleBytes;
    std::vector<u8> code;
    // Chunks end at kChunkBytes boundaries of the GPU address space: a mapping ends at a page
    // boundary, so the chunk holding a program's last bundle never reads past its mapping
    // (deko3d places code at the very end of a memory block).
    u64 at = 0;
    while (at < kLargestProgram) {
        const u64 to_boundary = kChunkBytes - (address + at) % kChunkBytes;
        const u64 length = std::max(unit, to_boundary / unit * unit);
        std::vector<u8> chunk(length);
        if (!memory.Read(address + at, chunk, "shader program code")) {
            why_not = fmt::format("the code at {:#x} leaves mapped memory at {:#x}", address,
                                  address + at);
            return std::nullopt;
        }
        code.insert(code.end(), chunk.begin(), chunk.end());
        for (u64 offset = at; offset < at + length; offset += unit) {
            if (EndsProgram(code.data() + offset, kind)) {
                code.resize(offset + unit);
                return code;
            }
        }
        at += length;
    }
    why_not = fmt::format("the code at {:#x} has no end (a branch to itself) in {:#x} bytes",
                          address, kLargestProgram);
    return std::nullopt;
}

std::optional<ShaderProgram> ReadShaderProgram(const MemoryManager& memory, u64 address,
                                               std::string& why_not) {
    ShaderProgram program;
    program.address = address;
    program.header.resize(kProgramHeaderBytes);
    if (!memory.Read(address, program.header, "a shader program header")) {
        why_not = fmt::format("the program at {:#x} is not mapped", address);
        return std::nullopt;
    }
    auto code =
        ReadProgramCode(memory, address + kProgramHeaderBytes, ComputeCode::Maxwell, why_not);
    if (!code) {
        return std::nullopt;
    }
    program.code = std::move(*code);
    return program;
}

std::vector<ShaderProgram> ReadShaderPrograms(const RegisterFile& registers, u32 class_number,
                                              const MemoryManager& memory,
                                              std::vector<std::string>& why_not) {
    std::vector<ShaderProgram> programs;
    if (class_number >= 0xC397) {
        why_not.push_back(
            "programs by 64-bit address (PIPELINE_PROGRAM_ADDRESS_A/B, Volta and later)");
        return programs;
    }
    const u64 region = registers.Address(kProgramRegionA);
    for (u32 j = 0; j < kShaderStageSlots; ++j) {
        const u32 shader = registers.Get(kPipelineShader + kPipelineStride * j);
        if (!base::Bit(shader, 0)) {
            continue;
        }
        const u32 type = static_cast<u32>(base::Bits(shader, 4, 4));
        if (type >= kShaderStageSlots) {
            why_not.push_back(fmt::format("PIPELINE_SHADER({}) of type {}", j, type));
            continue;
        }
        const u64 address = region + registers.Get(kPipelineShader + kPipelineStride * j + 1);
        std::string why;
        auto program = ReadShaderProgram(memory, address, why);
        if (!program) {
            why_not.push_back(std::move(why));
            continue;
        }
        program->kind = static_cast<ShaderStageKind>(type);
        programs.push_back(std::move(*program));
    }
    return programs;
}

}  // namespace gpu::engines
