#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "shader/sass/form.h"
#include "shader/sass/instruction.h"

namespace shader::sass {

// The forms of one instruction set, looked up by the bits of its Encoding::bucket, and the
// strict decoding and the assembly that every instruction set shares: a word decodes only when
// one form explains every set bit, and text assembles only to a word that prints as that text.
class FormSet {
public:
    FormSet(const Encoding& encoding, std::vector<Form> forms);
    FormSet(const FormSet&) = delete;
    FormSet& operator=(const FormSet&) = delete;

    const Encoding& encoding() const { return encoding_; }
    const std::vector<Form>& forms() const { return forms_; }
    u32 BucketOf(const Word& word) const;
    // Candidates of one bucket, the forms with the most opcode bits first, then table order.
    std::span<const Form* const> Candidates(u32 bucket) const;
    std::vector<const Form*> ForMnemonic(std::string_view mnemonic) const;

    std::optional<Instruction> Decode(const Word& word) const;
    // Throws base::Error when the text matches no form.
    Word Assemble(std::string_view text, u64 address) const;

private:
    const Encoding& encoding_;
    std::vector<Form> forms_;
    std::vector<std::vector<const Form*>> buckets_;
};

Control DecodeControl(const Encoding& encoding, const Word& word);
void EncodeControl(const Encoding& encoding, const Control& control, Word& word);

}  // namespace shader::sass
