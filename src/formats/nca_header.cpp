// Reading and describing the NCA header (switchbrew "NCA", NCA3 layout).

#include <algorithm>

#include "base/byte_reader.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"
#include "formats/nca.h"
#include "formats/nca_crypto.h"

namespace formats {

namespace {

constexpr u64 kMagic = 0x200;
constexpr u64 kDistribution = 0x204;
constexpr u64 kContentType = 0x205;
constexpr u64 kKeyGenerationOld = 0x206;
constexpr u64 kKeyAreaIndex = 0x207;
constexpr u64 kContentSize = 0x208;
constexpr u64 kProgramId = 0x210;
constexpr u64 kContentIndex = 0x218;
constexpr u64 kSdkVersion = 0x21c;
constexpr u64 kKeyGeneration = 0x220;
constexpr u64 kRightsId = 0x230;
constexpr u64 kSectionTable = 0x240;    // 4 x {u32 start, u32 end (media units), u64 reserved}
constexpr u64 kSectionHashes = 0x280;   // 4 x SHA-256 of the section headers
constexpr u64 kKeyArea = 0x300;         // 4 x 16 bytes
constexpr u64 kSectionHeaders = 0x400;  // 4 x 0x200
constexpr u64 kSectionHeaderSize = 0x200;
constexpr u64 kMediaUnit = 0x200;

// Within a section header.
constexpr u64 kFsType = 0x2;
constexpr u64 kHashType = 0x3;
constexpr u64 kEncryptionType = 0x4;
constexpr u64 kHashData = 0x8;
constexpr u64 kUpperIv = 0x140;

constexpr u8 kHashNone = 1;
constexpr u8 kHashSha256 = 2;
constexpr u8 kHashIntegrity = 3;

void ReadHashData(const base::ByteReader& reader, u64 at, NcaSection& section) {
    if (section.hash_type == kHashSha256) {
        // Master hash, u32 block size, u32 layer count (2), then {u64 offset, u64 size} per
        // layer: the hash table, then the data.
        const auto master = reader.Slice(at, 32, "nca.section.master_hash");
        std::copy(master.begin(), master.end(), section.master_hash.begin());
        section.hash_block_size = reader.Read<u32>(at + 0x20, "nca.section.hash_block_size");
        const u32 layers = reader.Read<u32>(at + 0x24, "nca.section.layer_count");
        if (layers != 2) {
            reader.Invalid("nca.section.layer_count", at + 0x24, "expected 2 layers, found {}",
                           layers);
        }
        section.hash_table_offset = reader.Read<u64>(at + 0x28, "nca.section.hash_table");
        section.hash_table_size = reader.Read<u64>(at + 0x30, "nca.section.hash_table");
        section.data_offset = reader.Read<u64>(at + 0x38, "nca.section.data");
        section.data_size = reader.Read<u64>(at + 0x40, "nca.section.data");
    } else if (section.hash_type == kHashIntegrity) {
        // "IVFC", u32 version, u32 master hash size, u32 level count (7), then six levels of
        // {u64 offset, u64 size, u32 block size log2, u32 reserved}; the last is the data.
        RequireMagic(reader, at, "IVFC", "nca.section.ivfc_magic");
        const u32 levels = reader.Read<u32>(at + 0xc, "nca.section.ivfc_levels");
        if (levels < 2 || levels > 7) {
            reader.Invalid("nca.section.ivfc_levels", at + 0xc, "{} levels", levels);
        }
        const u64 data_level = at + 0x10 + (levels - 2) * 0x18;
        section.data_offset = reader.Read<u64>(data_level, "nca.section.ivfc_data");
        section.data_size = reader.Read<u64>(data_level + 8, "nca.section.ivfc_data");
    } else if (section.hash_type == kHashNone) {
        section.data_offset = 0;
        section.data_size = section.size;
    } else {
        reader.Invalid("nca.section.hash_type", at - kHashData + kHashType,
                       "unsupported hash type {}", section.hash_type);
    }
    if (section.data_offset > section.size ||
        section.data_size > section.size - section.data_offset) {
        reader.Invalid("nca.section.data", at,
                       "section {} data ({:#x} bytes at {:#x}) runs past the section's end "
                       "({:#x} bytes)",
                       section.index, section.data_size, section.data_offset, section.size);
    }
    if (section.hash_type == kHashSha256 &&
        (section.hash_table_offset > section.size ||
         section.hash_table_size > section.size - section.hash_table_offset ||
         section.hash_block_size == 0)) {
        reader.Invalid("nca.section.hash_table", at + 0x28,
                       "section {} hash table ({:#x} bytes at {:#x}, blocks of {:#x}) is not "
                       "inside the section",
                       section.index, section.hash_table_size, section.hash_table_offset,
                       section.hash_block_size);
    }
}

}  // namespace

const char* NcaContentTypeName(NcaContentType type) {
    switch (type) {
        case NcaContentType::Program:
            return "program";
        case NcaContentType::Meta:
            return "meta";
        case NcaContentType::Control:
            return "control";
        case NcaContentType::Manual:
            return "manual";
        case NcaContentType::Data:
            return "data";
        case NcaContentType::PublicData:
            return "public data";
    }
    return "unknown";
}

bool NcaHeader::HasRightsId() const {
    return std::any_of(rights_id.begin(), rights_id.end(), [](u8 b) { return b != 0; });
}

NcaHeader ReadNcaHeader(const Storage& storage, const KeySet& keys) {
    if (storage.Size() < kNcaHeaderSize) {
        base::Fail("{}: an NCA header needs {:#x} bytes, the file has {:#x}", storage.Name(),
                   kNcaHeaderSize, storage.Size());
    }
    std::vector<u8> bytes = storage.ReadBytes(0, kNcaHeaderSize);
    const Key256 header_key = keys.Require256("header_key", "to decrypt NCA headers");
    NcaXtsCrypt(header_key, 0, bytes, false);
    const base::ByteReader reader(bytes, storage.Name() + " (decrypted header)");
    const auto magic = reader.Slice(kMagic, 4, "nca.magic");
    NcaHeader header;
    header.magic.assign(magic.begin(), magic.end());
    if (header.magic != "NCA3") {
        reader.Invalid("nca.magic", kMagic,
                       "expected \"NCA3\" after decryption; the file is damaged, not an NCA, an "
                       "older NCA2, or header_key is wrong");
    }
    header.distribution = reader.Read<u8>(kDistribution, "nca.distribution");
    const u8 content_type = reader.Read<u8>(kContentType, "nca.content_type");
    if (content_type > static_cast<u8>(NcaContentType::PublicData)) {
        reader.Invalid("nca.content_type", kContentType, "unknown content type {}", content_type);
    }
    header.content_type = static_cast<NcaContentType>(content_type);
    header.key_generation = std::max(reader.Read<u8>(kKeyGenerationOld, "nca.key_generation"),
                                     reader.Read<u8>(kKeyGeneration, "nca.key_generation"));
    header.key_area_index = reader.Read<u8>(kKeyAreaIndex, "nca.key_area_index");
    if (header.key_area_index > 2) {
        reader.Invalid("nca.key_area_index", kKeyAreaIndex, "unknown key area {}",
                       header.key_area_index);
    }
    header.content_size = reader.Read<u64>(kContentSize, "nca.content_size");
    header.program_id = reader.Read<u64>(kProgramId, "nca.program_id");
    header.content_index = reader.Read<u32>(kContentIndex, "nca.content_index");
    header.sdk_version = reader.Read<u32>(kSdkVersion, "nca.sdk_version");
    const auto rights = reader.Slice(kRightsId, 16, "nca.rights_id");
    std::copy(rights.begin(), rights.end(), header.rights_id.begin());
    for (int i = 0; i < 4; ++i) {
        const auto key = reader.Slice(kKeyArea + i * 16, 16, "nca.key_area");
        std::copy(key.begin(), key.end(), header.encrypted_key_area[i].begin());
    }
    for (int i = 0; i < 4; ++i) {
        const u64 entry = kSectionTable + i * 16;
        const u32 start = reader.Read<u32>(entry, "nca.section.start");
        const u32 end = reader.Read<u32>(entry + 4, "nca.section.end");
        if (start == 0 && end == 0) {
            continue;
        }
        NcaSection section;
        section.index = i;
        section.start = u64{start} * kMediaUnit;
        const u64 end_bytes = u64{end} * kMediaUnit;
        if (end < start || section.start < kNcaHeaderSize || end_bytes > storage.Size()) {
            reader.Invalid("nca.section.end", entry,
                           "section {} spans [{:#x}, {:#x}), not inside the file ({:#x} bytes)", i,
                           section.start, end_bytes, storage.Size());
        }
        section.size = end_bytes - section.start;
        const u64 fs_header = kSectionHeaders + i * kSectionHeaderSize;
        const auto fs_bytes = reader.Slice(fs_header, kSectionHeaderSize, "nca.section.header");
        const auto digest = base::Sha256(fs_bytes);
        const auto expected = reader.Slice(kSectionHashes + i * 32, 32, "nca.section.hash");
        if (!std::equal(digest.begin(), digest.end(), expected.begin())) {
            reader.Invalid("nca.section.hash", kSectionHashes + i * 32,
                           "section {} header does not match its SHA-256 (damaged header)", i);
        }
        const u8 fs_type = reader.Read<u8>(fs_header + kFsType, "nca.section.fs_type");
        if (fs_type > 1) {
            reader.Invalid("nca.section.fs_type", fs_header + kFsType, "unknown type {}", fs_type);
        }
        section.fs_type = static_cast<NcaFsType>(fs_type);
        section.hash_type = reader.Read<u8>(fs_header + kHashType, "nca.section.hash_type");
        section.encryption_type =
            reader.Read<u8>(fs_header + kEncryptionType, "nca.section.encryption_type");
        section.upper_iv = reader.Read<u64>(fs_header + kUpperIv, "nca.section.upper_iv");
        ReadHashData(reader, fs_header + kHashData, section);
        header.sections.push_back(section);
    }
    return header;
}

std::vector<std::string> NcaKeysNeeded(const NcaHeader& header) {
    std::vector<std::string> names{"header_key"};
    const bool encrypted = std::any_of(header.sections.begin(), header.sections.end(),
                                       [](const NcaSection& s) { return s.encryption_type != 1; });
    if (!encrypted) {
        return names;
    }
    if (header.HasRightsId()) {
        names.push_back(fmt::format("titlekek_{:02x}", header.KeyIndex()));
        names.push_back("title key " + base::ToHex(header.rights_id));
    } else {
        constexpr const char* kAreas[] = {"application", "ocean", "system"};
        names.push_back(fmt::format("key_area_key_{}_{:02x}", kAreas[header.key_area_index],
                                    header.KeyIndex()));
    }
    return names;
}

std::string DescribeNca(const NcaHeader& header) {
    std::string text = fmt::format(
        "nca: {} content, program id {:016x}, content index {}, {:#x} bytes, {}\n",
        NcaContentTypeName(header.content_type), header.program_id, header.content_index,
        header.content_size, header.distribution ? "game card" : "download");
    text += fmt::format("  sdk {}.{}.{}, key generation {}, rights id {}\n",
                        header.sdk_version >> 24, (header.sdk_version >> 16) & 0xff,
                        (header.sdk_version >> 8) & 0xff, header.key_generation,
                        header.HasRightsId() ? base::ToHex(header.rights_id) : "none");
    for (const NcaSection& section : header.sections) {
        text +=
            fmt::format("  section {}: {} at {:#x}, {:#x} bytes, hash type {}, encryption {}\n",
                        section.index, section.fs_type == NcaFsType::RomFs ? "RomFS" : "PFS0",
                        section.start, section.size, section.hash_type, section.encryption_type);
    }
    std::string keys;
    for (const std::string& name : NcaKeysNeeded(header)) {
        keys += (keys.empty() ? "" : ", ") + name;
    }
    text += "  keys needed: " + keys + "\n";
    return text;
}

}  // namespace formats
