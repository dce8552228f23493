#include "gpu/engines/shader_programs.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "base/bits.h"

namespace gpu::engines {
namespace {

constexpr u32 kProgramRegionA = 0x1608 / 4;
constexpr u32 kPipelineShader = 0x2000 / 4;
constexpr u32 kPipelineProgram = 0x2004 / 4;
constexpr u32 kPipelineProgramAddressA = 0x2014 / 4;
constexpr u32 kPipelineStride = 64 / 4;
constexpr u32 kFirstVoltaClass = 0xC397;  // VOLTA_A: programs by address, 128-bit code
constexpr u64 kMaxwellBundleBytes = 32;
constexpr u64 kAmpereWordBytes = 16;
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

// Volta and later's unconditional BRA to itself: opcode 0x947 (bits 11:0, bit 91 clear), guard
// predicate PT (bits 14:12 = 7, not negated: bit 15 clear), its condition operand PT too (bits
// 89:87 = 7, bit 90 clear), and the 48-bit offset at bits 81:34, in words of 4 bytes from the
// next instruction, -4. Every program of NVIDIA's Ampere graphics fixture ends with it after its
// EXIT (nvdisasm: "BRA 0x190" at 0x190 is 0xfffffff000007947 0x000fc0000383ffff), then NOPs.
bool IsAmpereSelfBranch(u64 lo, u64 hi) {
    const u64 offset = (lo >> 34) | (hi & 0x3FFFF) << 30;
    return (lo & 0xFFF) == 0x947 && !base::Bit(hi, 27) && base::Bits(lo, 12, 3) == 7 &&
           !base::Bit(lo, 15) && base::Bits(hi, 23, 3) == 7 && !base::Bit(hi, 26) &&
           offset == 0xFFFF'FFFF'FFFC;
}

// Volta and later's opcode: bits 11:0 and bit 91 (src/shader/sass/forms_control.cpp).
u32 AmpereOpcode(u64 lo, u64 hi) {
    return static_cast<u32>((lo & 0xFFF) | base::Bits(hi, 27, 1) << 12);
}

// The end of a Volta and later program that has no self-branch (Mesa's NAK writes none): an
// EXIT under PT (guard bits 14:12 = 7, bit 15 clear; condition bits 89:87 = 7, bit 90 clear)
// past which no relative branch before it leads (BRA 0x947 and CALL.REL 0x944: a 48-bit
// offset at bits 81:34, BSSY 0x945: 30 bits, in 4-byte units from the next instruction;
// forms_control.cpp), in a program with no indirect branch (BRA to a uniform register 0x1947,
// BRX 0x949, JMX 0x94c, CALL.ABS 0x943), which could lead anywhere.
class AmpereEndFinder {
public:
    // Whether the word at byte `offset` of the code ends the program; words come in order.
    bool Ends(u64 lo, u64 hi, u64 offset) {
        const u32 opcode = AmpereOpcode(lo, hi);
        if (opcode == 0x1947 || opcode == 0x949 || opcode == 0x94C || opcode == 0x943) {
            indirect_ = true;
        }
        if (opcode == 0x947 || opcode == 0x944 || opcode == 0x945) {
            const u32 width = opcode == 0x945 ? 30 : 48;
            const u64 raw = (lo >> 34 | hi << 30) & ((u64{1} << width) - 1);
            const s64 words = static_cast<s64>(raw << (64 - width)) >> (64 - width);
            const s64 target = static_cast<s64>(offset + kAmpereWordBytes) + words * 4;
            furthest_ = std::max(furthest_, target);
        }
        const bool unconditional_exit = opcode == 0x94D && base::Bits(lo, 12, 3) == 7 &&
                                        !base::Bit(lo, 15) && base::Bits(hi, 23, 3) == 7 &&
                                        !base::Bit(hi, 26);
        return IsAmpereSelfBranch(lo, hi) ||
               (unconditional_exit && !indirect_ && furthest_ <= static_cast<s64>(offset));
    }

private:
    bool indirect_ = false;
    s64 furthest_ = 0;
};

// Whether the unit (a Maxwell bundle, an Ampere word) at byte `offset` of `code` holds the
// program's end.
bool EndsProgram(const std::vector<u8>& code, u64 offset, ShaderArchitecture architecture,
                 AmpereEndFinder& ampere) {
    if (architecture == ShaderArchitecture::Ampere) {
        u64 words[2];
        std::memcpy(words, code.data() + offset, sizeof(words));
        return ampere.Ends(words[0], words[1], offset);
    }
    for (u64 slot = 8; slot < kMaxwellBundleBytes; slot += 8) {
        u64 word = 0;
        std::memcpy(&word, code.data() + offset + slot, sizeof(word));
        if (IsMaxwellSelfBranch(word, slot)) {
            return true;
        }
    }
    return false;
}

}  // namespace

u64 ProgramHeaderBytes(ShaderArchitecture architecture) {
    return architecture == ShaderArchitecture::Ampere ? 0x80 : 0x50;
}

std::optional<std::vector<u8>> ReadProgramCode(const MemoryManager& memory, u64 address,
                                               ShaderArchitecture architecture,
                                               std::string& why_not) {
    const u64 unit =
        architecture == ShaderArchitecture::Ampere ? kAmpereWordBytes : kMaxwellBundleBytes;
    std::vector<u8> code;
    AmpereEndFinder ampere;
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
            if (EndsProgram(code, offset, architecture, ampere)) {
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
                                               ShaderArchitecture architecture,
                                               std::string& why_not) {
    ShaderProgram program;
    program.address = address;
    program.architecture = architecture;
    program.header.resize(ProgramHeaderBytes(architecture));
    if (!memory.Read(address, program.header, "a shader program header")) {
        why_not = fmt::format("the program at {:#x} is not mapped", address);
        return std::nullopt;
    }
    auto code = ReadProgramCode(memory, address + program.header.size(), architecture, why_not);
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
    const bool by_address = class_number >= kFirstVoltaClass;
    const ShaderArchitecture architecture =
        by_address ? ShaderArchitecture::Ampere : ShaderArchitecture::Maxwell;
    const u64 region = registers.Address(kProgramRegionA);
    for (u32 j = 0; j < kShaderStageSlots; ++j) {
        const u32 slot = kPipelineStride * j;
        const u32 shader = registers.Get(kPipelineShader + slot);
        if (!base::Bit(shader, 0)) {
            continue;
        }
        const u32 type = static_cast<u32>(base::Bits(shader, 4, 4));
        if (type >= kShaderStageSlots) {
            why_not.push_back(fmt::format("PIPELINE_SHADER({}) of type {}", j, type));
            continue;
        }
        const u64 address = by_address ? registers.Address(kPipelineProgramAddressA + slot)
                                       : region + registers.Get(kPipelineProgram + slot);
        std::string why;
        auto program = ReadShaderProgram(memory, address, architecture, why);
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
