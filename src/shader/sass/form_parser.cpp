// Parses the one-line descriptions of instruction forms used by the forms_*.cpp tables.
//
// spec      := modifiers ["|" operand {"," operand}]
// modifier  := NAME "@" POS                 flag bit: ".NAME" when set
//            | "{" NAME? {"," NAME?} "}" "@" POS [":" WIDTH]   enum ("?" marks an invalid value)
//            | NAME                         always printed
//            | "=" VALUE "@" POS ":" WIDTH  hidden bits that must hold VALUE
//            | "^@" POS ":" WIDTH            hidden bits that must hold a power of two
//            | "#@" POS ":" WIDTH            bits nvdisasm does not print (kept in the control
//                                            prefix of our text for round trips)
//            | ";" | ";!"                   "NOP;" for padding control bits / always
//            | "noguard"                    guard bits 0 and not printed
// operand   := MAIN {ATTRIBUTE}
//   MAIN: R@P UR@P P@P UP@P B@P SB@P X@P:W S@P:W F@P D@P H2@P H@P C A@P:W M BRA@P:W K{..}@P:W
//         SR@P SWZ@P SWZM@P L{TEXT} (printed as it is, no bits)
//         X, S, F and D may be split over two fields, low part first: S@20:19+56:1
//   ATTRIBUTE: -@P (negate) |@P (absolute) ~@P (bitwise not) !@P (predicate not) r@P (reuse)
//              .{..}@P[:W] (suffix enum) .NAME (fixed suffix) omit=V bank=P:W off=P:W idx=P
//              ubank=P base=P ubase=P ur=P urz wide=P scale=N (bytes per unit of an
//              immediate or offset) shl=N (immediate bits from N up) csp ("c[0x3] [0x14]") rz0
//              ("a[RZ]", "c[0x0][RZ]" for index RZ and offset 0) in (the suffix inside absolute
//              bars) sp (separated by a space only)
#include <algorithm>
#include <bit>
#include <charconv>

#include "base/error.h"
#include "shader/sass/form.h"
#include "shader/sass/special_registers.h"

namespace shader::sass {
namespace {

std::vector<std::string_view> Split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '{') {
            ++depth;
        } else if (i < text.size() && text[i] == '}') {
            --depth;
        }
        if (i == text.size() || (text[i] == separator && depth == 0)) {
            std::string_view part = text.substr(start, i - start);
            while (!part.empty() && part.front() == ' ') {
                part.remove_prefix(1);
            }
            while (!part.empty() && part.back() == ' ') {
                part.remove_suffix(1);
            }
            if (!part.empty()) {
                parts.push_back(part);
            }
            start = i + 1;
        }
    }
    return parts;
}

class FormBuilder {
public:
    FormBuilder(const Encoding& encoding, std::string_view mnemonic, const Word& opcode_mask,
                const Word& opcode_value, std::string_view spec)
        : encoding_(encoding) {
        form_.encoding = &encoding;
        form_.mnemonic = std::string(mnemonic);
        form_.opcode_mask = opcode_mask;
        form_.opcode_value = opcode_value;
        form_.spec = std::string(spec);
        form_.uniform_guard =
            encoding.uniform_guards && (mnemonic.starts_with("U") || mnemonic == "S2UR");
        // The reuse flags are control bits too: nvdisasm prints ".reuse" only on some operands
        // (never on RZ, never on IPA or TEX), so Control keeps all four.
        form_.covered = opcode_mask;
        form_.covered.Set(encoding.guard.pos, 4, 0xf);
        form_.covered.Set(encoding.control, 21, 0x1fffff);
    }

    Form Build() {
        const std::size_t bar = form_.spec.find('|');
        const std::string_view spec = form_.spec;
        const std::string_view modifiers = bar == std::string::npos ? spec : spec.substr(0, bar);
        for (std::string_view token : Split(modifiers, ' ')) {
            ParseModifier(token);
        }
        if (bar != std::string::npos) {
            for (std::string_view operand : Split(spec.substr(bar + 1), ',')) {
                ParseOperand(operand);
            }
        }
        return std::move(form_);
    }

private:
    [[noreturn]] void Bad(std::string_view what) const {
        base::Fail("SASS form {} ({}): {}", form_.mnemonic, form_.spec, what);
    }

    u64 Number(std::string_view text) const {
        u64 value = 0;
        int base = 10;
        if (text.starts_with("0x")) {
            text.remove_prefix(2);
            base = 16;
        }
        const auto [end, error] =
            std::from_chars(text.data(), text.data() + text.size(), value, base);
        if (error != std::errc() || end != text.data() + text.size()) {
            Bad(std::string("bad number ") + std::string(text));
        }
        return value;
    }

    // "POS" or "POS:WIDTH" -> a new field index.
    int AddField(std::string_view text, unsigned default_width) {
        const std::size_t colon = text.find(':');
        Field field;
        field.pos = static_cast<u8>(Number(text.substr(0, colon)));
        field.width = static_cast<u8>(
            colon == std::string_view::npos ? default_width : Number(text.substr(colon + 1)));
        if (field.width == 0 || field.width > 64 || field.pos + field.width > 128) {
            Bad("bad field");
        }
        form_.covered.Set(field.pos, field.width, ~u64{0});
        form_.fields.push_back(field);
        return static_cast<int>(form_.fields.size() - 1);
    }

    // "{A,,B}" -> names; the enum's width is the one needed for all of them.
    static std::vector<std::string> Names(std::string_view text) {
        std::vector<std::string> names;
        text = text.substr(1, text.find('}') - 1);
        std::size_t start = 0;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            if (i == text.size() || text[i] == ',') {
                names.emplace_back(text.substr(start, i - start));
                start = i + 1;
            }
        }
        return names;
    }

    static unsigned WidthFor(std::size_t count) {
        return count <= 1 ? 1 : static_cast<unsigned>(std::bit_width(count - 1));
    }

    void ParseModifier(std::string_view token) {
        if (token == ";") {
            form_.no_space_before_semicolon = true;
            return;
        }
        if (token == ";!") {
            form_.always_tight = true;
            return;
        }
        if (token == "noguard") {
            form_.unguarded = true;
            Modifier zero;
            zero.kind = ModifierKind::Fixed;
            zero.field = AddField(FieldText(Field{encoding_.guard.pos, 4}), 0);
            form_.modifiers.push_back(std::move(zero));
            return;
        }
        Modifier modifier;
        const std::size_t at = token.find('@');
        if (token.front() == '^') {
            modifier.kind = ModifierKind::PowerOfTwo;
            modifier.field = AddField(token.substr(at + 1), 1);
        } else if (token.front() == '#') {
            modifier.kind = ModifierKind::Hidden;
            modifier.field = AddField(token.substr(at + 1), 1);
        } else if (token.front() == '=') {
            modifier.kind = ModifierKind::Fixed;
            modifier.value = Number(token.substr(1, at - 1));
            modifier.field = AddField(token.substr(at + 1), 1);
        } else if (token.front() == '{') {
            modifier.kind = ModifierKind::Enum;
            modifier.names = Names(token);
            modifier.field = AddField(token.substr(at + 1), WidthFor(modifier.names.size()));
        } else if (at != std::string_view::npos) {
            modifier.kind = ModifierKind::Flag;
            modifier.names = {std::string(token.substr(0, at))};
            modifier.field = AddField(token.substr(at + 1), 1);
        } else {
            modifier.kind = ModifierKind::Literal;
            modifier.names = {std::string(token)};
        }
        form_.modifiers.push_back(std::move(modifier));
    }

    void ParseOperand(std::string_view text) {
        const std::vector<std::string_view> tokens = Split(text, ' ');
        if (tokens.front().starts_with("=") || tokens.front().starts_with("^") ||
            tokens.front().starts_with("#")) {
            for (std::string_view token : tokens) {
                ParseModifier(token);
            }
            return;
        }
        OperandSpec op;
        ParseMain(tokens.front(), op);
        if (op.kind == OperandKind::ConstantBuffer) {
            const auto given = [&](std::string_view prefix) {
                return std::any_of(tokens.begin() + 1, tokens.end(),
                                   [&](std::string_view t) { return t.starts_with(prefix); });
            };
            if (!given("off=")) {
                op.field = AddField(FieldText(encoding_.cbuf_offset), 0);
            }
            if (!given("bank=")) {
                op.f2 = AddField(FieldText(encoding_.cbuf_bank), 0);
            }
        }
        for (std::size_t i = 1; i < tokens.size(); ++i) {
            ParseAttribute(tokens[i], op);
        }
        form_.operands.push_back(std::move(op));
    }

    void ParseMain(std::string_view token, OperandSpec& op) {
        const std::size_t at = token.find('@');
        const std::string_view kind = token.substr(0, at);
        const std::string_view where = at == std::string_view::npos ? "" : token.substr(at + 1);
        struct Simple {
            std::string_view name;
            OperandKind kind;
            unsigned width;
        };
        static constexpr Simple kSimple[] = {
            {"R", OperandKind::Register, 8},      {"UR", OperandKind::UniformRegister, 6},
            {"P", OperandKind::Predicate, 3},     {"UP", OperandKind::UniformPredicate, 3},
            {"B", OperandKind::Barrier, 4},       {"SB", OperandKind::ScoreboardBarrier, 3},
            {"X", OperandKind::HexImmediate, 32}, {"S", OperandKind::SignedImmediate, 32},
            {"F", OperandKind::Float32, 32},      {"D", OperandKind::Float64High, 32},
            {"H2", OperandKind::HalfPair, 32},    {"H", OperandKind::Half, 16},
            {"A", OperandKind::Attribute, 11},    {"BRA", OperandKind::BranchTarget, 48},
        };
        for (const Simple& simple : kSimple) {
            if (kind != simple.name) {
                continue;
            }
            op.kind = simple.kind;
            const std::size_t plus = where.find('+');
            if (plus != std::string_view::npos) {
                // An immediate split over two fields, low part first (PLOP3's LUT, Maxwell's
                // 20-bit immediates with their sign at bit 56).
                op.field = AddField(where.substr(0, plus), 8);
                op.f2 = AddField(where.substr(plus + 1), 8);
            } else {
                op.field =
                    AddField(where, op.kind == OperandKind::BranchTarget ? encoding_.branch_width
                                                                         : simple.width);
            }
            if (op.kind == OperandKind::BranchTarget) {
                op.scale = encoding_.branch_scale;
            }
            return;
        }
        if (kind == "C") {
            // The encoding's offset and bank unless attributes give others (ParseOperand).
            op.kind = OperandKind::ConstantBuffer;
            op.scale = 4;
        } else if (kind == "SR") {
            op.kind = OperandKind::Keyword;
            op.names = *encoding_.special_registers;
            op.field = AddField(where, 8);
        } else if (kind == "SWZ" || kind == "SWZM") {
            // FSWZADD: four lanes of two bits, most significant first, each printed as two
            // letters (as nvdisasm does): 0 PP, 1 PN, 2 NP, 3 ZP (Maxwell, SWZM: 1 NP, 2 PN).
            op.kind = OperandKind::Keyword;
            static constexpr const char* kLane[] = {"PP", "PN", "NP", "ZP"};
            static constexpr const char* kMaxwellLane[] = {"PP", "NP", "PN", "ZP"};
            for (unsigned value = 0; value < 256; ++value) {
                std::string name;
                for (int lane = 3; lane >= 0; --lane) {
                    name += (kind == "SWZ" ? kLane : kMaxwellLane)[(value >> (2 * lane)) & 3];
                }
                op.names.push_back(name);
            }
            op.field = AddField(where, 8);
        } else if (kind == "M") {
            op.kind = OperandKind::Memory;
        } else if (kind.starts_with("L{")) {
            // Text printed as it is, from no bits (Maxwell's TEX.B prints "0x0" there).
            op.kind = OperandKind::Keyword;
            op.names = Names(kind.substr(1));
        } else if (kind.starts_with("K{")) {
            op.kind = OperandKind::Keyword;
            op.names = Names(kind.substr(1));
            op.field = AddField(where, WidthFor(op.names.size()));
        } else {
            Bad(std::string("unknown operand ") + std::string(token));
        }
    }

    void ParseAttribute(std::string_view token, OperandSpec& op) {
        const std::size_t at = token.find('@');
        const std::size_t equals = token.find('=');
        const std::string_view where = at == std::string_view::npos ? "" : token.substr(at + 1);
        const std::string_view value =
            equals == std::string_view::npos ? "" : token.substr(equals + 1);
        const std::string_view name = token.substr(0, std::min(at, equals));
        if (name == "-") {
            op.negate = AddField(where, 1);
        } else if (name == "|") {
            op.absolute = AddField(where, 1);
        } else if (name == "~" || name == "!") {
            op.invert = AddField(where, 1);
        } else if (name == "r") {
            op.reuse = AddField(where, 1);
        } else if (name.starts_with(".{")) {
            op.suffix_names = Names(name.substr(1));
            for (std::string& suffix : op.suffix_names) {
                if (!suffix.empty() && suffix != "?") {
                    suffix = "." + suffix;
                }
            }
            op.suffix = AddField(where, WidthFor(op.suffix_names.size()));
        } else if (name.starts_with(".")) {
            op.fixed_suffix = std::string(name);
        } else if (name == "omit") {
            op.omit_when = Number(value);
        } else if (name == "bank") {
            op.f2 = AddField(value, 5);
        } else if (name == "off") {
            const int field = AddField(value, 24);
            (op.kind == OperandKind::ConstantBuffer ? op.field : op.f2) = field;
        } else if (name == "idx" || name == "base") {
            op.f3 = AddField(value, 8);
            if (name == "base") {
                op.field = op.f3;
                op.f3 = -1;
            }
        } else if (name == "ubase") {
            op.field = AddField(value, 6);
            op.base_register_uniform = true;
        } else if (name == "ubank") {
            op.f4 = AddField(value, 6);
        } else if (name == "ur") {
            op.f3 = AddField(value, 6);
        } else if (name == "nz") {
            op.not_zero_register = true;
        } else if (name == "positive") {
            op.offset_unsigned = true;
        } else if (name == "sp") {
            op.space_before = true;
        } else if (name == "urz") {
            op.always_print_uniform = true;
        } else if (name == "wide") {
            op.suffix = AddField(value, 1);
            op.suffix_names = {"", ".64"};
        } else if (name == "unsigned") {
            op.signed_offset = false;
        } else if (name == "scale") {
            op.scale = static_cast<u8>(Number(value));
        } else if (name == "shl") {
            op.shift = static_cast<u8>(Number(value));
        } else if (name == "csp") {
            op.spaced_bank = true;
        } else if (name == "in") {
            op.suffix_inside = true;
        } else if (name == "rz0") {
            op.zero_as_rz = true;
        } else {
            Bad(std::string("unknown attribute ") + std::string(token));
        }
    }

    static std::string FieldText(const Field& field) {
        return std::to_string(field.pos) + ":" + std::to_string(field.width);
    }

    const Encoding& encoding_;
    Form form_;
};

}  // namespace

const Encoding& AmpereEncoding() {
    static const Encoding encoding{
        .guard = {12, 3},
        .control = 105,
        // Byte offset [40:54) in words: nvdisasm ignores bits 38 and 39.
        .cbuf_offset = {40, 14},
        .cbuf_bank = {54, 5},
        .branch_width = 48,
        .branch_scale = 4,
        .branch_from = 16,
        .spaced_self_branch = false,
        .uniform_guards = true,
        .bucket = {{0, 12}, {91, 1}},
        .special_registers = &SpecialRegisterNames(),
    };
    return encoding;
}

Form ParseForm(const Encoding& encoding, std::string_view mnemonic, const Word& opcode_mask,
               const Word& opcode_value, std::string_view spec) {
    return FormBuilder(encoding, mnemonic, opcode_mask, opcode_value, spec).Build();
}

Form ParseForm(std::string_view mnemonic, u16 key, std::string_view spec) {
    Word mask;
    mask.Set(0, 12, 0xfff);
    mask.Set(91, 1, 1);
    Word value;
    value.Set(0, 12, key & 0xfff);
    value.Set(91, 1, key >> 12);
    Form form = ParseForm(AmpereEncoding(), mnemonic, mask, value, spec);
    form.key = key;
    return form;
}

u16 OpcodeKey(const Word& word) {
    return static_cast<u16>(word.Get(0, 12) | word.Get(91, 1) << 12);
}

}  // namespace shader::sass
