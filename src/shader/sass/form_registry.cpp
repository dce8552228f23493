#include "base/error.h"
#include "shader/sass/form.h"
#include "shader/sass/form_set.h"
#include "shader/sass/form_tables.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

std::vector<Form> ParseTables() {
    const std::span<const FormSpec> tables[] = {
        FloatForms(),   IntegerForms(), ConversionForms(), MoveForms(), MemoryForms(),
        ControlForms(), TextureForms(), UniformForms(),    WarpForms(), GraphicsForms(),
    };
    std::vector<Form> forms;
    for (const auto& table : tables) {
        for (const FormSpec& spec : table) {
            forms.push_back(ParseForm(spec.mnemonic, spec.key, spec.spec));
            if (forms.back().fields.size() > kMaxFields) {
                base::Fail("SASS form {}: too many fields", spec.mnemonic);
            }
        }
    }
    return forms;
}

}  // namespace

const FormSet& AmpereForms() {
    static const FormSet forms(AmpereEncoding(), ParseTables());
    return forms;
}

const std::vector<Form>& AllForms() {
    return AmpereForms().forms();
}

std::vector<const Form*> FormsForMnemonic(std::string_view mnemonic) {
    return AmpereForms().ForMnemonic(mnemonic);
}

}  // namespace shader::sass
