// What every instruction set shares: candidate lists, strict decoding (see form_set.h).
#include "shader/sass/form_set.h"

#include <algorithm>
#include <bit>
#include <map>
#include <tuple>

namespace shader::sass {
namespace {

bool ValidName(const std::vector<std::string>& names, u64 value) {
    return value < names.size() && names[value] != "?";
}

// nvdisasm prints every NaN as +QNAN / -QNAN (or SNAN): only the canonical quiet NaN survives a
// trip through the text, so words with other NaN payloads are rejected.
bool CanonicalFloats(const OperandSpec& op, const Instruction& instruction) {
    const bool is_float = op.kind == OperandKind::Float32 || op.kind == OperandKind::Float64High ||
                          op.kind == OperandKind::HalfPair || op.kind == OperandKind::Half;
    const u64 value = is_float ? instruction.Immediate(op) : 0;
    switch (op.kind) {
        case OperandKind::Float32:
            return (value & 0x7f800000) != 0x7f800000 || (value & 0x7fffff) == 0 ||
                   (value & 0x7fffff) == 0x400000;
        case OperandKind::Float64High:
            return (value & 0x7ff00000) != 0x7ff00000 || (value & 0xfffff) == 0 ||
                   (value & 0xfffff) == 0x80000;
        case OperandKind::Half:
        case OperandKind::HalfPair:
            for (const u64 half : {value & 0xffff, value >> 16}) {
                if ((half & 0x7c00) == 0x7c00 && (half & 0x3ff) != 0 && (half & 0x3ff) != 0x200) {
                    return false;
                }
            }
            return true;
        default:
            return true;
    }
}

bool TryForm(const Form& form, const Word& word, Instruction& out) {
    if (!(word & ~form.covered).IsZero() || !((word & form.opcode_mask) == form.opcode_value)) {
        return false;
    }
    out.form = &form;
    for (std::size_t i = 0; i < form.fields.size(); ++i) {
        out.values[i] = word.Get(form.fields[i].pos, form.fields[i].width);
    }
    for (const Modifier& modifier : form.modifiers) {
        const u64 value = out.Value(modifier.field);
        if (modifier.kind == ModifierKind::Fixed && value != modifier.value) {
            return false;
        }
        if (modifier.kind == ModifierKind::PowerOfTwo && (value == 0 || (value & (value - 1)))) {
            return false;
        }
        if (modifier.kind == ModifierKind::Enum && !ValidName(modifier.names, value)) {
            return false;
        }
    }
    for (const OperandSpec& op : form.operands) {
        if (op.kind == OperandKind::Keyword && !ValidName(op.names, out.Value(op.field))) {
            return false;
        }
        if (op.suffix >= 0 && !ValidName(op.suffix_names, out.Value(op.suffix))) {
            return false;
        }
        if (!CanonicalFloats(op, out)) {
            return false;
        }
        // On a predicate, "nz" refuses plain PT (!PT stays valid): another form prints it.
        const bool predicate =
            op.kind == OperandKind::Predicate || op.kind == OperandKind::UniformPredicate;
        const u64 zero_register = predicate                                 ? 7
                                  : op.kind == OperandKind::UniformRegister ? 63
                                                                            : 255;
        if (op.not_zero_register && out.Value(op.field) == zero_register &&
            !(predicate && op.invert >= 0 && out.Value(op.invert) != 0)) {
            return false;
        }
        if (op.kind == OperandKind::ScoreboardBarrier && out.Value(op.field) > 5) {
            return false;  // nvdisasm: INVALID6, INVALID7
        }
        // A scale or width suffix on an absent (RZ) base is not printed: not round-trippable.
        if (op.kind == OperandKind::Memory && op.field >= 0 && op.suffix >= 0 &&
            out.Value(op.suffix) != 0 &&
            out.Value(op.field) == (op.base_register_uniform ? 63u : 255u)) {
            return false;
        }
    }
    // nvdisasm leaves out each optional operand that holds its default, so "IADD3 R0, P6, ..."
    // could be either carry-out: only the encoding with the defaults last is accepted.
    bool omitted = false;
    for (const OperandSpec& op : form.operands) {
        if (!op.omit_when) {
            omitted = false;
            continue;
        }
        const bool is_default =
            out.Value(op.field) == *op.omit_when && (op.invert < 0 || out.Value(op.invert) == 0);
        if (omitted && !is_default) {
            return false;
        }
        omitted = omitted || is_default;
    }
    out.form = &form;
    return true;
}

u32 BucketCount(const Encoding& encoding) {
    unsigned bits = 0;
    for (const Field& field : encoding.bucket) {
        bits += field.width;
    }
    return u32{1} << bits;
}

int OpcodeBits(const Form& form) {
    return std::popcount(form.opcode_mask.lo) + std::popcount(form.opcode_mask.hi);
}

// Sets each named form's ignored bits: only bits no field explains or a Fixed field holds.
std::size_t ApplyIgnoredBits(std::vector<Form>& forms, std::span<const IgnoredBits> table) {
    using Name = std::tuple<std::string_view, u64, u64, std::string_view>;
    std::map<Name, Form*> by_name;
    for (Form& form : forms) {
        by_name.emplace(Name{form.mnemonic, form.opcode_value.hi, form.opcode_value.lo, form.spec},
                        &form);
    }
    std::size_t stale = 0;
    for (const IgnoredBits& entry : table) {
        const auto found =
            by_name.find(Name{entry.mnemonic, entry.opcode.hi, entry.opcode.lo, entry.spec});
        if (found == by_name.end()) {
            ++stale;
            continue;
        }
        Form& form = *found->second;
        const auto [fixed, values] = FixedBits(form);
        if (!(entry.bits & form.covered & ~fixed).IsZero()) {
            ++stale;
            continue;
        }
        form.ignored = entry.bits;
        form.canonical = values & entry.bits;
    }
    return stale;
}

}  // namespace

std::pair<Word, Word> FixedBits(const Form& form) {
    Word mask;
    Word values;
    for (const Modifier& modifier : form.modifiers) {
        if (modifier.kind == ModifierKind::Fixed) {
            const Field& field = form.fields[static_cast<std::size_t>(modifier.field)];
            mask.Set(field.pos, field.width, ~u64{0});
            values.Set(field.pos, field.width, modifier.value);
        }
    }
    return {mask, values};
}

FormSet::FormSet(const Encoding& encoding, std::vector<Form> forms,
                 std::span<const IgnoredBits> ignored)
    : encoding_(encoding), forms_(std::move(forms)), buckets_(BucketCount(encoding)) {
    stale_ignored_bits_ = ApplyIgnoredBits(forms_, ignored);
    std::vector<const Form*> order;
    for (const Form& form : forms_) {
        order.push_back(&form);
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const Form* a, const Form* b) { return OpcodeBits(*a) > OpcodeBits(*b); });
    for (u32 bucket = 0; bucket < buckets_.size(); ++bucket) {
        // The bucket's bits as a word, to compare with each form's opcode where it has bits.
        Word bits;
        Word mask;
        unsigned shift = 0;
        for (const Field& field : encoding.bucket) {
            bits.Set(field.pos, field.width, bucket >> shift);
            mask.Set(field.pos, field.width, ~u64{0});
            shift += field.width;
        }
        for (const Form* form : order) {
            if ((bits & mask & form->opcode_mask) == (form->opcode_value & mask)) {
                buckets_[bucket].push_back(form);
            }
        }
    }
}

u32 FormSet::BucketOf(const Word& word) const {
    u32 bucket = 0;
    unsigned shift = 0;
    for (const Field& field : encoding_.bucket) {
        bucket |= static_cast<u32>(word.Get(field.pos, field.width)) << shift;
        shift += field.width;
    }
    return bucket;
}

std::span<const Form* const> FormSet::Candidates(u32 bucket) const {
    return buckets_[bucket % buckets_.size()];
}

std::vector<const Form*> FormSet::ForMnemonic(std::string_view mnemonic) const {
    std::vector<const Form*> result;
    for (const Form& form : forms_) {
        if (form.mnemonic == mnemonic) {
            result.push_back(&form);
        }
    }
    return result;
}

namespace {

// Whether a candidate before `form` decodes `seen` exactly: then `seen` is that form's word, and
// a word that reaches it only through `form`'s ignored bits would print as neither (IMAD's MOV
// alias before the plain form).
bool EarlierFormDecodes(std::span<const Form* const> candidates, const Form* form,
                        const Word& seen) {
    Instruction other;
    for (const Form* earlier : candidates) {
        if (earlier == form) {
            return false;
        }
        if (TryForm(*earlier, seen, other)) {
            return true;
        }
    }
    return false;
}

}  // namespace

std::optional<Instruction> FormSet::Decode(const Word& word) const {
    // Exact forms first; then the forms whose ignored bits explain what is left, each seeing the
    // word with those bits at their canonical values.
    const std::span<const Form* const> candidates = Candidates(BucketOf(word));
    Instruction instruction;
    for (const bool exact : {true, false}) {
        for (const Form* form : candidates) {
            if (!exact && form->ignored.IsZero()) {
                continue;
            }
            const Word seen = exact ? word : (word & ~form->ignored) | form->canonical;
            if (!TryForm(*form, seen, instruction) ||
                (!exact && EarlierFormDecodes(candidates, form, seen))) {
                continue;
            }
            instruction.word = word;
            instruction.guard =
                form->unguarded ? 7 : static_cast<u8>(word.Get(encoding_.guard.pos, 3));
            instruction.guard_negated =
                !form->unguarded && word.Get(encoding_.guard.pos + 3u, 1) != 0;
            instruction.control = DecodeControl(encoding_, word);
            instruction.control.ignored = word ^ seen;
            for (const Modifier& modifier : form->modifiers) {
                if (modifier.kind == ModifierKind::Hidden) {
                    instruction.control.hidden = instruction.Value(modifier.field);
                }
            }
            return instruction;
        }
    }
    return std::nullopt;
}

Control DecodeControl(const Encoding& encoding, const Word& word) {
    const unsigned at = encoding.control;
    Control control;
    control.stall = static_cast<u8>(word.Get(at, 4));
    control.yield = word.Get(at + 4, 1) != 0;
    control.write_barrier = static_cast<u8>(word.Get(at + 5, 3));
    control.read_barrier = static_cast<u8>(word.Get(at + 8, 3));
    control.wait_mask = static_cast<u8>(word.Get(at + 11, 6));
    control.reuse = static_cast<u8>(word.Get(at + 17, 4));
    return control;
}

void EncodeControl(const Encoding& encoding, const Control& control, Word& word) {
    const unsigned at = encoding.control;
    word.Set(at, 4, control.stall);
    word.Set(at + 4, 1, control.yield);
    word.Set(at + 5, 3, control.write_barrier);
    word.Set(at + 8, 3, control.read_barrier);
    word.Set(at + 11, 6, control.wait_mask);
    word.Set(at + 17, 4, control.reuse);
}

}  // namespace shader::sass
