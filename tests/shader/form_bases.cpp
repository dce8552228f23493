#include "form_bases.h"

#include <cstdio>
#include <optional>

#include "shader/sass/instruction.h"

namespace shader::sass::testing {
namespace {

std::string Hex(const Word& word) {
    char text[40];
    std::snprintf(text, sizeof(text), "%016llx%016llx", static_cast<unsigned long long>(word.hi),
                  static_cast<unsigned long long>(word.lo));
    return text;
}

// The word with only what `form` explains kept, its Fixed fields at their values.
Word Stripped(const Form& form, const Word& word) {
    const auto [fixed, values] = FixedBits(form);
    return (word & form.covered & ~fixed) | values;
}

bool DecodesTo(const FormSet& forms, const Word& word, const ListedWord& listed,
               const Form*& form) {
    const auto instruction = forms.Decode(word);
    if (!instruction || !instruction->control.ignored.IsZero() ||
        Disassemble(*instruction, {.address = listed.address}) != listed.text) {
        return false;
    }
    form = instruction->form;
    return true;
}

}  // namespace

void PrintForms(const FormSet& forms) {
    const std::vector<Form>& all = forms.forms();
    for (std::size_t i = 0; i < all.size(); ++i) {
        std::printf("form\t%zu\t%s\t%s\t%s\t%s\n", i, all[i].mnemonic.c_str(),
                    Hex(all[i].opcode_value).c_str(), all[i].spec.c_str(),
                    Hex(all[i].ignored).c_str());
    }
}

void PrintWrongIgnored(const FormSet& forms, const Word& word) {
    const auto instruction = forms.Decode(word);
    if (instruction && !instruction->control.ignored.IsZero()) {
        std::printf("wrong\t%zu\t%s\n",
                    static_cast<std::size_t>(instruction->form - forms.forms().data()),
                    Hex(instruction->control.ignored).c_str());
    }
}

void PrintFormBases(const FormSet& forms, const std::vector<ListedWord>& words) {
    const std::vector<Form>& all = forms.forms();
    PrintForms(forms);
    for (const ListedWord& listed : words) {
        const Form* form = nullptr;
        Word base = listed.word;
        if (!DecodesTo(forms, base, listed, form)) {
            for (const Form* candidate : forms.Candidates(forms.BucketOf(listed.word))) {
                base = Stripped(*candidate, listed.word);
                if (DecodesTo(forms, base, listed, form)) {
                    break;
                }
                form = nullptr;
            }
        }
        if (form == nullptr) {
            continue;
        }
        const Word flippable = ~form->covered | FixedBits(*form).first;
        std::printf("base\t%zu\t%s\t%llx\t%s\n", static_cast<std::size_t>(form - all.data()),
                    Hex(base).c_str(), static_cast<unsigned long long>(listed.address),
                    Hex(flippable).c_str());
    }
}

}  // namespace shader::sass::testing
