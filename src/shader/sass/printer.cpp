// Instruction -> nvdisasm's text.
#include <charconv>

#include <fmt/format.h>

#include "shader/sass/float_format.h"
#include "shader/sass/instruction.h"
#include "shader/sass/operand_text.h"

namespace shader::sass {
namespace {

class Printer {
public:
    Printer(const Instruction& instruction, u64 address, const std::map<u64, std::string>* labels)
        : inst_(instruction), form_(*instruction.form), address_(address), labels_(labels) {}

    u64 Value(int field) const { return inst_.Value(field); }
    unsigned Width(int field) const { return form_.fields[static_cast<std::size_t>(field)].width; }
    bool Flag(int field) const { return field >= 0 && Value(field) != 0; }

    std::string Main(const OperandSpec& op) const {
        const u64 value = Value(op.field);
        switch (op.kind) {
            case OperandKind::Register:
                return RegisterName(value);
            case OperandKind::UniformRegister:
                return UniformRegisterName(value);
            case OperandKind::Predicate:
                return PredicateName(value);
            case OperandKind::UniformPredicate:
                return UniformPredicateName(value);
            case OperandKind::Barrier:
                return fmt::format("B{}", value);
            case OperandKind::ScoreboardBarrier:
                return fmt::format("SB{}", value);
            case OperandKind::HexImmediate:
                return Hex(inst_.Immediate(op) * op.scale);
            case OperandKind::SignedImmediate:
                return SignedHex(SignExtend(inst_.RawImmediate(op), inst_.ImmediateWidth(op)) *
                                 op.scale);
            case OperandKind::Float32:
                return FormatFloat32(static_cast<u32>(inst_.Immediate(op)));
            case OperandKind::Float64High:
                return FormatFloat64(inst_.Immediate(op) << 32);
            case OperandKind::Half:
                return FormatHalf(static_cast<u16>(inst_.Immediate(op)));
            case OperandKind::HalfPair:
                // nvdisasm prints the high half first.
                return FormatHalf(static_cast<u16>(value >> 16)) + ", " +
                       FormatHalf(static_cast<u16>(value));
            case OperandKind::ConstantBuffer:
                return ConstantBuffer(op);
            case OperandKind::Attribute:
                return Attribute(op);
            case OperandKind::Memory:
                return Memory(op);
            case OperandKind::BranchTarget:
                if (labels_ != nullptr) {
                    if (const auto it = labels_->find(BranchTarget(op)); it != labels_->end()) {
                        return "`(" + it->second + ")";
                    }
                }
                return SignedHex(static_cast<s64>(BranchTarget(op)));
            case OperandKind::Keyword:
                return op.names[value];
        }
        return {};
    }

    u64 BranchTarget(const OperandSpec& op) const {
        return address_ + form_.encoding->branch_from +
               static_cast<u64>(SignExtend(Value(op.field), Width(op.field)) * op.scale);
    }

    std::string ConstantBuffer(const OperandSpec& op) const {
        // A bank from a uniform register (bit 91) prints cx[UR4][0x8].
        const std::string bank =
            op.f4 >= 0 ? "cx[" + UniformRegisterName(Value(op.f4)) : "c[" + Hex(Value(op.f2));
        std::string offset;
        if (op.zero_as_rz && op.f3 >= 0 && Value(op.f3) == 255 && Value(op.field) == 0) {
            offset = "RZ";  // LDC c[0x0][RZ]
        } else if (op.f3 >= 0 && Value(op.f3) != 255) {
            // With an index register the offset is signed (LDC c[0x3][R6+-0x8000]).
            offset = RegisterName(Value(op.f3));
            const s64 value = SignExtend(Value(op.field), Width(op.field)) * op.scale;
            if (value != 0) {
                offset += "+" + SignedHex(value);
            }
        } else if (op.f4 >= 0) {
            offset = Hex(Value(op.field) * op.scale);  // unsigned: cx[UR0][0x8000]
        } else {
            // Signed too: c[0x0][-0x7fd8].
            offset = SignedHex(SignExtend(Value(op.field), Width(op.field)) * op.scale);
        }
        return fmt::format("{}]{}[{}]", bank, op.spaced_bank ? " " : "", offset);
    }

    std::string Attribute(const OperandSpec& op) const {
        if (op.zero_as_rz && Value(op.f3) == 255 && Value(op.field) == 0) {
            return "a[RZ]";
        }
        if (op.f3 >= 0 && Value(op.f3) != 255) {
            // Offset 0 is left out: "a[R109]" (CUDA 11.8, Maxwell ALD/AST).
            const u64 offset = Value(op.field) * op.scale;
            return offset == 0 ? fmt::format("a[{}]", RegisterName(Value(op.f3)))
                               : fmt::format("a[{}+{}]", RegisterName(Value(op.f3)), Hex(offset));
        }
        return fmt::format("a[{}]", Hex(Value(op.field) * op.scale));
    }

    std::string Memory(const OperandSpec& op) const {
        std::string text;
        const bool has_base = op.field >= 0;
        const bool base_zero =
            has_base && (op.base_register_uniform ? Value(op.field) == 63 : Value(op.field) == 255);
        if (has_base && !base_zero) {
            text = op.base_register_uniform ? UniformRegisterName(Value(op.field))
                                            : RegisterName(Value(op.field));
            if (op.suffix >= 0) {
                text += op.suffix_names[Value(op.suffix)];
            }
            text += op.fixed_suffix;
        }
        if (op.f3 >= 0 && (Value(op.f3) != 63 || op.always_print_uniform)) {
            text += (text.empty() ? "" : "+") + UniformRegisterName(Value(op.f3));
        }
        if (op.f2 >= 0) {
            // Shared-memory offsets are signed after a base register, unsigned alone.
            const bool is_signed = !op.offset_unsigned && (op.signed_offset || !text.empty());
            const s64 offset = (is_signed ? SignExtend(Value(op.f2), Width(op.f2))
                                          : static_cast<s64>(Value(op.f2))) *
                               op.scale;
            if (offset != 0) {
                text += (text.empty() ? "" : "+") + SignedHex(offset);
            } else if (text.empty() && !has_base) {
                text = "0x0";
            }
        }
        if (text.empty()) {
            text = "RZ";
        }
        return "[" + text + "]";
    }

    bool Omitted(const OperandSpec& op) const {
        return op.omit_when && Value(op.field) == *op.omit_when && !Flag(op.invert);
    }

    // In a run of optional operands ("IADD3 R0, P0, P1, ..."), one is left out only when every
    // later one of the run is left out too, so that the text stays unambiguous.
    bool LeftOut(std::size_t index) const {
        for (std::size_t i = index; i < form_.operands.size() && form_.operands[i].omit_when; ++i) {
            if (!Omitted(form_.operands[i])) {
                return false;
            }
        }
        return true;
    }

    std::string Operand(const OperandSpec& op) const {
        std::string text;
        if (Flag(op.negate)) {
            text += "-";
        }
        if (Flag(op.invert)) {
            text += (op.kind == OperandKind::Predicate || op.kind == OperandKind::UniformPredicate)
                        ? "!"
                        : "~";
        }
        const bool absolute = Flag(op.absolute);
        if (absolute) {
            text += "|";
        }
        text += Main(op);
        std::string suffix;
        if (op.kind != OperandKind::Memory) {
            if (op.suffix >= 0) {
                suffix += op.suffix_names[Value(op.suffix)];
            }
            suffix += op.fixed_suffix;
        }
        if (absolute) {
            text += op.suffix_inside ? suffix + "|" : "|" + suffix;
        } else {
            text += suffix;
        }
        if (Flag(op.reuse) && (form_.encoding->reuse_on_rz ||
                               !(op.kind == OperandKind::Register && Value(op.field) == 255))) {
            text += ".reuse";
        }
        return text;
    }

    std::string Print(bool with_control) const {
        std::string text;
        if (with_control) {
            text = FormatControl(inst_.control) + " ";
        }
        if (inst_.IsPredicated() && !form_.unguarded) {
            text += inst_.guard_negated ? "@!" : "@";
            text += (form_.uniform_guard ? UniformPredicateName(inst_.guard)
                                         : PredicateName(inst_.guard)) +
                    " ";
        }
        text += form_.mnemonic;
        for (const Modifier& modifier : form_.modifiers) {
            if (modifier.kind == ModifierKind::Literal ||
                (modifier.kind == ModifierKind::Flag && Value(modifier.field) != 0)) {
                text += "." + modifier.names[0];
            } else if (modifier.kind == ModifierKind::Enum) {
                const std::string& name = modifier.names[Value(modifier.field)];
                if (!name.empty()) {
                    text += "." + name;
                }
            }
        }
        bool first = true;
        bool self_branch = false;
        for (std::size_t i = 0; i < form_.operands.size(); ++i) {
            const OperandSpec& op = form_.operands[i];
            if (op.omit_when && LeftOut(i)) {
                continue;
            }
            const std::string operand = Operand(op);
            text += (first || op.space_before) ? " " : ", ";
            text += operand;
            first = false;
            if (op.kind == OperandKind::BranchTarget && BranchTarget(op) == address_) {
                self_branch = true;
            }
        }
        // nvdisasm writes "NOP;" only for the padding after the code (no stall, no barrier).
        // The same holds for a BRA with that control (the self-branch that ends a program).
        const bool padding = (form_.no_space_before_semicolon || form_.mnemonic == "BRA" ||
                              form_.encoding->tight_padding) &&
                             inst_.word.Get(form_.encoding->control, 21) == 0x7e0;
        const bool tight =
            padding || form_.always_tight || (self_branch && !form_.encoding->spaced_self_branch);
        text += tight ? ";" : " ;";
        return text;
    }

private:
    const Instruction& inst_;
    const Form& form_;
    u64 address_;
    const std::map<u64, std::string>* labels_;
};

}  // namespace

std::string Disassemble(const Instruction& instruction, const DisassembleOptions& options) {
    return Printer(instruction, options.address, options.labels).Print(options.with_control);
}

std::string FormatControl(const Control& control) {
    std::string wait = "B";
    for (int i = 0; i < 6; ++i) {
        wait += (control.wait_mask >> i) & 1 ? static_cast<char>('0' + i) : '-';
    }
    const auto barrier = [](u8 value) {
        return value == 7 ? std::string("-") : std::to_string(value);
    };
    std::string reuse = control.reuse ? fmt::format(":U{:x}", control.reuse) : "";
    if (control.hidden != 0) {
        reuse += fmt::format(":H{:x}", control.hidden);
    }
    if (control.ignored.hi != 0) {
        reuse += fmt::format(":I{:x}{:016x}", control.ignored.hi, control.ignored.lo);
    } else if (control.ignored.lo != 0) {
        reuse += fmt::format(":I{:x}", control.ignored.lo);
    }
    return fmt::format("[{}:R{}:W{}:{}:S{:02}{}]", wait, barrier(control.read_barrier),
                       barrier(control.write_barrier), control.yield ? '-' : 'Y', control.stall,
                       reuse);
}

namespace {

// Takes a trailing ":<letter><hex digits>" off a control prefix "[...]": the digits as one
// 128-bit value. False when the prefix has the part but its digits are not a number.
bool TakeHexPart(std::string_view& text, std::string& storage, char letter, Word& value) {
    const std::size_t at = text.rfind(std::string{':', letter});
    if (at == std::string_view::npos || !text.ends_with("]")) {
        return true;
    }
    const std::string_view digits = text.substr(at + 2, text.size() - at - 3);
    if (digits.empty() || digits.size() > 32) {
        return false;
    }
    const std::size_t split = digits.size() > 16 ? digits.size() - 16 : 0;
    const auto parse = [](std::string_view part, u64& out) {
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), out, 16);
        return part.empty() || (error == std::errc() && end == part.data() + part.size());
    };
    value = {};
    if (!parse(digits.substr(split), value.lo) || !parse(digits.substr(0, split), value.hi)) {
        return false;
    }
    storage = std::string(text.substr(0, at)) + "]";
    text = storage;
    return true;
}

}  // namespace

std::optional<Control> ParseControl(std::string_view text) {
    // [B012345:Rn:Wn:Y:Snn] or [B012345:Rn:Wn:Y:Snn:Ux] (x = reuse flags in hex), then an
    // optional ":H<hex>" with the value of bits nvdisasm does not print and an optional
    // ":I<hex>" with the bits nvdisasm ignores that differ from their canonical values.
    Control control;
    std::string ignored_storage;
    std::string hidden_storage;
    Word hidden;
    if (!TakeHexPart(text, ignored_storage, 'I', control.ignored) ||
        !TakeHexPart(text, hidden_storage, 'H', hidden) || hidden.hi != 0) {
        return std::nullopt;
    }
    control.hidden = hidden.lo;
    if (text.size() == 24 && text.substr(20, 2) == ":U") {
        const char c = text[22];
        if (c >= '0' && c <= '9') {
            control.reuse = static_cast<u8>(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            control.reuse = static_cast<u8>(c - 'a' + 10);
        } else {
            return std::nullopt;
        }
        text = std::string_view(text.data(), 20);
        text = text.substr(0, 20);
    } else if (text.size() != 21) {
        return std::nullopt;
    }
    if (text[0] != '[' || text[1] != 'B' || (text.size() == 21 && text[20] != ']')) {
        return std::nullopt;
    }
    control.wait_mask = 0;
    for (int i = 0; i < 6; ++i) {
        const char c = text[static_cast<std::size_t>(2 + i)];
        if (c == '0' + i) {
            control.wait_mask |= static_cast<u8>(1 << i);
        } else if (c != '-') {
            return std::nullopt;
        }
    }
    const auto barrier = [](char c, u8& out) {
        if (c == '-') {
            out = 7;
            return true;
        }
        if (c < '0' || c > '6') {
            return false;
        }
        out = static_cast<u8>(c - '0');
        return true;
    };
    if (text.substr(8, 2) != ":R" || !barrier(text[10], control.read_barrier) ||
        text.substr(11, 2) != ":W" || !barrier(text[13], control.write_barrier) ||
        text[14] != ':' || (text[15] != 'Y' && text[15] != '-') || text.substr(16, 2) != ":S" ||
        text[18] < '0' || text[18] > '1' || text[19] < '0' || text[19] > '9') {
        return std::nullopt;
    }
    control.yield = text[15] == '-';
    control.stall = static_cast<u8>((text[18] - '0') * 10 + (text[19] - '0'));
    if (control.stall > 15) {
        return std::nullopt;
    }
    return control;
}

}  // namespace shader::sass
