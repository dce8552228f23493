// Opening an NCA's sections: choosing the section key and decrypting on read.

#include "formats/nca.h"

#include <algorithm>

#include "base/error.h"
#include "base/sha256.h"
#include "formats/nca_crypto.h"

namespace formats {

namespace {

constexpr u8 kEncryptionNone = 1;
constexpr u8 kEncryptionCtr = 3;

// A section encrypted with AES-CTR, decrypted block by block as it is read. The counter
// depends on the offset within the whole NCA, so the window keeps its place in the file.
class CtrStorage final : public Storage {
public:
    CtrStorage(StoragePtr nca, u64 start, u64 size, Key128 key, u64 upper_iv, std::string name)
        : nca_(std::move(nca)),
          start_(start),
          size_(size),
          key_(key),
          upper_iv_(upper_iv),
          name_(std::move(name)) {}

    u64 Size() const override { return size_; }
    const std::string& Name() const override { return name_; }

    void Read(u64 offset, std::span<u8> out) const override {
        RequireRange(offset, out.size());
        if (out.empty()) {
            return;
        }
        const u64 absolute = start_ + offset;
        const u64 aligned = absolute & ~u64{15};
        const u64 end = std::min<u64>((absolute + out.size() + 15) & ~u64{15}, nca_->Size());
        std::vector<u8> block = nca_->ReadBytes(aligned, end - aligned);
        NcaCtrCrypt(key_, upper_iv_, aligned, block);
        std::copy_n(block.begin() + static_cast<std::ptrdiff_t>(absolute - aligned), out.size(),
                    out.begin());
    }

private:
    StoragePtr nca_;
    u64 start_;
    u64 size_;
    Key128 key_;
    u64 upper_iv_;
    std::string name_;
};

}  // namespace

Nca::Nca(StoragePtr storage, const KeySet& keys)
    : storage_(std::move(storage)), header_(ReadNcaHeader(*storage_, keys)) {
    needs_key_ = std::any_of(header_.sections.begin(), header_.sections.end(),
                             [](const NcaSection& s) { return s.encryption_type != 1; });
    if (!needs_key_) {
        return;
    }
    const std::string purpose = fmt::format("to decrypt {}", storage_->Name());
    if (header_.HasRightsId()) {
        // The title key comes from title.keys, encrypted with the title-key key of the NCA's
        // key generation.
        section_key_ = keys.RequireTitleKey(header_.rights_id, purpose);
        const Key128 kek =
            keys.Require128(fmt::format("titlekek_{:02x}", header_.KeyIndex()), purpose);
        AesEcbCrypt(kek, section_key_, false);
    } else {
        constexpr const char* kAreas[] = {"application", "ocean", "system"};
        const Key128 kek =
            keys.Require128(fmt::format("key_area_key_{}_{:02x}", kAreas[header_.key_area_index],
                                        header_.KeyIndex()),
                            purpose);
        // Key area entry 2 is the AES-CTR key.
        section_key_ = header_.encrypted_key_area[2];
        AesEcbCrypt(kek, section_key_, false);
    }
}

const NcaSection* Nca::FindSection(NcaFsType type) const {
    for (const NcaSection& section : header_.sections) {
        if (section.fs_type == type) {
            return &section;
        }
    }
    return nullptr;
}

StoragePtr Nca::OpenSection(const NcaSection& section) const {
    const std::string name = fmt::format("{}:section{}", storage_->Name(), section.index);
    const u64 start = section.start + section.data_offset;
    if (section.encryption_type == kEncryptionNone) {
        return std::make_shared<SubStorage>(storage_, start, section.data_size, name);
    }
    if (section.encryption_type != kEncryptionCtr) {
        base::Fail(
            "{}: section {} uses encryption type {}, which nxhost does not read yet "
            "(AES-CTR-Ex is for patches)",
            storage_->Name(), section.index, section.encryption_type);
    }
    return std::make_shared<CtrStorage>(storage_, start, section.data_size, section_key_,
                                        section.upper_iv, name);
}

void Nca::VerifySection(const NcaSection& section) const {
    if (section.hash_type != 2) {
        return;
    }
    // Open the whole section (hash table and data) through the same decryption.
    NcaSection whole = section;
    whole.data_offset = 0;
    whole.data_size = section.size;
    const StoragePtr storage = OpenSection(whole);
    const std::vector<u8> table =
        storage->ReadBytes(section.hash_table_offset, section.hash_table_size);
    const auto master = base::Sha256(table);
    if (!std::equal(master.begin(), master.end(), section.master_hash.begin())) {
        base::Fail("{}: section {} hash table does not match its master hash (damaged)",
                   storage_->Name(), section.index);
    }
    const u64 block = section.hash_block_size;
    const u64 blocks = (section.data_size + block - 1) / block;
    if (blocks * 32 > table.size()) {
        base::Fail("{}: section {} hash table has {} hashes for {} blocks", storage_->Name(),
                   section.index, table.size() / 32, blocks);
    }
    for (u64 i = 0; i < blocks; ++i) {
        const u64 size = std::min(block, section.data_size - i * block);
        const auto digest = base::Sha256(storage->ReadBytes(section.data_offset + i * block, size));
        if (!std::equal(digest.begin(), digest.end(), table.begin() + i * 32)) {
            base::Fail(
                "{}: section {} block {} (bytes {:#x}..{:#x}) does not match its hash "
                "(damaged)",
                storage_->Name(), section.index, i, i * block, i * block + size);
        }
    }
}

}  // namespace formats
