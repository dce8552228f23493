#pragma once

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "shader/sass/form.h"
#include "shader/sass/word.h"

namespace shader::sass {

// Scheduling bits of bits [105:128): see the Volta/Turing micro-benchmarking papers
// (arXiv 1804.06826, 1903.07486).
struct Control {
    u8 stall = 0;          // [105:109)
    bool yield = false;    // 109
    u8 write_barrier = 7;  // [110:113), 7 = none
    u8 read_barrier = 7;   // [113:116), 7 = none
    u8 wait_mask = 0;      // [116:122)
    u8 reuse = 0;          // [122:126)
    u64 hidden = 0;        // the form's Hidden field, if any (not part of the control bits)
    // Bits nvdisasm ignores (Form::ignored) that the word sets otherwise than its form's
    // canonical values: the word is the canonical one XOR these (not part of the control bits).
    Word ignored;
    bool operator==(const Control&) const = default;
};

inline constexpr std::size_t kMaxFields = 24;

// One decoded instruction: its form (opcode and layout), guard predicate, every field value of
// the form (modifiers and operands), and its control bits. Never a string.
struct Instruction {
    const Form* form = nullptr;
    Word word;
    u8 guard = 7;  // P0..P6, 7 = PT
    bool guard_negated = false;
    Control control;
    std::array<u64, kMaxFields> values{};

    u64 Value(int field) const { return field < 0 ? 0 : values[static_cast<std::size_t>(field)]; }
    unsigned Width(int field) const {
        return field < 0 ? 0 : form->fields[static_cast<std::size_t>(field)].width;
    }
    // An immediate's bits: its field, then the high part (f2) of a split one.
    u64 RawImmediate(const OperandSpec& op) const {
        return Value(op.field) | (op.f2 >= 0 ? Value(op.f2) << Width(op.field) : 0);
    }
    unsigned ImmediateWidth(const OperandSpec& op) const { return Width(op.field) + Width(op.f2); }
    // The value the immediate stands for (f32 immediates of Maxwell keep only the top bits).
    u64 Immediate(const OperandSpec& op) const { return RawImmediate(op) << op.shift; }
    bool IsPredicated() const { return guard != 7 || guard_negated; }
};

// Decodes one word. Returns nothing for a word no form explains exactly (unknown opcode, a
// reserved value, or a set bit that no field of the form accounts for).
std::optional<Instruction> Decode(const Word& word);

struct DisassembleOptions {
    u64 address = 0;            // of the instruction, for branch targets
    bool with_control = false;  // prefix "[B------:R-:W-:Y:S04] " (our own notation)
    // Branch targets with a name here print as nvdisasm's cubin listings do: `(.L_x_3)
    const std::map<u64, std::string>* labels = nullptr;
};

// nvdisasm's text of the instruction, without the address column: "FADD.FTZ R0, R1, 0.5 ;".
std::string Disassemble(const Instruction& instruction, const DisassembleOptions& options = {});

// "[B--2---:R0:W1:Y:S04]": wait mask, read barrier, write barrier, yield (Y when the bit is
// clear, as in CuAssembler), stall count.
std::string FormatControl(const Control& control);
std::optional<Control> ParseControl(std::string_view text);

// Assembles one line of Disassemble's text (with or without the control prefix) back into a word.
// Throws base::Error when the text matches no form.
Word Assemble(std::string_view text, u64 address = 0);

Word ToWord(const u8* bytes);
Control DecodeControl(const Word& word);
void EncodeControl(const Control& control, Word& word);

class FormSet;
const FormSet& AmpereForms();

}  // namespace shader::sass
