// nvdisasm's text -> 128-bit word. Each candidate form of the mnemonic is tried; a candidate is
// accepted only when its encoding disassembles back to the same text.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#include "base/error.h"
#include "shader/sass/float_format.h"
#include "shader/sass/form_set.h"
#include "shader/sass/instruction.h"
#include "shader/sass/operand_text.h"

namespace shader::sass {
namespace {

std::string_view Trim(std::string_view text) {
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    while (!text.empty() && text.back() == ' ') {
        text.remove_suffix(1);
    }
    return text;
}

bool ParseUnsigned(std::string_view text, u64& value) {
    int base = 10;
    if (text.starts_with("0x")) {
        text.remove_prefix(2);
        base = 16;
    }
    if (text.empty()) {
        return false;
    }
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    return error == std::errc() && end == text.data() + text.size();
}

bool ParseSigned(std::string_view text, s64& value) {
    const bool negative = text.starts_with("-");
    u64 magnitude = 0;
    if (!ParseUnsigned(negative ? text.substr(1) : text, magnitude)) {
        return false;
    }
    value = negative ? -static_cast<s64>(magnitude) : static_cast<s64>(magnitude);
    return true;
}

bool ParseIndexed(std::string_view text, std::string_view prefix, std::string_view zero,
                  u64 zero_value, u64 limit, u64& value) {
    if (text == zero) {
        value = zero_value;
        return true;
    }
    if (!text.starts_with(prefix)) {
        return false;
    }
    text.remove_prefix(prefix.size());
    if (text.empty() || text[0] < '0' || text[0] > '9') {
        return false;
    }
    return ParseUnsigned(text, value) && value < limit;
}

bool ParseRegister(std::string_view t, u64& v) {
    return ParseIndexed(t, "R", "RZ", 255, 255, v);
}
bool ParseUniform(std::string_view t, u64& v) {
    return ParseIndexed(t, "UR", "URZ", 63, 63, v);
}

class Encoder {
public:
    Encoder(const Form& form, u64 address, u64 hidden)
        : form_(form), address_(address), hidden_(hidden) {}

    bool Set(int field, u64 value) {
        if (field < 0) {
            return false;
        }
        const unsigned width = form_.fields[static_cast<std::size_t>(field)].width;
        if (width < 64 && (value >> width) != 0) {
            return false;
        }
        values_[static_cast<std::size_t>(field)] = value;
        return true;
    }

    bool SetSigned(int field, s64 value) {
        const unsigned width = form_.fields[static_cast<std::size_t>(field)].width;
        if (SignExtend(static_cast<u64>(value) & ((u64{1} << width) - 1), width) != value) {
            return false;
        }
        return Set(field, static_cast<u64>(value) & ((u64{1} << width) - 1));
    }

    bool Modifiers(std::vector<std::string_view> tokens) {
        std::size_t next = 0;
        for (const Modifier& modifier : form_.modifiers) {
            const std::string_view token = next < tokens.size() ? tokens[next] : "";
            switch (modifier.kind) {
                case ModifierKind::Literal:
                    if (token != modifier.names[0]) {
                        return false;
                    }
                    ++next;
                    break;
                case ModifierKind::Flag:
                    if (token == modifier.names[0]) {
                        Set(modifier.field, 1);
                        ++next;
                    }
                    break;
                case ModifierKind::Fixed:
                    Set(modifier.field, modifier.value);
                    break;
                case ModifierKind::Hidden:
                    Set(modifier.field, hidden_);
                    break;
                case ModifierKind::PowerOfTwo:
                    break;
                case ModifierKind::Enum: {
                    int empty = -1;
                    bool found = false;
                    // Longest names first: "CONSTANT.VC" before "CONSTANT".
                    std::size_t best_parts = 0;
                    std::size_t best = 0;
                    for (std::size_t i = 0; i < modifier.names.size(); ++i) {
                        const std::string& name = modifier.names[i];
                        if (name.empty()) {
                            empty = empty < 0 ? static_cast<int>(i) : empty;
                            continue;
                        }
                        const auto parts =
                            static_cast<std::size_t>(std::count(name.begin(), name.end(), '.') + 1);
                        std::string joined;
                        for (std::size_t k = 0; k < parts && next + k < tokens.size(); ++k) {
                            joined += (k ? "." : "") + std::string(tokens[next + k]);
                        }
                        if (name != "?" && name == joined && parts > best_parts) {
                            best_parts = parts;
                            best = i;
                        }
                    }
                    if (best_parts > 0) {
                        Set(modifier.field, best);
                        next += best_parts;
                        found = true;
                    }
                    if (!found) {
                        if (empty < 0) {
                            return false;
                        }
                        Set(modifier.field, static_cast<u64>(empty));
                    }
                    break;
                }
            }
        }
        return next == tokens.size();
    }

    bool Operands(std::vector<std::string_view> parts) {
        const bool spaced = std::any_of(form_.operands.begin(), form_.operands.end(),
                                        [](const OperandSpec& op) { return op.space_before; });
        if (spaced) {  // "RET.REL.NODEC R2 0x0": operands without a comma between them
            std::vector<std::string_view> split;
            for (std::string_view part : parts) {
                std::size_t space = 0;
                while ((space = part.find(' ')) != std::string_view::npos) {
                    split.push_back(part.substr(0, space));
                    part = Trim(part.substr(space + 1));
                }
                split.push_back(part);
            }
            parts = std::move(split);
        }
        std::size_t next = 0;
        for (const OperandSpec& op : form_.operands) {
            const std::size_t need = op.kind == OperandKind::HalfPair ? 2 : 1;
            if (next + need <= parts.size()) {
                std::string joined(parts[next]);
                if (need == 2) {
                    joined += ", " + std::string(parts[next + 1]);
                }
                if (Operand(op, joined)) {
                    next += need;
                    continue;
                }
            }
            if (!op.omit_when) {
                return false;
            }
            Set(op.field, *op.omit_when);
        }
        return next == parts.size();
    }

    bool Suffix(const OperandSpec& op, std::string_view& text) {
        if (op.suffix < 0) {
            return true;
        }
        int empty = -1;
        for (std::size_t i = 0; i < op.suffix_names.size(); ++i) {
            const std::string& name = op.suffix_names[i];
            if (name.empty()) {
                empty = empty < 0 ? static_cast<int>(i) : empty;
            } else if (name != "?" && text.ends_with(name)) {
                text.remove_suffix(name.size());
                return Set(op.suffix, i);
            }
        }
        return empty >= 0 && Set(op.suffix, static_cast<u64>(empty));
    }

    bool Operand(const OperandSpec& op, std::string_view text) {
        if (text.ends_with(".reuse")) {
            if (op.reuse < 0) {
                return false;
            }
            Set(op.reuse, 1);
            text.remove_suffix(6);
        }
        if (op.negate >= 0 && text.starts_with("-") && op.kind != OperandKind::Float32) {
            Set(op.negate, 1);
            text.remove_prefix(1);
        }
        if (op.invert >= 0 && (text.starts_with("~") || text.starts_with("!"))) {
            Set(op.invert, 1);
            text.remove_prefix(1);
        }
        if (op.suffix_inside && op.absolute >= 0 && text.size() > 2 && text.front() == '|' &&
            text.back() == '|') {
            Set(op.absolute, 1);
            text = text.substr(1, text.size() - 2);
        }
        if (op.kind != OperandKind::Memory) {
            if (!op.fixed_suffix.empty()) {
                if (!text.ends_with(op.fixed_suffix)) {
                    return false;
                }
                text.remove_suffix(op.fixed_suffix.size());
            }
            if (!Suffix(op, text)) {
                return false;
            }
        }
        if (op.absolute >= 0 && text.size() > 2 && text.front() == '|' && text.back() == '|') {
            Set(op.absolute, 1);
            text = text.substr(1, text.size() - 2);
        }
        return Main(op, text);
    }

    bool Main(const OperandSpec& op, std::string_view text) {
        u64 value = 0;
        s64 signed_value = 0;
        switch (op.kind) {
            case OperandKind::Register:
                return ParseRegister(text, value) && Set(op.field, value);
            case OperandKind::UniformRegister:
                return ParseUniform(text, value) && Set(op.field, value);
            case OperandKind::Predicate:
                return ParseIndexed(text, "P", "PT", 7, 7, value) && Set(op.field, value);
            case OperandKind::UniformPredicate:
                return ParseIndexed(text, "UP", "UPT", 7, 7, value) && Set(op.field, value);
            case OperandKind::Barrier:
                return ParseIndexed(text, "B", "", 0, 16, value) && Set(op.field, value);
            case OperandKind::ScoreboardBarrier:
                return ParseIndexed(text, "SB", "", 0, 8, value) && Set(op.field, value);
            case OperandKind::HexImmediate:
                return text.starts_with("0x") && ParseUnsigned(text, value) &&
                       value % op.scale == 0 && SetImmediate(op, value / op.scale);
            case OperandKind::SignedImmediate:
                return ParseSigned(text, signed_value) && signed_value % op.scale == 0 &&
                       SetSignedImmediate(op, signed_value / op.scale);
            case OperandKind::Float32:
                return Float(text, 32, op);
            case OperandKind::Float64High:
                return Float(text, 64, op);
            case OperandKind::HalfPair:
                return HalfPair(op, text);
            case OperandKind::Half: {
                u16 half = 0;
                return Half(text, half) && SetImmediate(op, half);
            }
            case OperandKind::ConstantBuffer:
                return ConstantBuffer(op, text);
            case OperandKind::Attribute:
                return Attribute(op, text);
            case OperandKind::Memory:
                return Memory(op, text);
            case OperandKind::BranchTarget: {
                if (!ParseSigned(text, signed_value)) {
                    return false;
                }
                const s64 delta =
                    signed_value - static_cast<s64>(address_) - form_.encoding->branch_from;
                return delta % op.scale == 0 && SetSigned(op.field, delta / op.scale);
            }
            case OperandKind::Keyword:
                if (op.field < 0) {
                    return text == op.names[0];
                }
                for (std::size_t i = 0; i < op.names.size(); ++i) {
                    if (op.names[i] == text && text != "?") {
                        return Set(op.field, i);
                    }
                }
                return false;
        }
        return false;
    }

    unsigned Width(int field) const {
        return field < 0 ? 0 : form_.fields[static_cast<std::size_t>(field)].width;
    }

    // An immediate's value into its field and the high part of a split one; the bits below
    // op.shift must be clear.
    bool SetImmediate(const OperandSpec& op, u64 value) {
        if (op.shift != 0 && (value & ((u64{1} << op.shift) - 1)) != 0) {
            return false;
        }
        value >>= op.shift;
        if (op.f2 < 0) {
            return Set(op.field, value);
        }
        const unsigned low = Width(op.field);
        return Set(op.field, value & ((u64{1} << low) - 1)) && Set(op.f2, value >> low);
    }

    bool SetSignedImmediate(const OperandSpec& op, s64 value) {
        const unsigned width = Width(op.field) + Width(op.f2);
        const u64 mask = (u64{1} << width) - 1;
        return SignExtend(static_cast<u64>(value) & mask, width) == value &&
               SetImmediate(op, static_cast<u64>(value) & mask);
    }

    bool Float(std::string_view text, int bits, const OperandSpec& op) {
        double value = 0;
        if (!ParseFloat64(text, value)) {
            return false;
        }
        if (bits == 32) {
            const float single = static_cast<float>(value);
            if (std::isnan(value)) {
                return SetImmediate(op, std::signbit(value) ? 0xffc00000u : 0x7fc00000u);
            }
            return SetImmediate(op, std::bit_cast<u32>(single));
        }
        u64 raw = std::bit_cast<u64>(value);
        if (std::isnan(value)) {
            raw = std::signbit(value) ? 0xfff8000000000000ull : 0x7ff8000000000000ull;
        }
        return SetImmediate(op, raw >> 32);
    }

    static bool Half(std::string_view text, u16& out) {
        double value = 0;
        if (!ParseFloat64(text, value)) {
            return false;
        }
        const u16 sign = std::signbit(value) ? 0x8000 : 0;
        const double magnitude = std::fabs(value);
        u64 bits = 0;
        if (std::isnan(value)) {
            bits = 0x7e00;
        } else if (std::isinf(value)) {
            bits = 0x7c00;
        } else if (magnitude != 0) {
            int exponent = 0;
            const double fraction = std::frexp(magnitude, &exponent);  // [0.5, 1)
            const int biased = exponent + 14;
            const double mantissa =
                biased >= 1 ? (fraction * 2 - 1) * 1024 : std::ldexp(magnitude, 24);
            if (biased > 30 || mantissa != std::floor(mantissa)) {
                return false;
            }
            bits = (biased >= 1 ? static_cast<u64>(biased) << 10 : 0) | static_cast<u64>(mantissa);
        }
        out = static_cast<u16>(bits | sign);
        return Trim(FormatHalf(out)) == Trim(text);
    }

    bool HalfPair(const OperandSpec& op, std::string_view text) {
        const std::size_t comma = text.find(", ");
        u16 low = 0;
        u16 high = 0;
        return comma != std::string_view::npos && Half(text.substr(0, comma), high) &&
               Half(text.substr(comma + 2), low) && Set(op.field, low | u64{high} << 16);
    }

    bool ConstantBuffer(const OperandSpec& op, std::string_view text) {
        const std::string_view opening = op.f4 >= 0 ? "cx[" : "c[";
        if (!text.starts_with(opening) || !text.ends_with("]")) {
            return false;
        }
        const std::size_t close = text.find(']');
        const std::string_view bank = text.substr(opening.size(), close - opening.size());
        std::string_view offset = text.substr(close + 1);
        if (op.spaced_bank) {
            if (!offset.starts_with(" ")) {
                return false;
            }
            offset.remove_prefix(1);
        }
        if (!offset.starts_with("[")) {
            return false;
        }
        offset = offset.substr(1, offset.size() - 2);
        u64 value = 0;
        if (op.f4 >= 0 ? !ParseUniform(bank, value) || !Set(op.f4, value)
                       : !ParseUnsigned(bank, value) || !Set(op.f2, value)) {
            return false;
        }
        if (op.f3 >= 0) {
            Set(op.f3, 255);
            if (op.zero_as_rz && offset == "RZ") {
                return Set(op.field, 0);
            }
            if (offset.starts_with("R")) {
                const std::size_t plus = offset.find('+');
                if (!ParseRegister(offset.substr(0, plus), value) || value == 255 ||
                    !Set(op.f3, value)) {
                    return false;
                }
                offset = plus == std::string_view::npos ? "0x0" : offset.substr(plus + 1);
                s64 signed_offset = 0;
                return ParseSigned(offset, signed_offset) && signed_offset % op.scale == 0 &&
                       SetSigned(op.field, signed_offset / op.scale);
            }
        }
        if (op.f4 >= 0) {
            u64 unsigned_offset = 0;
            return ParseUnsigned(offset, unsigned_offset) && unsigned_offset % op.scale == 0 &&
                   Set(op.field, unsigned_offset / op.scale);
        }
        s64 signed_offset = 0;
        return ParseSigned(offset, signed_offset) && signed_offset % op.scale == 0 &&
               SetSigned(op.field, signed_offset / op.scale);
    }

    bool Attribute(const OperandSpec& op, std::string_view text) {
        if (!text.starts_with("a[") || !text.ends_with("]")) {
            return false;
        }
        text = text.substr(2, text.size() - 3);
        u64 value = 0;
        if (op.zero_as_rz && text == "RZ") {
            return Set(op.f3, 255) && Set(op.field, 0);
        }
        if (op.f3 >= 0) {
            Set(op.f3, 255);
            const std::size_t plus = text.find('+');
            if (plus != std::string_view::npos) {
                if (!ParseRegister(text.substr(0, plus), value) || !Set(op.f3, value)) {
                    return false;
                }
                text = text.substr(plus + 1);
            } else if (ParseRegister(text, value)) {  // "a[R109]": offset 0
                return Set(op.f3, value) && Set(op.field, 0);
            }
        }
        return ParseUnsigned(text, value) && value % op.scale == 0 &&
               Set(op.field, value / op.scale);
    }

    bool Memory(const OperandSpec& op, std::string_view text) {
        if (!text.starts_with("[") || !text.ends_with("]")) {
            return false;
        }
        text = text.substr(1, text.size() - 2);
        if (op.field >= 0) {
            Set(op.field, op.base_register_uniform ? 63 : 255);
        }
        if (op.f3 >= 0) {
            Set(op.f3, 63);
        }
        if (op.suffix >= 0) {
            Set(op.suffix, 0);
        }
        if (text == "RZ") {
            return true;
        }
        std::size_t start = 0;
        int index = 0;
        while (start <= text.size()) {
            std::size_t plus = text.find('+', start);
            if (plus == std::string_view::npos) {
                plus = text.size();
            }
            std::string_view part = text.substr(start, plus - start);
            start = plus + 1;
            u64 value = 0;
            s64 offset = 0;
            if (index == 0 && op.field >= 0 && !op.base_register_uniform && part.starts_with("R")) {
                if (!op.fixed_suffix.empty()) {
                    if (!part.ends_with(op.fixed_suffix)) {
                        return false;
                    }
                    part.remove_suffix(op.fixed_suffix.size());
                }
                if (!Suffix(op, part) || !ParseRegister(part, value) || !Set(op.field, value)) {
                    return false;
                }
            } else if (index == 0 && op.field >= 0 && op.base_register_uniform &&
                       part.starts_with("UR")) {
                if (!ParseUniform(part, value) || !Set(op.field, value)) {
                    return false;
                }
            } else if (part.starts_with("UR") && op.f3 >= 0) {
                if (!ParseUniform(part, value) || !Set(op.f3, value)) {
                    return false;
                }
            } else if (op.f2 >= 0 && ParseSigned(part, offset) && offset % op.scale == 0) {
                offset /= op.scale;
                if (!op.offset_unsigned && (op.signed_offset || index > 0)
                        ? !SetSigned(op.f2, offset)
                        : (offset < 0 || !Set(op.f2, static_cast<u64>(offset)))) {
                    return false;
                }
            } else {
                return false;
            }
            ++index;
            if (plus == text.size()) {
                break;
            }
        }
        return true;
    }

    Word Encode(u8 guard, bool guard_negated, const Control& control, bool have_control) const {
        const Encoding& encoding = *form_.encoding;
        Word word = form_.opcode_value;
        word.Set(encoding.guard.pos, 3, guard);
        word.Set(encoding.guard.pos + 3u, 1, guard_negated);
        EncodeControl(encoding, control, word);
        for (std::size_t i = 0; i < form_.fields.size(); ++i) {
            word.Set(form_.fields[i].pos, form_.fields[i].width, values_[i]);
        }
        // Fields written later may overlap earlier ones (shared bits); fixed values win.
        for (const Modifier& modifier : form_.modifiers) {
            if (modifier.kind == ModifierKind::Fixed) {
                const Field& field = form_.fields[static_cast<std::size_t>(modifier.field)];
                word.Set(field.pos, field.width, modifier.value);
            }
        }
        if (have_control) {
            word.Set(encoding.control + 17u, 4, control.reuse);
        }
        return word;
    }

private:
    const Form& form_;
    u64 address_;
    u64 hidden_;
    std::array<u64, kMaxFields> values_{};
};

std::vector<std::string_view> SplitOperands(std::string_view text) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '[') {
            ++depth;
        } else if (i < text.size() && text[i] == ']') {
            --depth;
        }
        if (i == text.size() || (depth == 0 && text[i] == ',')) {
            const std::string_view part = Trim(text.substr(start, i - start));
            if (!part.empty()) {
                parts.push_back(part);
            }
            start = i + 1;
        }
    }
    return parts;
}

std::string Normalize(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : Trim(text)) {
        if (c == ' ') {
            space = true;
            continue;
        }
        if (space && c != ';' && c != ',') {
            out += ' ';
        }
        space = false;
        out += c;
    }
    return out;
}

}  // namespace

Word Assemble(std::string_view text, u64 address) {
    return AmpereForms().Assemble(text, address);
}

Word FormSet::Assemble(std::string_view text, u64 address) const {
    const std::string original(text);
    text = Trim(text);
    Control control;
    bool have_control = false;
    if (text.starts_with("[B")) {
        have_control = true;
        const std::size_t close = text.find(']');
        const auto parsed = ParseControl(text.substr(0, close + 1));
        if (!parsed) {
            base::Fail("SASS assembler: bad control prefix in '{}'", original);
        }
        control = *parsed;
        text = Trim(text.substr(close + 1));
    }
    u8 guard = 7;
    bool guard_negated = false;
    if (text.starts_with("@")) {
        const std::size_t space = text.find(' ');
        std::string_view predicate = text.substr(1, space - 1);
        if (predicate.starts_with("!")) {
            guard_negated = true;
            predicate.remove_prefix(1);
        }
        u64 index = 0;
        if (!ParseIndexed(predicate, "P", "PT", 7, 7, index) &&
            !ParseIndexed(predicate, "UP", "UPT", 7, 7, index)) {
            base::Fail("SASS assembler: bad guard predicate in '{}'", original);
        }
        guard = static_cast<u8>(index);
        text = Trim(text.substr(space));
    }
    const bool semicolon = text.ends_with(";");
    const bool tight_semicolon = semicolon && !text.ends_with(" ;");
    if (semicolon) {
        text.remove_suffix(1);
    }
    text = Trim(text);
    const std::size_t space = text.find(' ');
    const std::string_view opcode = text.substr(0, space);
    const std::string_view operands = space == std::string_view::npos ? "" : text.substr(space);
    std::vector<std::string_view> tokens;
    std::size_t start = 0;
    while (start <= opcode.size()) {
        std::size_t dot = opcode.find('.', start);
        if (dot == std::string_view::npos) {
            dot = opcode.size();
        }
        tokens.push_back(opcode.substr(start, dot - start));
        start = dot + 1;
    }
    const std::string_view mnemonic = tokens.front();
    tokens.erase(tokens.begin());
    const std::vector<std::string_view> parts = SplitOperands(operands);
    const std::string wanted = Normalize(text);
    for (const Form* form : ForMnemonic(mnemonic)) {
        Encoder encoder(*form, address, control.hidden);
        if (!encoder.Modifiers(tokens) || !encoder.Operands(parts)) {
            continue;
        }
        if (!(control.ignored & ~form->ignored).IsZero()) {
            continue;
        }
        const Word word =
            encoder.Encode(guard, guard_negated, control, have_control) ^ control.ignored;
        const auto decoded = Decode(word);
        if (!decoded) {
            continue;
        }
        std::string again = Disassemble(*decoded, {.address = address});
        if (decoded->IsPredicated()) {
            again = again.substr(again.find(' ') + 1);
        }
        // With control bits given, "NOP;" and "NOP ;" are different words (Maxwell's zero word
        // and a NOP); without them the control is the padding one, which prints ";".
        const bool tight = again.ends_with(";") && !again.ends_with(" ;");
        if (again.ends_with(";")) {
            again.pop_back();
        }
        if (Normalize(again) == wanted &&
            (!semicolon || !have_control || tight == tight_semicolon)) {
            return word;
        }
    }
    base::Fail("SASS assembler: no instruction form matches '{}'", original);
}

}  // namespace shader::sass
