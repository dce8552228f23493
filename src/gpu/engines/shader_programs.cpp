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
bool IsSelfBranch(u64 word, u64 slot) {
    if ((word >> 52) != 0xE24) {
        return false;
    }
    const u64 offset = base::Bits(word, 20, 24);
    return offset == 0xFFFFF8 || (slot == 8 && offset == 0xFFFFF0);
}

}  // namespace

std::optional<ShaderProgram> ReadShaderProgram(const MemoryManager& memory, u64 address,
                                               std::string& why_not) {
    ShaderProgram program;
    program.address = address;
    program.header.resize(kProgramHeaderBytes);
    if (!memory.Read(address, program.header, "a shader program header")) {
        why_not = fmt::format("the program at {:#x} is not mapped", address);
        return std::nullopt;
    }
    const u64 code = address + kProgramHeaderBytes;
    // Chunks end at kChunkBytes boundaries of the GPU address space: a mapping ends at a page
    // boundary, so the chunk holding a program's last bundle never reads past its mapping
    // (deko3d places code at the very end of a memory block).
    u64 at = 0;
    while (at < kLargestProgram) {
        const u64 to_boundary = kChunkBytes - (code + at) % kChunkBytes;
        const u64 length = std::max(kBundleBytes, to_boundary / kBundleBytes * kBundleBytes);
        std::vector<u8> chunk(length);
        if (!memory.Read(code + at, chunk, "shader program code")) {
            why_not = fmt::format("the code of the program at {:#x} leaves mapped memory at {:#x}",
                                  address, code + at);
            return std::nullopt;
        }
        program.code.insert(program.code.end(), chunk.begin(), chunk.end());
        for (u64 bundle = at; bundle < at + length; bundle += kBundleBytes) {
            for (u64 slot = 8; slot < kBundleBytes; slot += 8) {
                u64 word = 0;
                std::memcpy(&word, program.code.data() + bundle + slot, sizeof(word));
                if (IsSelfBranch(word, slot)) {
                    program.code.resize(bundle + kBundleBytes);
                    return program;
                }
            }
        }
        at += length;
    }
    why_not = fmt::format("the program at {:#x} has no end (a branch to itself) in {:#x} bytes",
                          address, kLargestProgram);
    return std::nullopt;
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
