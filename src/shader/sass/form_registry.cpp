#include <array>
#include <mutex>

#include "base/error.h"
#include "shader/sass/form.h"
#include "shader/sass/form_tables.h"
#include "shader/sass/instruction.h"

namespace shader::sass {
namespace {

struct Registry {
    std::vector<Form> forms;
    std::array<std::vector<const Form*>, 0x2000> by_key;

    Registry() {
        const std::span<const FormSpec> tables[] = {
            FloatForms(),   IntegerForms(), ConversionForms(), MoveForms(), MemoryForms(),
            ControlForms(), TextureForms(), UniformForms(),    WarpForms(), GraphicsForms(),
        };
        for (const auto& table : tables) {
            for (const FormSpec& spec : table) {
                forms.push_back(ParseForm(spec.mnemonic, spec.key, spec.spec));
                if (forms.back().fields.size() > kMaxFields) {
                    base::Fail("SASS form {}: too many fields", spec.mnemonic);
                }
            }
        }
        for (const Form& form : forms) {
            by_key[form.key & 0x1fff].push_back(&form);
        }
    }
};

const Registry& GetRegistry() {
    static const Registry registry;
    return registry;
}

}  // namespace

const std::vector<Form>& AllForms() {
    return GetRegistry().forms;
}

const std::vector<const Form*>& FormsForKey(u16 key) {
    return GetRegistry().by_key[key & 0x1fff];
}

std::vector<const Form*> FormsForMnemonic(std::string_view mnemonic) {
    std::vector<const Form*> result;
    for (const Form& form : GetRegistry().forms) {
        if (form.mnemonic == mnemonic) {
            result.push_back(&form);
        }
    }
    return result;
}

}  // namespace shader::sass
