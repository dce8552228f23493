#pragma once

// NCA, Nintendo's content archive (switchbrew "NCA"): a 0xC00-byte header encrypted with
// AES-XTS under the console's header key, then up to four sections (a PFS0 such as the ExeFS,
// or a RomFS), each encrypted with AES-CTR under a key from the header's key area (itself
// encrypted with a key-area key) or, for titles with a rights id, under the title key.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/keys.h"
#include "formats/storage.h"

namespace formats {

enum class NcaContentType : u8 { Program = 0, Meta, Control, Manual, Data, PublicData };
const char* NcaContentTypeName(NcaContentType type);

enum class NcaFsType : u8 { RomFs = 0, PartitionFs = 1 };

// Section fields used here; the encryption types are Auto (0), None (1), AesXts (2),
// AesCtr (3), AesCtrEx (4, patches) and the "skip layer hash" variants 5 and 6.
struct NcaSection {
    int index = 0;
    u64 start = 0;  // bytes from the start of the NCA
    u64 size = 0;
    NcaFsType fs_type = NcaFsType::RomFs;
    u8 hash_type = 0;  // 1 none, 2 hierarchical SHA-256, 3 hierarchical integrity (IVFC)
    u8 encryption_type = 0;
    u64 upper_iv = 0;  // the CTR counter's high half
    // The file system (PFS0 or RomFS) inside the section, after the hash layers.
    u64 data_offset = 0;  // from the section start
    u64 data_size = 0;
    // Hierarchical SHA-256 only: the hash table's place and block size, and its hash.
    u64 hash_table_offset = 0;
    u64 hash_table_size = 0;
    u32 hash_block_size = 0;
    std::array<u8, 32> master_hash{};
};

struct NcaHeader {
    std::string magic;    // "NCA3"
    u8 distribution = 0;  // 0 download, 1 game card
    NcaContentType content_type = NcaContentType::Program;
    u8 key_generation = 0;  // the larger of the two fields
    u8 key_area_index = 0;  // 0 application, 1 ocean, 2 system
    u64 content_size = 0;
    u64 program_id = 0;
    u32 content_index = 0;
    u32 sdk_version = 0;
    std::array<u8, 16> rights_id{};
    std::array<std::array<u8, 16>, 4> encrypted_key_area{};
    std::vector<NcaSection> sections;

    bool HasRightsId() const;
    // The index XX in key_area_key_*_XX and titlekek_XX.
    u8 KeyIndex() const { return key_generation == 0 ? 0 : key_generation - 1; }
};

inline constexpr u64 kNcaHeaderSize = 0xc00;

// Decrypts and parses the header; fails naming the field for damage and the key when one is
// missing.
NcaHeader ReadNcaHeader(const Storage& storage, const KeySet& keys);

// The keys an NCA needs, by name, for `nxhost info`.
std::vector<std::string> NcaKeysNeeded(const NcaHeader& header);
std::string DescribeNca(const NcaHeader& header);

class Nca {
public:
    Nca(StoragePtr storage, const KeySet& keys);

    const NcaHeader& Header() const { return header_; }
    const std::string& Name() const { return storage_->Name(); }
    // The decrypted file system of a section (its data layer), read on demand.
    StoragePtr OpenSection(const NcaSection& section) const;
    // The first section of the given type: the ExeFS is the first PFS0 of a program NCA.
    const NcaSection* FindSection(NcaFsType type) const;
    // Checks a hierarchical SHA-256 section (the ExeFS) against its master hash; throws naming
    // the first damaged block.
    void VerifySection(const NcaSection& section) const;

private:
    StoragePtr storage_;
    NcaHeader header_;
    Key128 section_key_{};
    bool needs_key_ = false;
};

// Building NCAs, for tests: sections hold a PFS0 (hashed with hierarchical SHA-256) or a RomFS.
struct NcaWriteSection {
    NcaFsType fs_type = NcaFsType::PartitionFs;
    std::vector<u8> data;
};

struct NcaWriteOptions {
    NcaContentType content_type = NcaContentType::Program;
    u64 program_id = 0;
    u8 key_generation = 0;
    u32 sdk_version = 0;
    Key128 section_key{};  // the plain AES-CTR key (the title key when rights_id is set)
    std::optional<std::array<u8, 16>> rights_id;
};

std::vector<u8> WriteNca(const KeySet& keys, const NcaWriteOptions& options,
                         std::span<const NcaWriteSection> sections);

}  // namespace formats
