#include <optional>
#include <regex>
#include <string>

#include "base/error.h"
#include "shader/sass/form.h"
#include "shader/sass/form_set.h"
#include "shader/sass/form_tables.h"
#include "shader/sass/ignored_bits.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

// Every form with a constant-buffer operand in the operand-form slots 3 and 5 ([9:12) = 3, 5,
// and 5's single-source variant 0xb) has a twin with bit 91 set whose bank is a uniform register
// [32:38) and whose bank field [54:59) is unused: cx[UR4][0x10] (CUDA 11.8's nvdisasm on every
// such key of the walk, tests/shader/probe/README.md). LDC and ULDC, whose bank register is
// elsewhere, have their own lines. JMP's bit 91 adds a uniform register operand instead
// (`JMP.INVALID1 P0, UR0, c[0x0][0x0]`, CUDA 11.8): no twin.
std::optional<std::string> UniformBankTwin(const FormSpec& spec) {
    const u16 form = spec.key & 0x1e00;
    if ((form != 0x600 && form != 0xa00 && form != 0xb00) || spec.mnemonic == "ULDC" ||
        spec.mnemonic == "JMP") {
        return std::nullopt;
    }
    // nvdisasm prints IMAD with a cx operand as IMAD, never as its MOV, SHL or IADD alias
    // (CUDA 13.0's listing of the probe sample: "IMAD.U32 R17, RZ, RZ, cx[UR5][0x0]").
    for (const std::string_view alias : {"MOV ", "SHL ", "IADD "}) {
        if (spec.spec.starts_with(alias)) {
            return std::nullopt;
        }
    }
    static const std::regex constant(R"(([|,] )C(?=[ ,]|$))");
    if (spec.spec.find(" C idx=") != std::string_view::npos ||
        !std::regex_search(spec.spec.begin(), spec.spec.end(), constant)) {
        return std::nullopt;
    }
    const std::string text(spec.spec);
    return "=0@54:5 " + std::regex_replace(text, constant, "$1C ubank=32");
}

void AddForm(std::vector<Form>& forms, Form form) {
    if (form.fields.size() > kMaxFields) {
        base::Fail("SASS form {}: too many fields", form.mnemonic);
    }
    forms.push_back(std::move(form));
}

std::vector<Form> ParseTables() {
    const std::span<const FormSpec> tables[] = {
        FloatForms(),   IntegerForms(), ConversionForms(), MoveForms(), MemoryForms(),
        ControlForms(), TextureForms(), UniformForms(),    WarpForms(), GraphicsForms(),
    };
    std::vector<Form> forms;
    for (const auto& table : tables) {
        for (const FormSpec& spec : table) {
            AddForm(forms, ParseForm(spec.mnemonic, spec.key, spec.spec));
            if (const auto twin = UniformBankTwin(spec)) {
                AddForm(forms, ParseForm(spec.mnemonic, spec.key | 0x1000, *twin));
            }
        }
    }
    return forms;
}

}  // namespace

const FormSet& AmpereForms() {
    static const FormSet forms(AmpereEncoding(), ParseTables(), AmpereIgnoredBits());
    return forms;
}

const std::vector<Form>& AllForms() {
    return AmpereForms().forms();
}

std::vector<const Form*> FormsForMnemonic(std::string_view mnemonic) {
    return AmpereForms().ForMnemonic(mnemonic);
}

}  // namespace shader::sass
