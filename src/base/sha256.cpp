#include "base/sha256.h"

#include <mbedtls/sha256.h>

namespace base {

Sha256Digest Sha256(std::span<const u8> data) {
    Sha256Digest digest;
    mbedtls_sha256_ret(data.data(), data.size(), digest.data(), 0);
    return digest;
}

std::string ToHex(std::span<const u8> bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    text.reserve(bytes.size() * 2);
    for (const u8 byte : bytes) {
        text.push_back(kDigits[byte >> 4]);
        text.push_back(kDigits[byte & 15]);
    }
    return text;
}

}  // namespace base
