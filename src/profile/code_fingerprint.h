#pragma once

// A function named by its code rather than its address: the instruction words from its start
// with the fields the linker fills in (branch targets, PC-relative and page-offset immediates)
// masked, so that the same function built into another program, at another address, gives the
// same fingerprint.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace profile {

// Words a fingerprint covers at most; it ends earlier after the function's RET or tail branch.
inline constexpr u32 kDefaultFingerprintWords = 16;

// Printed as "fp1:<words>:<first masked word, 8 hex digits>:<XXH3-64 of the masked words, 16
// hex digits>". The first word is spelled out so that a scan only hashes where it matches.
struct CodeFingerprint {
    u32 words = 0;
    u32 first_word = 0;
    u64 hash = 0;

    std::string ToString() const;
    static std::optional<CodeFingerprint> Parse(std::string_view text);
    bool operator==(const CodeFingerprint&) const = default;
};

// The instruction with its address-dependent fields zeroed: the immediates of B and BL (imm26),
// B.cond, CBZ/CBNZ and LDR-literal (imm19), TBZ/TBNZ (imm14), ADR and ADRP (immlo and immhi).
u32 MaskedWord(u32 word);

// The fingerprint of the code at `offset` of `code` (a module's text): up to `max_words` words,
// ending after the first RET or unconditional B. Besides MaskedWord, the imm12 of an ADD
// (64-bit immediate) or an unsigned-offset load or store whose base register an earlier ADRP
// of the window set is masked (the :lo12: half of a relocated address); a register stops
// counting as such a page base when an instruction writes it (its bits 0-4 name it) or at a
// call. Nullopt when `offset` is unaligned or outside the code.
std::optional<CodeFingerprint> FingerprintAt(std::span<const u8> code, u64 offset,
                                             u32 max_words = kDefaultFingerprintWords);

// Every 4-byte-aligned offset of `code` where the same `fingerprint.words` words give
// `fingerprint`, in order.
std::vector<u64> FindFingerprint(std::span<const u8> code, const CodeFingerprint& fingerprint);

}  // namespace profile
