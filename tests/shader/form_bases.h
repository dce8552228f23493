#pragma once

#include <string>
#include <vector>

#include "shader/sass/form_set.h"

namespace shader::sass::testing {

// A word nvdisasm printed with a clean text, at an address.
struct ListedWord {
    Word word;
    u64 address = 0;
    std::string text;
};

// For the ignored-bits generator (tests/shader/probe/find_ignored_bits.py): prints every form of
// `forms`
//   form TAB INDEX TAB MNEMONIC TAB OPCODE TAB SPEC TAB IGNORED (32 hex digits each)
// then, for each listed word we decode exactly to nvdisasm's text, or that does once the bits no
// field of a form explains are cleared (IgnoresBits in probe_listing.cpp), a base word of that
// form and the bits worth flipping on it (no field explains them, or a Fixed field holds them):
//   base TAB INDEX TAB WORD TAB ADDRESS TAB FLIPPABLE (32 hex digits each, the address in hex)
void PrintFormBases(const FormSet& forms, const std::vector<ListedWord>& words);

// The same form lines, then for each word that decodes only through ignored bits and that
// `wrong` says we print or assemble otherwise than nvdisasm (or that nvdisasm calls illegal):
//   wrong TAB INDEX TAB IGNORED (the word's Control::ignored)
// so that find_ignored_bits.py --prune can take those bits out of the table.
void PrintForms(const FormSet& forms);
void PrintWrongIgnored(const FormSet& forms, const Word& word);

}  // namespace shader::sass::testing
