// Pointer authentication with the keys off (see pointer_auth.h). Encodings from the Arm
// Architecture Reference Manual (DDI 0487): data-processing (1 source) with opcode2 00001,
// unconditional branch (register) with op3 00001M, load/store register (pac), PACGA in
// data-processing (2 source).

#include "cpu/a64_extension/pointer_auth.h"

#include "base/bits.h"
#include "cpu/a64_extension/extension_internal.h"
#include "cpu/guest_memory.h"

namespace cpu {
namespace {

using extension::Field;

constexpr u32 kNop = 0xd503201f;
constexpr u32 kRet = 0xd65f03c0;  // RET X30
constexpr unsigned kZeroRegister = 31;

// PACIA ... AUTDZB, XPACI, XPACD: sf 1, S 0, 11010110, opcode2 00001.
constexpr bool IsDataProcessingPac(u32 instruction) {
    return (instruction & 0xffff0000) == 0xdac10000;
}

// BRAA(Z), BRAB(Z), BLRAA(Z), BLRAB(Z), RETAA, RETAB: 1101011 opc 11111 00001M Rn op4.
constexpr bool IsAuthenticatedBranch(u32 instruction) {
    return (instruction & 0xfe1ff800) == 0xd61f0800;
}

// LDRAA, LDRAB: 11111000 M S 1 imm9 W 1 Rn Rt.
constexpr bool IsAuthenticatedLoad(u32 instruction) {
    return (instruction & 0xff200400) == 0xf8200400;
}

// The byte offset of LDRAA/LDRAB: S:imm9, signed, scaled by 8.
s64 AuthenticatedLoadOffset(u32 instruction) {
    const u32 s_imm9 = (Field(instruction, 22, 1) << 9) | Field(instruction, 12, 9);
    return base::SignExtend(s_imm9, 10) * 8;
}

std::optional<u32> RewriteDataProcessing(u32 instruction) {
    const unsigned opcode = Field(instruction, 10, 6);
    const unsigned rn = Field(instruction, 5, 5);
    if (opcode < 8) {
        return kNop;  // PACIA, PACIB, PACDA, PACDB, AUTIA, AUTIB, AUTDA, AUTDB
    }
    if (opcode < 16 && rn == kZeroRegister) {
        return kNop;  // the zero-modifier forms PACIZA ... AUTDZB
    }
    return std::nullopt;  // XPACI, XPACD (interpreted) or unallocated
}

std::optional<u32> RewriteBranch(u32 instruction) {
    const unsigned opc = Field(instruction, 21, 4);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned op4 = Field(instruction, 0, 5);
    const u32 target = rn << 5;
    switch (opc) {
        case 0b0000:  // BRAAZ, BRABZ
            return op4 == kZeroRegister ? std::optional<u32>(0xd61f0000 | target) : std::nullopt;
        case 0b0001:  // BLRAAZ, BLRABZ
            return op4 == kZeroRegister ? std::optional<u32>(0xd63f0000 | target) : std::nullopt;
        case 0b0010:  // RETAA, RETAB
            return rn == kZeroRegister && op4 == kZeroRegister ? std::optional<u32>(kRet)
                                                               : std::nullopt;
        case 0b1000:  // BRAA, BRAB (op4 is the modifier register)
            return 0xd61f0000 | target;
        case 0b1001:  // BLRAA, BLRAB
            return 0xd63f0000 | target;
        default:
            return std::nullopt;  // ERETAA/ERETAB (not at EL0) and unallocated opc
    }
}

std::optional<u32> RewriteLoad(u32 instruction) {
    const s64 offset = AuthenticatedLoadOffset(instruction);
    const bool writeback = Field(instruction, 11, 1) != 0;
    const u32 registers = instruction & 0x3ff;  // Rn and Rt in the same places as LDR's
    const u32 imm9 = static_cast<u32>(offset) & 0x1ff;
    const bool fits_imm9 = offset >= -256 && offset <= 255;
    if (!writeback) {
        if (offset >= 0) {
            return 0xf9400000 | static_cast<u32>(offset / 8) << 10 | registers;  // LDR [Xn, #]
        }
        return fits_imm9 ? std::optional<u32>(0xf8400000 | imm9 << 12 | registers)  // LDUR
                         : std::nullopt;
    }
    // A writeback to the loaded register is CONSTRAINED UNPREDICTABLE: the interpreter
    // suppresses the writeback rather than leave the choice to the JIT.
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    if (!fits_imm9 || (rn == rt && rn != kZeroRegister)) {
        return std::nullopt;
    }
    return 0xf8400c00 | imm9 << 12 | registers;  // LDR [Xn, #]!
}

// Strip: bits [63:VA] become copies of bit 55, the pointer without a PAC field.
u64 StripPac(u64 pointer, unsigned address_bits) {
    const u64 address_mask = (u64{1} << address_bits) - 1;
    const u64 extension = ((pointer >> 55) & 1) != 0 ? ~address_mask : 0;
    return (pointer & address_mask) | extension;
}

// A fixed keyed mix (the finalizer of SplitMix64) standing in for QARMA under the generic key:
// programs compare PACGA results with each other, never with a known value.
u64 Mix(u64 value) {
    value ^= value >> 30;
    value *= 0xbf58476d1ce4e5b9ull;
    value ^= value >> 27;
    value *= 0x94d049bb133111ebull;
    return value ^ (value >> 31);
}

u64 GenericPac(u64 data, u64 modifier) {
    constexpr u64 kKey = 0x6e78686f73745041ull;  // "nxhostPA"
    return Mix(Mix(data ^ kKey) + modifier) & 0xffffffff00000000ull;
}

ExtensionOutcome ExecuteLoad(u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const bool writeback = Field(instruction, 11, 1) != 0;
    const u64 address =
        extension::ReadBase(state, rn) + static_cast<u64>(AuthenticatedLoadOffset(instruction));
    const std::optional<u64> value = state.Memory().Read<u64>(address);
    if (!value) {
        fault_address = address;
        return ExtensionOutcome::ReadFault;
    }
    if (writeback && !(rn == rt && rn != kZeroRegister)) {
        if (rn == kZeroRegister) {
            state.SetSP(address);
        } else {
            state.SetX(rn, address);
        }
    }
    extension::WriteXzr(state, rt, *value);
    return ExtensionOutcome::Executed;
}

}  // namespace

std::optional<u32> RewritePointerAuth(u32 instruction) {
    if (IsDataProcessingPac(instruction)) {
        return RewriteDataProcessing(instruction);
    }
    if (IsAuthenticatedBranch(instruction)) {
        return RewriteBranch(instruction);
    }
    if (IsAuthenticatedLoad(instruction)) {
        return RewriteLoad(instruction);
    }
    return std::nullopt;
}

namespace extension {

ExtensionOutcome ExecutePointerAuth(u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rd = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    if (IsDataProcessingPac(instruction)) {
        const unsigned opcode = Field(instruction, 10, 6);
        if ((opcode == 0b010000 || opcode == 0b010001) && rn == kZeroRegister) {  // XPACI, XPACD
            WriteXzr(state, rd, StripPac(ReadXzr(state, rd), state.Memory().AddressBits()));
            return ExtensionOutcome::Executed;
        }
        // PAC*/AUT* (which MemoryReadCode normally replaces): with keys off, nothing changes.
        return RewriteDataProcessing(instruction) ? ExtensionOutcome::Executed
                                                  : ExtensionOutcome::NotHandled;
    }
    if ((instruction & 0xffe0fc00) == 0x9ac03000) {  // PACGA Xd, Xn, Xm|SP
        const unsigned rm = Field(instruction, 16, 5);
        const u64 modifier = rm == kZeroRegister ? state.GetSP() : state.GetX(rm);
        WriteXzr(state, rd, GenericPac(ReadXzr(state, rn), modifier));
        return ExtensionOutcome::Executed;
    }
    if (IsAuthenticatedLoad(instruction)) {
        return ExecuteLoad(instruction, state, fault_address);
    }
    return ExtensionOutcome::NotHandled;
}

}  // namespace extension
}  // namespace cpu
