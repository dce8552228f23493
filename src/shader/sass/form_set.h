#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "shader/sass/form.h"
#include "shader/sass/ignored_bits.h"
#include "shader/sass/instruction.h"

namespace shader::sass {

// The forms of one instruction set, looked up by the bits of its Encoding::bucket, and the
// decoding and the assembly that every instruction set shares: a word decodes only when one form
// explains every set bit (or the form's bits nvdisasm ignores hold them, `ignored`), and text
// assembles only to a word that prints as that text.
class FormSet {
public:
    FormSet(const Encoding& encoding, std::vector<Form> forms,
            std::span<const IgnoredBits> ignored = {});
    FormSet(const FormSet&) = delete;
    FormSet& operator=(const FormSet&) = delete;

    const Encoding& encoding() const { return encoding_; }
    const std::vector<Form>& forms() const { return forms_; }
    u32 BucketOf(const Word& word) const;
    // Candidates of one bucket, the forms with the most opcode bits first, then table order.
    std::span<const Form* const> Candidates(u32 bucket) const;
    std::vector<const Form*> ForMnemonic(std::string_view mnemonic) const;
    // Entries of the ignored-bits table that name no form (or bits a field of it explains): the
    // table needs generating again.
    std::size_t stale_ignored_bits() const { return stale_ignored_bits_; }

    std::optional<Instruction> Decode(const Word& word) const;
    // Throws base::Error when the text matches no form.
    Word Assemble(std::string_view text, u64 address) const;

private:
    const Encoding& encoding_;
    std::vector<Form> forms_;
    std::vector<std::vector<const Form*>> buckets_;
    std::size_t stale_ignored_bits_ = 0;
};

// The bits a form's Fixed fields hold (first) and the values they must hold (second).
std::pair<Word, Word> FixedBits(const Form& form);

Control DecodeControl(const Encoding& encoding, const Word& word);
void EncodeControl(const Encoding& encoding, const Control& control, Word& word);

}  // namespace shader::sass
