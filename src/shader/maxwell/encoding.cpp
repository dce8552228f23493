#include <string>

#include "base/error.h"
#include "shader/maxwell/form_tables.h"
#include "shader/maxwell/instruction.h"
#include "shader/maxwell/special_registers.h"

namespace shader::maxwell {
namespace {

// Facts: Mesa's nv50_ir_emit_gm107.cpp (field positions), yuzu's maxwell.inc (opcode patterns),
// then nvdisasm 11.8 on probe words (tests/shader/maxwell_probe/README.md).
void ParsePattern(const FormSpec& spec, sass::Word& mask, sass::Word& value) {
    int bit = 63;
    for (const char c : spec.opcode) {
        if (c == ' ') {
            continue;
        }
        if (bit < 0 || (c != '0' && c != '1' && c != '-')) {
            base::Fail("Maxwell form {}: bad opcode pattern '{}'", spec.mnemonic, spec.opcode);
        }
        if (c != '-') {
            mask.Set(static_cast<unsigned>(bit), 1, 1);
            value.Set(static_cast<unsigned>(bit), 1, c == '1');
        }
        --bit;
    }
}

// ALU forms come in up to four variants told apart by the opcode's top byte: the second source
// $X a register (top byte as written, 0x5c), a constant buffer (0x4c) or an immediate (0x38;
// bit 56 is its sign; $H, an F16 source, has a half in [20:36)), and for forms with a third source
// $C, that one a constant buffer (0x54). Attributes after a marker (up to the next comma) stay with
// registers and constant buffers, reuse flags only with registers (the second source keeps its flag
// when it moves to bit 39); an immediate takes none.
enum class Variant { Register, Cbuf, RegisterCbuf, Immediate };

struct Marker {
    std::size_t start = std::string_view::npos;
    std::size_t end = 0;     // of its attributes
    std::string kind;        // "$F", "$I", "$D", "$H", "$C"
    std::string attributes;  // without reuse flags
    std::string reuse;
};

Marker FindMarker(std::string_view spec, std::string_view kinds) {
    Marker marker;
    for (std::size_t at = spec.find('$'); at != std::string_view::npos;
         at = spec.find('$', at + 1)) {
        if (at + 1 < spec.size() && kinds.find(spec[at + 1]) != std::string_view::npos) {
            marker.start = at;
            break;
        }
    }
    if (marker.start == std::string_view::npos) {
        return marker;
    }
    marker.kind = std::string(spec.substr(marker.start, 2));
    int depth = 0;
    marker.end = marker.start;
    while (marker.end < spec.size() && (depth > 0 || spec[marker.end] != ',')) {
        depth += spec[marker.end] == '{' ? 1 : spec[marker.end] == '}' ? -1 : 0;
        ++marker.end;
    }
    std::string_view rest = spec.substr(marker.start + 2, marker.end - marker.start - 2);
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        const std::string_view token = rest.substr(0, space);
        if (!token.empty()) {
            (token.starts_with("r@") ? marker.reuse : marker.attributes) +=
                " " + std::string(token);
        }
        rest = space == std::string_view::npos ? "" : rest.substr(space + 1);
    }
    return marker;
}

std::string ImmediateText(std::string_view kind) {
    if (kind == "$F") {
        return "F@20:19+56:1 shl=12";
    }
    if (kind == "$D") {
        return "D@20:19+56:1 shl=12";
    }
    if (kind == "$H") {
        return "H@20";  // an F16 source's immediate: one half, bit 56 not its sign (CUDA 11.8)
    }
    return "S@20:19+56:1";
}

std::string Expand(std::string_view spec, Variant variant) {
    const Marker b = FindMarker(spec, "FIDH");
    const Marker c = FindMarker(spec, "C");
    std::string b_text;
    std::string c_text = c.start == std::string_view::npos ? "" : "R@39" + c.reuse + c.attributes;
    switch (variant) {
        case Variant::Register:
            b_text = "R@20" + b.reuse + b.attributes;
            break;
        case Variant::Cbuf:
            b_text = "C" + b.attributes;
            break;
        case Variant::RegisterCbuf:
            b_text = "R@39" + b.reuse + b.attributes;
            c_text = "C" + c.attributes;
            break;
        case Variant::Immediate:
            b_text = ImmediateText(b.kind);
            break;
    }
    std::string out(spec);
    if (c.start != std::string_view::npos) {
        out.replace(c.start, c.end - c.start, c_text);
    }
    out.replace(b.start, b.end - b.start, b_text);
    return out;
}

// The opcode pattern with its top byte replaced ('-' for bit 56 of an immediate variant).
std::string WithTopByte(std::string_view pattern, u8 top, bool immediate) {
    std::string out(pattern);
    int bit = 7;
    for (char& c : out) {
        if (c == ' ') {
            continue;
        }
        if (bit < 0) {
            break;
        }
        c = (immediate && bit == 0) ? '-' : (((top >> bit) & 1) ? '1' : '0');
        --bit;
    }
    return out;
}

u8 TopByte(std::string_view pattern) {
    u8 top = 0;
    int taken = 0;
    for (const char c : pattern) {
        if (c != ' ' && taken < 8) {
            top = static_cast<u8>(top << 1 | (c == '1'));
            ++taken;
        }
    }
    return top;
}

void AddForm(std::vector<sass::Form>& forms, std::string_view mnemonic, std::string_view opcode,
             std::string_view spec) {
    const FormSpec pattern{mnemonic, opcode, spec};
    sass::Word mask;
    sass::Word value;
    ParsePattern(pattern, mask, value);
    forms.push_back(sass::ParseForm(MaxwellEncoding(), mnemonic, mask, value, spec));
    if (forms.back().fields.size() > sass::kMaxFields) {
        base::Fail("Maxwell form {}: too many fields", mnemonic);
    }
}

std::vector<sass::Form> ParseTables() {
    const std::span<const FormSpec> tables[] = {
        FloatForms(),   IntegerForms(), MoveForms(), MemoryForms(),
        ControlForms(), TextureForms(), HalfForms(),
    };
    std::vector<sass::Form> forms;
    for (const auto& table : tables) {
        for (const FormSpec& spec : table) {
            if (FindMarker(spec.spec, "FIDH").start == std::string_view::npos) {
                AddForm(forms, spec.mnemonic, spec.opcode, spec.spec);
                continue;
            }
            const u8 top = TopByte(spec.opcode);
            const bool three = FindMarker(spec.spec, "C").start != std::string_view::npos;
            AddForm(forms, spec.mnemonic, spec.opcode, Expand(spec.spec, Variant::Register));
            AddForm(forms, spec.mnemonic, WithTopByte(spec.opcode, top - 0x10, false),
                    Expand(spec.spec, Variant::Cbuf));
            if (three) {
                AddForm(forms, spec.mnemonic, WithTopByte(spec.opcode, top - 0x08, false),
                        Expand(spec.spec, Variant::RegisterCbuf));
            }
            AddForm(forms, spec.mnemonic,
                    WithTopByte(spec.opcode, static_cast<u8>(0x30 | (top & 7) << 1), true),
                    Expand(spec.spec, Variant::Immediate));
        }
    }
    return forms;
}

}  // namespace

const sass::Encoding& MaxwellEncoding() {
    static const sass::Encoding encoding{
        .guard = {16, 3},
        .control = 64,
        .cbuf_offset = {20, 14},
        .cbuf_bank = {34, 5},
        .branch_width = 24,
        .branch_scale = 1,
        .branch_from = 8,
        .spaced_self_branch = true,
        .tight_padding = true,
        .reuse_on_rz = true,
        .uniform_guards = false,
        .bucket = {{51, 13}},
        .special_registers = &SpecialRegisterNames(),
    };
    return encoding;
}

const sass::FormSet& Forms() {
    static const sass::FormSet forms(MaxwellEncoding(), ParseTables(), MaxwellIgnoredBits());
    return forms;
}

sass::Word MakeWord(u64 instruction, u32 control) {
    return {instruction, control & 0x1fffffu};
}

u64 InstructionBits(const sass::Word& word) {
    return word.lo;
}

u32 ControlBits(const sass::Word& word) {
    return static_cast<u32>(word.hi & 0x1fffff);
}

std::optional<Instruction> Decode(u64 instruction, u32 control) {
    return Forms().Decode(MakeWord(instruction, control));
}

Assembled Assemble(std::string_view text, u64 address) {
    const sass::Word word = Forms().Assemble(text, address);
    return {InstructionBits(word), ControlBits(word)};
}

}  // namespace shader::maxwell
