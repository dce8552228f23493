#include "shader/sass/names.h"

#include <array>

namespace shader::sass {

std::span<const Mnemonic> AllMnemonics() {
#define NX_SASS_NAME(id, text) op::id,
    static constexpr std::array kAll{NX_SASS_MNEMONICS(NX_SASS_NAME)};
#undef NX_SASS_NAME
    return kAll;
}

std::span<const ModifierName> AllModifierNames() {
#define NX_SASS_NAME(id, text) mod::id,
    static constexpr std::array kAll{NX_SASS_MODIFIERS(NX_SASS_NAME)};
#undef NX_SASS_NAME
    return kAll;
}

}  // namespace shader::sass
