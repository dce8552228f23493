#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"

namespace shader::sass {

// One attribute of a `.nv.info` section: format (1 none, 2 byte, 3 half-word, 4 sized) and id
// (EIATTR_*), with its payload bytes (or the value of formats 2 and 3 in `value`).
struct NvInfoAttribute {
    u8 format = 0;
    u8 id = 0;
    u32 value = 0;
    std::vector<u8> payload;
};

struct KernelParameter {
    u32 ordinal = 0;
    u32 offset = 0;  // within the parameter area (c[0x0][param_base + offset])
    u32 size = 0;    // bytes
};

// A module-scope variable (an ELF object symbol): its byte offset in its memory and its size.
struct ModuleSymbol {
    std::string name;
    u64 offset = 0;
    u64 size = 0;
};

// One of the module's memories: its initial bytes and the variables in it.
struct ModuleMemory {
    std::vector<u8> bytes;
    std::vector<ModuleSymbol> symbols;  // in the order of the symbol table
};

// A word of code or data that the CUDA driver patches with an address when it loads the module
// (an entry of a `.rel.*` or `.rela.*` section).
struct Relocation {
    u64 offset = 0;  // in the section it patches
    u32 type = 0;    // R_CUDA_*; 2 is R_CUDA_64, a 64-bit absolute address
    std::string symbol;
    s64 addend = 0;  // RELA's addend, or for REL the bytes already at `offset` (R_CUDA_64)
    // The symbol's place in the module's global memory (CubinModule::global), plus the
    // addend, when the symbol is a variable of it.
    std::optional<u64> global_offset;
};

// What every kernel of a cubin shares: its module-scope variables, and the constant bank of
// their addresses.
struct CubinModule {
    // Constant bank 3, `.nv.constant3`: the `__constant__` variables.
    ModuleMemory constant3;
    // Global memory of the module: `.nv.global.init` (initialised `__device__` variables and
    // CUDA's own tables) followed by `.nv.global` (zero-initialised), at its alignment.
    ModuleMemory global;
    // Constant bank 4, `.nv.constant4`: addresses the driver writes in when it loads the module
    // (`.rel.nv.constant4`), e.g. of the global tables sinf's slow path reads.
    std::vector<u8> constant4;
    std::vector<Relocation> constant4_relocations;
};

// A kernel of a cubin: its code, resources and constant bank 0 layout.
struct CubinKernel {
    std::string name;
    std::vector<u8> code;       // `.text.<name>`
    u32 registers = 0;          // sh_info >> 24 of the text section
    u32 shared_bytes = 0;       // size of `.nv.shared.<name>`
    u32 constant0_bytes = 0;    // size of `.nv.constant0.<name>`
    u32 stack_bytes = 0;        // local memory a thread needs, its calls' frames included
                                // (EIATTR_MIN_STACK_SIZE, else EIATTR_FRAME_SIZE, of `.nv.info`)
    std::vector<u8> constant2;  // `.nv.constant2.<name>`: constants ptxas placed in bank 2
    u32 param_base = 0;         // first parameter byte in constant bank 0 (EIATTR_PARAM_CBANK)
    u32 param_bytes = 0;        // EIATTR_CBANK_PARAM_SIZE
    std::vector<KernelParameter> parameters;   // EIATTR_KPARAM_INFO, by ordinal
    std::vector<u32> exit_offsets;             // EIATTR_EXIT_INSTR_OFFSETS
    std::vector<NvInfoAttribute> attributes;   // everything of `.nv.info.<name>`
    std::map<u64, std::string> functions;      // FUNC symbols of the section, by offset
    std::vector<Relocation> code_relocations;  // `.rel.text.<name>` / `.rela.text.<name>`
    CubinModule module;                        // the same in every kernel of the cubin
};

struct Cubin {
    u32 sm = 0;  // e_flags bits [8:16) (86 for sm_86)
    std::vector<CubinKernel> kernels;
};

// EIATTR ids as nvdisasm names them (those seen in CUDA 13 cubins).
inline constexpr u8 kEiattrParamCbank = 0x0a;
inline constexpr u8 kEiattrFrameSize = 0x11;     // in `.nv.info`: u32 symbol, u32 bytes
inline constexpr u8 kEiattrMinStackSize = 0x12;  // likewise
inline constexpr u8 kEiattrKparamInfo = 0x17;
inline constexpr u8 kEiattrCbankParamSize = 0x19;
inline constexpr u8 kEiattrMaxregCount = 0x1b;
inline constexpr u8 kEiattrExitInstrOffsets = 0x1c;

bool IsCubin(std::span<const u8> bytes);

// Reads an NVIDIA cubin (ELF64). Throws base::Error naming `source` on damaged input.
Cubin ReadCubin(std::span<const u8> bytes, const std::string& source);

// Each kernel's instructions as nvdisasm prints them in a cubin listing: branch targets as
// `(.L_x_N) labels, numbered in order of first reference through the file, or as the name of
// the function they enter. Undecodable words give "UNKNOWN".
struct KernelListing {
    std::vector<std::string> lines;     // one per instruction
    std::map<u64, std::string> labels;  // branch targets and functions, by offset
};
std::vector<KernelListing> KernelListings(const Cubin& cubin);

// Text of raw code at `base_address`: one line per instruction in the layout of
// `cuobjdump -sass` ("        /*0040*/                   IMAD.WIDE R2, R4, R3, c[0x0][0x160] ;"),
// "UNKNOWN" with the word in hex for what does not decode.
std::string DisassembleCode(std::span<const u8> code, u64 base_address = 0);

// A cubin's kernels (name, registers, shared memory, parameters, then code with nvdisasm's
// branch labels), or a raw code blob when `bytes` is not an ELF file. This is what
// `nxhost shader disasm FILE` prints.
std::string DisassembleCubin(std::span<const u8> bytes, const std::string& source = "cubin");

}  // namespace shader::sass
