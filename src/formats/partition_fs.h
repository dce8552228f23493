#pragma once

// The two flat archive formats of Nintendo's containers: PFS0 (an NSP, an ExeFS section) and
// HFS0 (the partitions of an XCI), which adds a SHA-256 of each file's first bytes.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/storage.h"

namespace formats {

struct PartitionEntry {
    std::string name;
    u64 offset = 0;  // from the start of the archive, header included
    u64 size = 0;
    // HFS0 only: SHA-256 of the first `hashed_size` bytes.
    u32 hashed_size = 0;
    std::array<u8, 32> hash{};
};

struct PartitionFs {
    std::string kind;  // "PFS0" or "HFS0"
    StoragePtr storage;
    std::vector<PartitionEntry> entries;

    const PartitionEntry* Find(std::string_view name) const;
    // The entry's bytes as a storage named "archive:name".
    StoragePtr Open(const PartitionEntry& entry) const;
    // Throws naming the file when an HFS0 entry's hash does not match its bytes.
    void VerifyHash(const PartitionEntry& entry) const;
};

PartitionFs ReadPfs0(StoragePtr storage);
PartitionFs ReadHfs0(StoragePtr storage);

struct PartitionFile {
    std::string name;
    std::vector<u8> bytes;
};

// Writers, for tests and for building images here. The HFS0 writer hashes each whole file.
std::vector<u8> WritePfs0(std::span<const PartitionFile> files);
std::vector<u8> WriteHfs0(std::span<const PartitionFile> files);

}  // namespace formats
