#include "formats/xci.h"

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

constexpr u64 kMagic = 0x100;
constexpr u64 kCardSize = 0x10d;
constexpr u64 kPackageId = 0x110;
constexpr u64 kRootOffset = 0x130;
constexpr u64 kRootHeaderSize = 0x138;
constexpr u64 kRootHeaderHash = 0x140;
constexpr u64 kHeaderEnd = 0x200;
// The root HFS0 of real cards starts at 0xf000, after the header and the initial data.
constexpr u64 kWriterRootOffset = 0xf000;

}  // namespace

PartitionFs Xci::OpenPartition(std::string_view name) const {
    const PartitionEntry* entry = root.Find(name);
    if (!entry) {
        base::Fail("{}: no \"{}\" partition in the card image", root.storage->Name(), name);
    }
    return ReadHfs0(root.Open(*entry));
}

Xci ReadXci(StoragePtr storage) {
    if (storage->Size() < kHeaderEnd) {
        base::Fail("{}: an XCI header needs {:#x} bytes, the file has {:#x}", storage->Name(),
                   kHeaderEnd, storage->Size());
    }
    const std::vector<u8> header = storage->ReadBytes(0, kHeaderEnd);
    const base::ByteReader reader(header, storage->Name());
    RequireMagic(reader, kMagic, "HEAD", "xci.magic");
    Xci xci;
    xci.card_size = reader.Read<u8>(kCardSize, "xci.card_size");
    xci.package_id = reader.Read<u64>(kPackageId, "xci.package_id");
    const u64 root_offset = reader.Read<u64>(kRootOffset, "xci.root_offset");
    const u64 root_header_size = reader.Read<u64>(kRootHeaderSize, "xci.root_header_size");
    if (root_offset > storage->Size() || root_header_size > storage->Size() - root_offset) {
        reader.Invalid("xci.root_offset", kRootOffset,
                       "root HFS0 header ({:#x} bytes at {:#x}) runs past the end ({:#x} bytes)",
                       root_header_size, root_offset, storage->Size());
    }
    // The header hash covers the root HFS0's header, so a damaged partition table is caught
    // here rather than read as garbage offsets.
    const auto digest = base::Sha256(storage->ReadBytes(root_offset, root_header_size));
    const auto expected = reader.Slice(kRootHeaderHash, 32, "xci.root_header_hash");
    if (!std::equal(digest.begin(), digest.end(), expected.begin())) {
        reader.Invalid("xci.root_header_hash", kRootHeaderHash,
                       "the root HFS0 header does not match its SHA-256 (damaged)");
    }
    xci.root = ReadHfs0(std::make_shared<SubStorage>(
        storage, root_offset, storage->Size() - root_offset, storage->Name() + ":root"));
    return xci;
}

std::vector<u8> WriteXci(std::span<const PartitionFile> partitions) {
    const std::vector<u8> root = WriteHfs0(partitions);
    // The root's header: everything before the first partition's data.
    const base::ByteReader reader(root, "xci writer");
    const u64 header_size =
        0x10 + u64{reader.Read<u32>(4, "count")} * 0x40 + reader.Read<u32>(8, "strings");
    base::ByteWriter out;
    out.WriteBytes(kMagic, AsBytes("HEAD"));
    out.Write<u8>(kCardSize, 0xfa);
    out.Write<u64>(kPackageId, 0x1234567890abcdefull);
    out.Write<u64>(kRootOffset, kWriterRootOffset);
    out.Write<u64>(kRootHeaderSize, header_size);
    out.WriteBytes(kRootHeaderHash, base::Sha256(std::span(root).first(header_size)));
    out.WriteBytes(kWriterRootOffset, root);
    return out.Take();
}

}  // namespace formats
