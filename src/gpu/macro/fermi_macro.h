#pragma once

// The Fermi-format MME (Fermi to Volta, MAXWELL_B): one 32-bit instruction per word, eight
// registers with r0 = 0, r1 preloaded with the first parameter. Field layout as yuzu's
// macro/macro.h and Mesa's mme_fermi.h give it.

#include "base/bits.h"
#include "base/types.h"

namespace gpu::macro {

class MacroRunner;

enum class FermiOp : u32 {
    Alu = 0,
    AddImmediate = 1,
    Merge = 2,       // insert B's field into A
    BfeLslImm = 3,   // ((B >> A) & mask) << dst_bit
    BfeLslReg = 4,   // ((B >> src_bit) & mask) << A
    State = 5,       // shadow RAM of method A + imm
    Undefined6 = 6,  // no source documents it
    Branch = 7,
};

enum class FermiAluOp : u32 {
    Add = 0,
    AddWithCarry = 1,
    Subtract = 2,
    SubtractWithBorrow = 3,
    Xor = 8,
    Or = 9,
    And = 10,
    AndNot = 11,
    Nand = 12,
};

enum class FermiAssign : u32 {
    Fetch = 0,                   // reg = parameter
    Move = 1,                    // reg = result
    MoveSetMethod = 2,           // reg = result, method address = result
    FetchSend = 3,               // reg = parameter, send result
    MoveSend = 4,                // reg = result, send result
    FetchSetMethod = 5,          // reg = parameter, method address = result
    MoveSetMethodFetchSend = 6,  // reg = result, method address = result, send parameter
    MoveSetMethodSendHigh = 7,   // reg = result, method address = result, send result[17:12]
};

struct FermiInstruction {
    u32 raw;

    FermiOp Op() const { return static_cast<FermiOp>(raw & 7); }
    FermiAssign Assign() const { return static_cast<FermiAssign>((raw >> 4) & 7); }
    bool BranchIfNotZero() const { return base::Bit(raw, 4); }
    bool BranchAnnulled() const { return base::Bit(raw, 5); }  // no delay slot
    bool Exit() const { return base::Bit(raw, 7); }
    u32 Dst() const { return (raw >> 8) & 7; }
    u32 SrcA() const { return (raw >> 11) & 7; }
    u32 SrcB() const { return (raw >> 14) & 7; }
    // 18 bits signed, over SrcB and the ALU/bitfield fields.
    s32 Immediate() const { return static_cast<s32>(base::SignExtend(raw >> 14, 18)); }
    u32 AluOp() const { return (raw >> 17) & 0x1F; }
    u32 SrcBit() const { return (raw >> 17) & 0x1F; }
    u32 Size() const { return (raw >> 22) & 0x1F; }
    u32 DstBit() const { return (raw >> 27) & 0x1F; }
};

bool IsDefinedFermiAluOp(u32 op);

void RunFermiMacro(MacroRunner& runner);

}  // namespace gpu::macro
