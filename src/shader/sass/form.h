#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "shader/sass/word.h"

namespace shader::sass {

// A bit range of the 128-bit word that one piece of an instruction form is stored in.
struct Field {
    u8 pos = 0;
    u8 width = 0;
};

// What the forms of one instruction set share: where the guard predicate and the scheduling
// bits sit, the default constant-buffer operand, how branch offsets count. Ampere keeps all of
// it in its 128-bit word; Maxwell's 64-bit instruction takes the low half and its 21 bits of
// the bundle's control word sit at bit 64, so that one form language serves both.
struct Encoding {
    Field guard;        // 3 bits, 7 = PT; negated by the bit above
    u8 control = 0;     // stall 4, yield 1, write barrier 3, read barrier 3, wait mask 6, reuse 4
    Field cbuf_offset;  // the "C" operand: offset in words
    Field cbuf_bank;
    u8 branch_width = 0;              // default width of a BRA@P offset
    u8 branch_scale = 1;              // bytes per unit of a branch offset
    u8 branch_from = 0;               // offsets count from this many bytes after the instruction
    bool spaced_self_branch = false;  // "BRA 0x110 ;" rather than "BRA 0x110;"
    bool tight_padding = false;       // every instruction with the padding control ends ";"
    bool reuse_on_rz = false;         // ".reuse" printed on RZ too
    bool uniform_guards = false;      // U* mnemonics take UP0..UPT guards
    std::vector<Field> bucket;        // bits that pick a form's candidate list, low bits first
    const std::vector<std::string>* special_registers = nullptr;  // names of "SR@P"
};

const Encoding& AmpereEncoding();

enum class ModifierKind : u8 {
    Flag,     // prints ".NAME" when its one-bit field is set
    Enum,     // prints ".NAMES[value]" (nothing for an empty name; a value without name is invalid)
    Literal,  // always prints ".NAME"; no bits
    Fixed,    // prints nothing; its field must hold `value`
    Hidden,   // prints nothing (nvdisasm ignores it) but real code sets it; kept for round trips
    PowerOfTwo,  // prints nothing; its field must hold a power of two (an alias condition)
};

struct Modifier {
    ModifierKind kind = ModifierKind::Literal;
    int field = -1;
    std::vector<std::string> names;  // Flag and Literal: one name; Enum: one per value ("?" = none)
    u64 value = 0;                   // Fixed
};

enum class OperandKind : u8 {
    Register,           // R0..R254, RZ (8 bits)
    UniformRegister,    // UR0..UR62, URZ (6 bits)
    Predicate,          // P0..P6, PT (3 bits)
    UniformPredicate,   // UP0..UP6, UPT
    Barrier,            // B0..B15
    ScoreboardBarrier,  // SB0..SB5
    HexImmediate,       // 0x1f (unsigned)
    SignedImmediate,    // -0x9 (two's complement of the field's width)
    Float32,            // 0.5, +INF
    Float64High,        // upper 32 bits of a double
    HalfPair,           // two f16 immediates: "0.5, 0.5"
    Half,               // one f16 immediate (F2F, F2I and FRND of an F16 source): "0.5"
    ConstantBuffer,     // c[0x3][0x64], c[0x3][R6+0x4], c[UR4][0x10]
    Attribute,          // a[0x7c], a[R2+0x10]
    Memory,             // [R2.64+0x10], [R5.X4], [UR4], [0x10]
    BranchTarget,       // absolute address of a relative branch
    Keyword,            // a name picked by the field's value (2D, SR_TID.X, PNPNNPNP)
};

struct OperandSpec {
    OperandKind kind = OperandKind::Register;
    int field = -1;     // main value: register number, immediate, offset, keyword index
    int negate = -1;    // "-" prefix
    int absolute = -1;  // "|x|"
    int invert = -1;    // "~" prefix (bitwise) or "!" prefix (predicate)
    int reuse = -1;     // ".reuse" suffix
    int suffix = -1;    // enum suffix field (".H0_H0", ".X4", ".64")
    std::vector<std::string> suffix_names;
    std::string fixed_suffix;        // always-printed suffix (".ROW", ".64")
    std::vector<std::string> names;  // Keyword names; "?" = invalid value
    std::optional<u64> omit_when;    // operand left out of the text when its field holds this
    // ConstantBuffer: bank field (f2), register index (f3), uniform-register bank (f4: printed
    // cx[URn][offset], the bank field then unused and fixed at 0).
    // Memory: base register (field), uniform register (f3), offset (f2), 64-bit flag (suffix).
    int f2 = -1;
    int f3 = -1;
    int f4 = -1;
    bool base_register_uniform = false;  // Memory: base register is UR (e.g. [UR4+0x10])
    bool always_print_uniform = false;   // Memory: "+URZ" printed even for URZ
    bool space_before = false;           // separated from the previous operand by " " only
    bool not_zero_register = false;  // "nz": RZ (URZ, plain PT) invalid here (???255, other form)
    bool offset_unsigned = false;    // "positive": the offset is never negative
    bool signed_offset = true;       // "unsigned": only when nothing precedes it ([0x800010])
    bool spaced_bank = false;        // "c[0x3] [0x14]" (Maxwell's I2F, Ampere's half pairs)
    bool suffix_inside = false;      // "|R2.B1|" rather than "|R2|.B1"
    bool zero_as_rz = false;         // Attribute "a[RZ]", LDC's "c[0x0][RZ]": index RZ and offset 0
    u8 scale = 1;                    // immediate/offset multiplier (bytes per unit)
    u8 shift = 0;  // immediates: the field holds the value's bits from `shift` up (f32's top 20)
};

struct Form {
    const Encoding* encoding = nullptr;
    std::string mnemonic;
    u16 key = 0;       // Ampere: opcode bits [0:12) | bit 91 << 12
    Word opcode_mask;  // the opcode's bits (Maxwell's opcodes are patterns of the top bits)
    Word opcode_value;
    std::vector<Field> fields;
    std::vector<Modifier> modifiers;
    std::vector<OperandSpec> operands;
    Word covered;  // every bit that some field, the opcode, guard or control bits explain
    // Bits nvdisasm's text does not depend on for this form (found with nvdisasm itself, see
    // ignored_bits.h): a word may set them in any way; it decodes as the word with their
    // canonical values (a Fixed field's value, else 0) and keeps the difference in
    // Control::ignored, so that it still assembles back.
    Word ignored;
    Word canonical;
    bool no_space_before_semicolon = false;  // "NOP;" (padding NOPs only)
    bool always_tight = false;               // "NOP;" whatever the control bits (Maxwell's 0)
    bool unguarded = false;                  // the guard bits must be 0 and print nothing
    bool uniform_guard = false;              // guard predicate printed as UP0..UPT
    std::string spec;                        // the source text, for error messages
};

// Builds a form from its table text (see forms_*.cpp for the grammar). Throws base::Error.
Form ParseForm(std::string_view mnemonic, u16 key, std::string_view spec);
Form ParseForm(const Encoding& encoding, std::string_view mnemonic, const Word& opcode_mask,
               const Word& opcode_value, std::string_view spec);

// All Ampere forms, and those of one mnemonic (AmpereForms() in instruction.h has the rest).
const std::vector<Form>& AllForms();
std::vector<const Form*> FormsForMnemonic(std::string_view mnemonic);

u16 OpcodeKey(const Word& word);

}  // namespace shader::sass
