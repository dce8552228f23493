#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "shader/sass/form_set.h"
#include "shader/sass/instruction.h"

namespace shader::maxwell {

using sass::Control;
using sass::DisassembleOptions;
using sass::Instruction;

// Maxwell (SM50..53, the Switch's GM20B) instructions are 64 bits; each group of three follows
// a control word holding three 21-bit scheduling fields. The form language sees one instruction
// as a sass::Word with the instruction in `lo` and its 21 control bits at bit 64 (stall, yield,
// write and read barrier, wait mask, reuse flags), so Control and the ".reuse" suffixes work as
// on Ampere.
const sass::Encoding& MaxwellEncoding();
const sass::FormSet& Forms();

sass::Word MakeWord(u64 instruction, u32 control);
u64 InstructionBits(const sass::Word& word);
u32 ControlBits(const sass::Word& word);

// Decodes one instruction with its control field; nothing for a word no form explains exactly.
std::optional<Instruction> Decode(u64 instruction, u32 control);

// nvdisasm's text of one instruction ("FADD.FTZ R3, R1, -R4 ;"); `address` places branches.
using sass::Disassemble;

// One line of Disassemble's text (with or without the control prefix) back to the instruction
// and its control field. Throws base::Error when no form matches.
struct Assembled {
    u64 instruction = 0;
    u32 control = 0;
};
Assembled Assemble(std::string_view text, u64 address = 0);

// Bytes of code (a whole number of 32-byte bundles from offset 0) as instructions.
struct CodeInstruction {
    u64 address = 0;  // of the instruction, from the start of the code
    u64 bits = 0;
    u32 control = 0;
    std::optional<Instruction> decoded;
};
std::vector<CodeInstruction> DecodeCode(std::span<const u8> code);

// The listing nvdisasm prints for raw code ("nvdisasm -b SM53"): one line per instruction,
// "        /*0008*/                   ALD.64 R8, a[0x100] ;", dual-issued pairs in braces.
// A word no form explains prints as "<undecoded 0x...>" and is counted in `undecoded`.
std::string ListCode(std::span<const u8> code, std::size_t* undecoded = nullptr);

}  // namespace shader::maxwell
