#include <cstring>

#include "shader/sass/form_set.h"
#include "shader/sass/instruction.h"

namespace shader::sass {

Word ToWord(const u8* bytes) {
    Word word;
    std::memcpy(&word.lo, bytes, 8);
    std::memcpy(&word.hi, bytes + 8, 8);
    return word;
}

Control DecodeControl(const Word& word) {
    return DecodeControl(AmpereEncoding(), word);
}

void EncodeControl(const Control& control, Word& word) {
    EncodeControl(AmpereEncoding(), control, word);
}

std::optional<Instruction> Decode(const Word& word) {
    return AmpereForms().Decode(word);
}

}  // namespace shader::sass
