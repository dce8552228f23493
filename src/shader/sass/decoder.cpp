#include <cstring>

#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

bool ValidName(const std::vector<std::string>& names, u64 value) {
    return value < names.size() && names[value] != "?";
}

// nvdisasm prints every NaN as +QNAN / -QNAN (or SNAN): only the canonical quiet NaN survives a
// trip through the text, so words with other NaN payloads are rejected.
bool CanonicalFloats(const OperandSpec& op, u64 value) {
    switch (op.kind) {
        case OperandKind::Float32:
            return (value & 0x7f800000) != 0x7f800000 || (value & 0x7fffff) == 0 ||
                   (value & 0x7fffff) == 0x400000;
        case OperandKind::Float64High:
            return (value & 0x7ff00000) != 0x7ff00000 || (value & 0xfffff) == 0 ||
                   (value & 0xfffff) == 0x80000;
        case OperandKind::HalfPair:
            for (const u64 half : {value & 0xffff, value >> 16}) {
                if ((half & 0x7c00) == 0x7c00 && (half & 0x3ff) != 0 && (half & 0x3ff) != 0x200) {
                    return false;
                }
            }
            return true;
        default:
            return true;
    }
}

bool TryForm(const Form& form, const Word& word, Instruction& out) {
    if (!(word & ~form.covered).IsZero()) {
        return false;
    }
    for (std::size_t i = 0; i < form.fields.size(); ++i) {
        out.values[i] = word.Get(form.fields[i].pos, form.fields[i].width);
    }
    for (const Modifier& modifier : form.modifiers) {
        const u64 value = out.Value(modifier.field);
        if (modifier.kind == ModifierKind::Fixed && value != modifier.value) {
            return false;
        }
        if (modifier.kind == ModifierKind::PowerOfTwo && (value == 0 || (value & (value - 1)))) {
            return false;
        }
        if (modifier.kind == ModifierKind::Enum && !ValidName(modifier.names, value)) {
            return false;
        }
    }
    for (const OperandSpec& op : form.operands) {
        if (op.kind == OperandKind::Keyword && !ValidName(op.names, out.Value(op.field))) {
            return false;
        }
        if (op.suffix >= 0 && !ValidName(op.suffix_names, out.Value(op.suffix))) {
            return false;
        }
        if (!CanonicalFloats(op, out.Value(op.field))) {
            return false;
        }
        const u64 zero_register = op.kind == OperandKind::UniformRegister ? 63 : 255;
        if (op.not_zero_register && out.Value(op.field) == zero_register) {
            return false;
        }
        if (op.kind == OperandKind::ScoreboardBarrier && out.Value(op.field) > 5) {
            return false;  // nvdisasm: INVALID6, INVALID7
        }
        // A scale or width suffix on an absent (RZ) base is not printed: not round-trippable.
        if (op.kind == OperandKind::Memory && op.field >= 0 && op.suffix >= 0 &&
            out.Value(op.suffix) != 0 &&
            out.Value(op.field) == (op.base_register_uniform ? 63u : 255u)) {
            return false;
        }
    }
    // nvdisasm leaves out each optional operand that holds its default, so "IADD3 R0, P6, ..."
    // could be either carry-out: only the encoding with the defaults last is accepted.
    bool omitted = false;
    for (const OperandSpec& op : form.operands) {
        if (!op.omit_when) {
            omitted = false;
            continue;
        }
        const bool is_default =
            out.Value(op.field) == *op.omit_when && (op.invert < 0 || out.Value(op.invert) == 0);
        if (omitted && !is_default) {
            return false;
        }
        omitted = omitted || is_default;
    }
    out.form = &form;
    return true;
}

}  // namespace

Word ToWord(const u8* bytes) {
    Word word;
    std::memcpy(&word.lo, bytes, 8);
    std::memcpy(&word.hi, bytes + 8, 8);
    return word;
}

Control DecodeControl(const Word& word) {
    Control control;
    control.stall = static_cast<u8>(word.Get(105, 4));
    control.yield = word.Get(109, 1) != 0;
    control.write_barrier = static_cast<u8>(word.Get(110, 3));
    control.read_barrier = static_cast<u8>(word.Get(113, 3));
    control.wait_mask = static_cast<u8>(word.Get(116, 6));
    control.reuse = static_cast<u8>(word.Get(122, 4));
    return control;
}

void EncodeControl(const Control& control, Word& word) {
    word.Set(105, 4, control.stall);
    word.Set(109, 1, control.yield);
    word.Set(110, 3, control.write_barrier);
    word.Set(113, 3, control.read_barrier);
    word.Set(116, 6, control.wait_mask);
    word.Set(122, 4, control.reuse);
}

std::optional<Instruction> Decode(const Word& word) {
    if (word.Get(126, 2) != 0) {
        return std::nullopt;
    }
    Instruction instruction;
    for (const Form* form : FormsForKey(OpcodeKey(word))) {
        if (TryForm(*form, word, instruction)) {
            instruction.word = word;
            instruction.guard = static_cast<u8>(word.Get(12, 3));
            instruction.guard_negated = word.Get(15, 1) != 0;
            instruction.control = DecodeControl(word);
            for (const Modifier& modifier : form->modifiers) {
                if (modifier.kind == ModifierKind::Hidden) {
                    instruction.control.hidden = instruction.Value(modifier.field);
                }
            }
            return instruction;
        }
    }
    return std::nullopt;
}

}  // namespace shader::sass
