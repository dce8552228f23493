#include "formats/sarc.h"

#include <algorithm>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

constexpr u64 kHeaderSize = 0x14;
constexpr u64 kSfatHeaderSize = 0xc;
constexpr u64 kNodeSize = 0x10;
constexpr u64 kSfntHeaderSize = 0x8;
constexpr u32 kHasName = 0x01000000;  // attribute flag; the low 16 bits are name offset / 4

}  // namespace

u32 SarcNameHash(std::string_view name, u32 key) {
    u32 hash = 0;
    for (const char c : name) {
        // The engine hashes the name's bytes as signed chars.
        hash = hash * key + static_cast<u32>(static_cast<s32>(static_cast<signed char>(c)));
    }
    return hash;
}

const SarcEntry* Sarc::Find(std::string_view name) const {
    for (const SarcEntry& entry : entries) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return nullptr;
}

Sarc ReadSarc(std::span<const u8> archive, std::string source) {
    const base::ByteReader reader(archive, std::move(source));
    RequireMagic(reader, 0, "SARC", "sarc.magic");
    const u16 header_size = reader.Read<u16>(4, "sarc.header_size");
    const u16 bom = reader.Read<u16>(6, "sarc.byte_order");
    if (bom != 0xfeff) {
        reader.Invalid("sarc.byte_order", 6, "{:#06x}: only little-endian archives are read", bom);
    }
    const u32 data_offset = reader.Read<u32>(0xc, "sarc.data_offset");
    if (header_size != kHeaderSize || data_offset > archive.size()) {
        reader.Invalid("sarc.data_offset", 0xc,
                       "header size {:#x}, data at {:#x} in a {:#x}-byte archive", header_size,
                       data_offset, archive.size());
    }
    const u64 sfat = kHeaderSize;
    RequireMagic(reader, sfat, "SFAT", "sfat.magic");
    const u16 count = reader.Read<u16>(sfat + 6, "sfat.node_count");
    const u32 hash_key = reader.Read<u32>(sfat + 8, "sfat.hash_key");
    const u64 nodes = sfat + kSfatHeaderSize;
    const u64 sfnt = nodes + count * kNodeSize;
    RequireMagic(reader, sfnt, "SFNT", "sfnt.magic");
    const u64 names = sfnt + kSfntHeaderSize;
    if (names > data_offset) {
        reader.Invalid("sarc.data_offset", 0xc, "data at {:#x} overlaps the name table at {:#x}",
                       data_offset, names);
    }
    Sarc sarc;
    for (u32 i = 0; i < count; ++i) {
        const u64 node = nodes + i * kNodeSize;
        const u32 hash = reader.Read<u32>(node, "sfat.node.hash");
        const u32 attributes = reader.Read<u32>(node + 4, "sfat.node.attributes");
        const u32 begin = reader.Read<u32>(node + 8, "sfat.node.data_begin");
        const u32 end = reader.Read<u32>(node + 12, "sfat.node.data_end");
        SarcEntry entry;
        if (attributes & kHasName) {
            const u64 name_at = names + u64{attributes & 0xffff} * 4;
            if (name_at >= data_offset) {
                reader.Invalid("sfat.node.attributes", node + 4,
                               "name offset {:#x} is outside the name table", name_at);
            }
            const auto bytes = reader.Slice(name_at, data_offset - name_at, "sfnt.name");
            const auto nul = std::find(bytes.begin(), bytes.end(), u8{0});
            if (nul == bytes.end()) {
                reader.Invalid("sfnt.name", name_at, "name is not terminated");
            }
            entry.name.assign(bytes.begin(), nul);
            if (SarcNameHash(entry.name, hash_key) != hash) {
                reader.Invalid("sfat.node.hash", node, "\"{}\" does not match its hash {:#010x}",
                               entry.name, hash);
            }
        } else {
            entry.name = fmt::format("0x{:08x}", hash);
        }
        if (end < begin || end > archive.size() - data_offset) {
            reader.Invalid("sfat.node.data_end", node + 12,
                           "\"{}\" spans [{:#x}, {:#x}) of data, which has {:#x} bytes", entry.name,
                           begin, end, archive.size() - data_offset);
        }
        entry.offset = u64{data_offset} + begin;
        entry.size = end - begin;
        sarc.entries.push_back(std::move(entry));
    }
    return sarc;
}

std::vector<u8> WriteSarc(std::span<const PartitionFile> input, u32 alignment) {
    constexpr u32 kKey = 0x65;
    std::vector<const PartitionFile*> files;
    for (const PartitionFile& file : input) {
        files.push_back(&file);
    }
    // Nodes are sorted by hash so that the engine can binary-search them.
    std::sort(files.begin(), files.end(), [](const PartitionFile* a, const PartitionFile* b) {
        return SarcNameHash(a->name, kKey) < SarcNameHash(b->name, kKey);
    });
    base::ByteWriter names;
    std::vector<u32> name_offsets;
    for (const PartitionFile* file : files) {
        name_offsets.push_back(static_cast<u32>(names.Size()));
        names.Append(AsBytes(file->name));
        names.Append(std::vector<u8>(1, 0));
        names.PadTo((names.Size() + 3) & ~u64{3});
    }
    const u64 nodes = kHeaderSize + kSfatHeaderSize;
    const u64 sfnt = nodes + files.size() * kNodeSize;
    const u64 data_offset =
        (sfnt + kSfntHeaderSize + names.Size() + alignment - 1) / alignment * alignment;

    base::ByteWriter out;
    out.WriteBytes(0, AsBytes("SARC"));
    out.Write<u16>(4, kHeaderSize);
    out.Write<u16>(6, 0xfeff);
    out.Write<u32>(0xc, static_cast<u32>(data_offset));
    out.Write<u16>(0x10, 0x100);
    out.WriteBytes(kHeaderSize, AsBytes("SFAT"));
    out.Write<u16>(kHeaderSize + 4, kSfatHeaderSize);
    out.Write<u16>(kHeaderSize + 6, static_cast<u16>(files.size()));
    out.Write<u32>(kHeaderSize + 8, kKey);
    out.WriteBytes(sfnt, AsBytes("SFNT"));
    out.Write<u16>(sfnt + 4, kSfntHeaderSize);
    out.WriteBytes(sfnt + kSfntHeaderSize, names.Bytes());
    u64 data = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        data = (data + alignment - 1) / alignment * alignment;
        const u64 node = nodes + i * kNodeSize;
        out.Write<u32>(node, SarcNameHash(files[i]->name, kKey));
        out.Write<u32>(node + 4, kHasName | (name_offsets[i] / 4));
        out.Write<u32>(node + 8, static_cast<u32>(data));
        out.Write<u32>(node + 12, static_cast<u32>(data + files[i]->bytes.size()));
        out.WriteBytes(data_offset + data, files[i]->bytes);
        data += files[i]->bytes.size();
    }
    out.PadTo(data_offset);
    out.Write<u32>(8, static_cast<u32>(out.Size()));
    return out.Take();
}

}  // namespace formats
