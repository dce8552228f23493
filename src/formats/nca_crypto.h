#pragma once

// The AES modes of NCA files, on mbedtls: XTS for the header (Nintendo's variant numbers the
// 0x200-byte sectors big-endian in the tweak), CTR for section data, ECB for the key area and
// title keys.

#include <span>

#include "base/types.h"
#include "formats/keys.h"

namespace formats {

inline constexpr u64 kNcaSectorSize = 0x200;

// Decrypts (or encrypts) whole sectors in place; `data.size()` must be a multiple of 0x200.
void NcaXtsCrypt(const Key256& key, u64 first_sector, std::span<u8> data, bool encrypt);

// AES-128-CTR as NCA sections use it: the counter is the section's 8-byte upper IV followed by
// the big-endian block number of `absolute_offset / 16` within the NCA. `absolute_offset`
// must be 16-aligned. Encryption and decryption are the same operation.
void NcaCtrCrypt(const Key128& key, u64 upper_iv, u64 absolute_offset, std::span<u8> data);

// AES-128-ECB over whole 16-byte blocks, in place.
void AesEcbCrypt(const Key128& key, std::span<u8> data, bool encrypt);

}  // namespace formats
