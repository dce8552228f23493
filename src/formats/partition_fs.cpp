#include "formats/partition_fs.h"

#include <algorithm>
#include <cstring>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// Header (switchbrew "PFS0" / "HFS0"): magic, u32 file count, u32 string table size, u32
// reserved; then the entries, the string table and the file data, which starts right after.
constexpr u64 kHeaderSize = 0x10;
constexpr u64 kPfs0EntrySize = 0x18;  // u64 offset, u64 size, u32 name offset, u32 reserved
constexpr u64 kHfs0EntrySize = 0x40;  // ... u32 hashed size, u64 reserved, u8[32] sha256
// No real archive has more; a larger count is damage, not a reason to allocate gigabytes.
constexpr u32 kMaxEntries = 0x10000;
constexpr u32 kMaxStringTable = 0x100000;

PartitionFs ReadPartition(StoragePtr storage, std::string_view magic, u64 entry_size) {
    const std::string& source = storage->Name();
    if (storage->Size() < kHeaderSize) {
        base::Fail("{}: {} header needs {:#x} bytes, the file has {:#x}", source, magic,
                   kHeaderSize, storage->Size());
    }
    const std::vector<u8> head = storage->ReadBytes(0, kHeaderSize);
    const base::ByteReader header(head, source);
    RequireMagic(header, 0, magic, "partition.magic");
    const u32 count = header.Read<u32>(4, "partition.file_count");
    const u32 strings_size = header.Read<u32>(8, "partition.string_table_size");
    if (count > kMaxEntries) {
        header.Invalid("partition.file_count", 4, "{} files is more than any archive holds", count);
    }
    if (strings_size > kMaxStringTable) {
        header.Invalid("partition.string_table_size", 8, "{:#x} bytes is implausible",
                       strings_size);
    }
    const u64 table_size = kHeaderSize + count * entry_size + strings_size;
    if (table_size > storage->Size()) {
        header.Invalid("partition.file_count", 4,
                       "{} entries and a {:#x}-byte string table run past the end ({:#x} bytes)",
                       count, strings_size, storage->Size());
    }
    const std::vector<u8> table_bytes = storage->ReadBytes(0, table_size);
    const base::ByteReader table(table_bytes, source);
    const u64 strings = kHeaderSize + count * entry_size;
    const u64 data_start = table_size;

    PartitionFs fs;
    fs.kind = std::string(magic);
    fs.storage = storage;
    for (u32 i = 0; i < count; ++i) {
        const u64 at = kHeaderSize + i * entry_size;
        PartitionEntry entry;
        const u64 offset = table.Read<u64>(at, "partition.entry.offset");
        entry.size = table.Read<u64>(at + 8, "partition.entry.size");
        const u32 name_offset = table.Read<u32>(at + 16, "partition.entry.name_offset");
        if (name_offset >= strings_size) {
            table.Invalid("partition.entry.name_offset", at + 16,
                          "entry {} names offset {:#x} outside the {:#x}-byte string table", i,
                          name_offset, strings_size);
        }
        const auto name_bytes =
            table.Slice(strings + name_offset, strings_size - name_offset, "partition.entry.name");
        const auto end = std::find(name_bytes.begin(), name_bytes.end(), u8{0});
        entry.name.assign(name_bytes.begin(), end);
        if (offset > storage->Size() - data_start ||
            entry.size > storage->Size() - data_start - offset) {
            table.Invalid("partition.entry.offset", at,
                          "\"{}\" ({:#x} bytes at data offset {:#x}) runs past the end of the "
                          "archive ({:#x} bytes)",
                          entry.name, entry.size, offset, storage->Size());
        }
        entry.offset = data_start + offset;
        if (entry_size == kHfs0EntrySize) {
            entry.hashed_size = table.Read<u32>(at + 20, "partition.entry.hashed_size");
            const auto hash = table.Slice(at + 32, 32, "partition.entry.hash");
            std::copy(hash.begin(), hash.end(), entry.hash.begin());
        }
        fs.entries.push_back(std::move(entry));
    }
    return fs;
}

std::vector<u8> WritePartition(std::span<const PartitionFile> files, std::string_view magic,
                               u64 entry_size) {
    std::string strings;
    std::vector<u32> name_offsets;
    for (const PartitionFile& file : files) {
        name_offsets.push_back(static_cast<u32>(strings.size()));
        strings += file.name;
        strings += '\0';
    }
    // The console pads the string table so that data starts on a 0x20 boundary.
    u64 data_start = kHeaderSize + files.size() * entry_size + strings.size();
    const u64 padded = (data_start + 0x1f) & ~u64{0x1f};
    strings.resize(strings.size() + (padded - data_start), '\0');
    data_start = padded;

    base::ByteWriter out;
    out.WriteBytes(0, AsBytes(magic));
    out.Write<u32>(4, static_cast<u32>(files.size()));
    out.Write<u32>(8, static_cast<u32>(strings.size()));
    u64 offset = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const u64 at = kHeaderSize + i * entry_size;
        out.Write<u64>(at, offset);
        out.Write<u64>(at + 8, files[i].bytes.size());
        out.Write<u32>(at + 16, name_offsets[i]);
        if (entry_size == kHfs0EntrySize) {
            out.Write<u32>(at + 20, static_cast<u32>(files[i].bytes.size()));
            out.WriteBytes(at + 32, base::Sha256(files[i].bytes));
        }
        offset += files[i].bytes.size();
    }
    out.WriteBytes(kHeaderSize + files.size() * entry_size, AsBytes(strings));
    for (const PartitionFile& file : files) {
        out.Append(file.bytes);
    }
    return out.Take();
}

}  // namespace

const PartitionEntry* PartitionFs::Find(std::string_view name) const {
    for (const PartitionEntry& entry : entries) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return nullptr;
}

StoragePtr PartitionFs::Open(const PartitionEntry& entry) const {
    return std::make_shared<SubStorage>(storage, entry.offset, entry.size,
                                        storage->Name() + ":" + entry.name);
}

void PartitionFs::VerifyHash(const PartitionEntry& entry) const {
    if (kind != "HFS0") {
        return;
    }
    const u64 size = std::min<u64>(entry.hashed_size, entry.size);
    const auto digest = base::Sha256(storage->ReadBytes(entry.offset, size));
    if (!std::equal(digest.begin(), digest.end(), entry.hash.begin())) {
        base::Fail("{}:{}: SHA-256 of the first {:#x} bytes does not match the HFS0 entry",
                   storage->Name(), entry.name, size);
    }
}

PartitionFs ReadPfs0(StoragePtr storage) {
    return ReadPartition(std::move(storage), "PFS0", kPfs0EntrySize);
}

PartitionFs ReadHfs0(StoragePtr storage) {
    return ReadPartition(std::move(storage), "HFS0", kHfs0EntrySize);
}

std::vector<u8> WritePfs0(std::span<const PartitionFile> files) {
    return WritePartition(files, "PFS0", kPfs0EntrySize);
}

std::vector<u8> WriteHfs0(std::span<const PartitionFile> files) {
    return WritePartition(files, "HFS0", kHfs0EntrySize);
}

}  // namespace formats
