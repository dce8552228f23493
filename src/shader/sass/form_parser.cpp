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
// operand   := MAIN {ATTRIBUTE}
//   MAIN: R@P UR@P P@P UP@P B@P SB@P X@P:W S@P:W F@P D@P H2@P C A@P:W M BRA@P:W K{..}@P:W
//   ATTRIBUTE: -@P (negate) |@P (absolute) ~@P (bitwise not) !@P (predicate not) r@P (reuse)
//              .{..}@P[:W] (suffix enum) .NAME (fixed suffix) omit=V bank=P:W off=P:W idx=P
//              ubank=P base=P ubase=P ur=P urz wide=P scale=N sp (separated by a space only)
//              csp (a constant buffer printed "c[0x0] [0x4]")
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
    FormBuilder(std::string_view mnemonic, u16 key, std::string_view spec) {
        form_.mnemonic = std::string(mnemonic);
        form_.key = key;
        form_.spec = std::string(spec);
        form_.uniform_guard = mnemonic.starts_with("U") || mnemonic == "S2UR";
        // Opcode [0:12) and bit 91, guard predicate [12:16), control bits except reuse.
        form_.covered.Set(0, 16, 0xffff);
        form_.covered.Set(91, 1, 1);
        // Reuse flags [122:126) are control bits too: nvdisasm prints ".reuse" only on some
        // operands (never on RZ, never on IPA or TEX), so Control keeps all four.
        form_.covered.Set(105, 23, 0x7fffff);
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
            {"R", OperandKind::Register, 8},        {"UR", OperandKind::UniformRegister, 6},
            {"P", OperandKind::Predicate, 3},       {"UP", OperandKind::UniformPredicate, 3},
            {"B", OperandKind::Barrier, 4},         {"SB", OperandKind::ScoreboardBarrier, 3},
            {"X", OperandKind::HexImmediate, 32},   {"S", OperandKind::SignedImmediate, 32},
            {"F", OperandKind::Float32, 32},        {"D", OperandKind::Float64High, 32},
            {"H2", OperandKind::HalfPair, 32},      {"A", OperandKind::Attribute, 11},
            {"BRA", OperandKind::BranchTarget, 48},
        };
        if (kind == "X" && where.find('+') != std::string_view::npos) {
            // An immediate split over two fields, low part first (PLOP3's LUT).
            op.kind = OperandKind::HexImmediate;
            op.field = AddField(where.substr(0, where.find('+')), 8);
            op.f2 = AddField(where.substr(where.find('+') + 1), 8);
            return;
        }
        for (const Simple& simple : kSimple) {
            if (kind == simple.name) {
                op.kind = simple.kind;
                op.field = AddField(where, simple.width);
                return;
            }
        }
        if (kind == "C") {
            op.kind = OperandKind::ConstantBuffer;
            // Byte offset [40:54) in words: nvdisasm ignores bits 38 and 39.
            op.field = AddField("40:14", 14);
            op.scale = 4;
            op.f2 = AddField("54:5", 5);
        } else if (kind == "SR") {
            op.kind = OperandKind::Keyword;
            op.names = SpecialRegisterNames();
            op.field = AddField(where, 8);
        } else if (kind == "SWZ") {
            // FSWZADD: four lanes of two bits, most significant first, each printed as two
            // letters (as nvdisasm does): 0 PP, 1 PN, 2 NP, 3 ZP.
            op.kind = OperandKind::Keyword;
            static constexpr const char* kLane[] = {"PP", "PN", "NP", "ZP"};
            for (unsigned value = 0; value < 256; ++value) {
                std::string name;
                for (int lane = 3; lane >= 0; --lane) {
                    name += kLane[(value >> (2 * lane)) & 3];
                }
                op.names.push_back(name);
            }
            op.field = AddField(where, 8);
        } else if (kind == "M") {
            op.kind = OperandKind::Memory;
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
        } else if (name == "csp") {
            op.space_in_bank = true;
        } else if (name == "urz") {
            op.always_print_uniform = true;
        } else if (name == "wide") {
            op.suffix = AddField(value, 1);
            op.suffix_names = {"", ".64"};
        } else if (name == "unsigned") {
            op.signed_offset = false;
        } else if (name == "scale") {
            op.scale = static_cast<u8>(Number(value));
        } else {
            Bad(std::string("unknown attribute ") + std::string(token));
        }
    }

    Form form_;
};

}  // namespace

Form ParseForm(std::string_view mnemonic, u16 key, std::string_view spec) {
    return FormBuilder(mnemonic, key, spec).Build();
}

u16 OpcodeKey(const Word& word) {
    return static_cast<u16>(word.Get(0, 12) | word.Get(91, 1) << 12);
}

}  // namespace shader::sass
