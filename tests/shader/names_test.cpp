// The translator's checked names (sass/names.h) against the form tables: each constant is a
// mnemonic, or a modifier's printed name, of some Ampere or Maxwell form, so a misspelt constant
// (which would bind a handler no instruction reaches, or ask for a modifier no form prints) fails
// here.

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "shader/maxwell/instruction.h"
#include "shader/sass/instruction.h"
#include "shader/sass/names.h"

namespace {

using shader::sass::Form;

template <typename Visit>
void ForEachForm(Visit visit) {
    for (const Form& form : shader::sass::AmpereForms().forms()) {
        visit(form);
    }
    for (const Form& form : shader::maxwell::Forms().forms()) {
        visit(form);
    }
}

TEST(SassNames, EveryMnemonicConstantIsAFormsMnemonic) {
    std::set<std::string, std::less<>> mnemonics;
    ForEachForm([&](const Form& form) { mnemonics.insert(form.mnemonic); });
    ASSERT_GT(shader::sass::AllMnemonics().size(), 100u);
    for (const shader::sass::Mnemonic name : shader::sass::AllMnemonics()) {
        EXPECT_TRUE(mnemonics.contains(name.text)) << "op::k" << name.text << ": no form has it";
    }
}

TEST(SassNames, EveryModifierConstantIsAFormsModifierName) {
    std::set<std::string, std::less<>> modifiers;
    ForEachForm([&](const Form& form) {
        for (const shader::sass::Modifier& modifier : form.modifiers) {
            modifiers.insert(modifier.names.begin(), modifier.names.end());
        }
    });
    ASSERT_GT(shader::sass::AllModifierNames().size(), 100u);
    for (const shader::sass::ModifierName name : shader::sass::AllModifierNames()) {
        EXPECT_TRUE(modifiers.contains(name.text))
            << "mod::k" << name.text << ": no form prints it";
    }
}

TEST(SassNames, ConstantsCompareByText) {
    EXPECT_EQ(shader::sass::op::kFADD, shader::sass::Mnemonic{"FADD"});
    EXPECT_TRUE(std::string_view("FADD") == shader::sass::op::kFADD);
    EXPECT_FALSE(std::string_view("FADD32I") == shader::sass::op::kFADD);
    EXPECT_EQ(shader::sass::mod::kF32_FTZ_RN.text, "F32.FTZ.RN");
    EXPECT_EQ(shader::sass::mod::k32.text, "32");
}

}  // namespace
