#include "profile/code_fingerprint.h"

#include <bitset>
#include <charconv>
#include <cstring>

#include <fmt/format.h>
#include <xxhash.h>

namespace profile {
namespace {

constexpr u32 kWordSize = 4;
constexpr u32 kRegisterMask = 0x1f;
constexpr u32 kImm12Field = 0xfffu << 10;

u32 WordAt(std::span<const u8> code, u64 offset) {
    u32 word;
    std::memcpy(&word, code.data() + offset, sizeof(word));
    return word;  // AArch64 code is little-endian, as the hosts nxhost runs on
}

bool IsAdrp(u32 word) {
    return (word & 0x9f000000) == 0x90000000;
}
bool IsAddImmediate64(u32 word) {
    return (word & 0xff800000) == 0x91000000;
}
bool IsLoadStoreUnsignedOffset(u32 word) {
    return (word & 0x3b000000) == 0x39000000;
}
bool IsCall(u32 word) {
    return (word & 0xfc000000) == 0x94000000 || (word & 0xfffffc1f) == 0xd63f0000;
}
bool EndsFunction(u32 word) {
    return (word & 0xfffffc1f) == 0xd65f0000 || (word & 0xfc000000) == 0x14000000;
}

// Masks one window of words, tracking which registers hold an ADRP's page.
class WindowMasker {
public:
    u32 Mask(u32 word) {
        const u32 rd = word & kRegisterMask;
        const u32 rn = (word >> 5) & kRegisterMask;
        u32 masked = MaskedWord(word);
        if (IsAdrp(word)) {
            pages_.set(rd);
        } else if ((IsAddImmediate64(word) || IsLoadStoreUnsignedOffset(word)) && pages_.test(rn)) {
            masked = word & ~kImm12Field;
            if (rd != rn) {
                return masked;  // the page base lives on for the next :lo12: use
            }
            pages_.reset(rd);
        } else if (IsCall(word)) {
            pages_.reset();
        } else {
            pages_.reset(rd);
        }
        return masked;
    }

private:
    std::bitset<32> pages_;
};

u64 HashWords(std::span<const u32> words) {
    return XXH3_64bits(words.data(), words.size_bytes());
}

bool ParseHex(std::string_view text, u64& value, std::size_t digits) {
    if (text.size() != digits) {
        return false;
    }
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    return error == std::errc{} && end == text.data() + text.size();
}

}  // namespace

u32 MaskedWord(u32 word) {
    if ((word & 0x7c000000) == 0x14000000) {  // B, BL
        return word & 0xfc000000;
    }
    if ((word & 0xff000010) == 0x54000000 || (word & 0x7e000000) == 0x34000000 ||
        (word & 0x3b000000) == 0x18000000) {  // B.cond, CBZ/CBNZ, LDR (literal)
        return word & 0xff00001f;
    }
    if ((word & 0x7e000000) == 0x36000000) {  // TBZ/TBNZ
        return word & 0xfff8001f;
    }
    if ((word & 0x1f000000) == 0x10000000) {  // ADR, ADRP
        return word & 0x9f00001f;
    }
    return word;
}

std::string CodeFingerprint::ToString() const {
    return fmt::format("fp1:{}:{:08x}:{:016x}", words, first_word, hash);
}

std::optional<CodeFingerprint> CodeFingerprint::Parse(std::string_view text) {
    constexpr std::string_view kPrefix = "fp1:";
    if (!text.starts_with(kPrefix)) {
        return std::nullopt;
    }
    text.remove_prefix(kPrefix.size());
    const std::size_t first_colon = text.find(':');
    const std::size_t second_colon = text.find(':', first_colon + 1);
    if (first_colon == std::string_view::npos || second_colon == std::string_view::npos) {
        return std::nullopt;
    }
    CodeFingerprint fingerprint;
    const std::string_view words = text.substr(0, first_colon);
    const auto [end, error] =
        std::from_chars(words.data(), words.data() + words.size(), fingerprint.words);
    u64 first_word = 0;
    if (error != std::errc{} || end != words.data() + words.size() || fingerprint.words == 0 ||
        !ParseHex(text.substr(first_colon + 1, second_colon - first_colon - 1), first_word, 8) ||
        !ParseHex(text.substr(second_colon + 1), fingerprint.hash, 16)) {
        return std::nullopt;
    }
    fingerprint.first_word = static_cast<u32>(first_word);
    return fingerprint;
}

std::optional<CodeFingerprint> FingerprintAt(std::span<const u8> code, u64 offset, u32 max_words) {
    if (offset % kWordSize != 0 || offset + kWordSize > code.size() || max_words == 0) {
        return std::nullopt;
    }
    std::vector<u32> masked;
    WindowMasker masker;
    for (u64 at = offset; at + kWordSize <= code.size() && masked.size() < max_words;
         at += kWordSize) {
        const u32 word = WordAt(code, at);
        masked.push_back(masker.Mask(word));
        if (EndsFunction(word)) {
            break;
        }
    }
    return CodeFingerprint{static_cast<u32>(masked.size()), masked.front(), HashWords(masked)};
}

std::vector<u64> FindFingerprint(std::span<const u8> code, const CodeFingerprint& fingerprint) {
    std::vector<u64> found;
    const u64 length = u64{fingerprint.words} * kWordSize;
    std::vector<u32> masked(fingerprint.words);
    for (u64 at = 0; at + length <= code.size(); at += kWordSize) {
        // The first word needs no window (no ADRP precedes it): most offsets stop here.
        if (MaskedWord(WordAt(code, at)) != fingerprint.first_word) {
            continue;
        }
        WindowMasker masker;
        for (u32 i = 0; i < fingerprint.words; ++i) {
            masked[i] = masker.Mask(WordAt(code, at + u64{i} * kWordSize));
        }
        if (HashWords(masked) == fingerprint.hash) {
            found.push_back(at);
        }
    }
    return found;
}

}  // namespace profile
