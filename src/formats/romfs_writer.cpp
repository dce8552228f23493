#include <algorithm>
#include <map>
#include <memory>

#include "base/byte_writer.h"
#include "base/error.h"
#include "formats/binary_fields.h"
#include "formats/romfs.h"

namespace formats {

namespace {

constexpr u64 kHeaderSize = 0x50;
constexpr u32 kEmpty = 0xffffffff;
constexpr u64 kDataStart = 0x200;
constexpr u64 kDataAlign = 0x10;

struct Dir {
    std::string name;
    Dir* parent = nullptr;
    std::map<std::string, std::unique_ptr<Dir>> dirs;  // sorted, as the console's tools write
    std::map<std::string, const RomfsInputFile*> files;
    u32 offset = 0;
    std::vector<u32> file_offsets;
};

// The bucket count Nintendo's tools use: the entry count, made odd and then free of small
// prime factors, so that the modulo spreads the hashes.
u32 BucketCount(u32 entries) {
    if (entries < 3) {
        return 3;
    }
    if (entries < 19) {
        return entries | 1;
    }
    u32 count = entries;
    auto has_small_factor = [](u32 n) {
        for (u32 p : {2u, 3u, 5u, 7u, 11u, 13u, 17u}) {
            if (n % p == 0) {
                return true;
            }
        }
        return false;
    };
    while (has_small_factor(count)) {
        ++count;
    }
    return count;
}

u64 Align(u64 value, u64 alignment) {
    return (value + alignment - 1) & ~(alignment - 1);
}

u32 EntrySize(u64 fixed, std::string_view name) {
    return static_cast<u32>(fixed + Align(name.size(), 4));
}

}  // namespace

std::vector<u8> WriteRomfs(std::span<const RomfsInputFile> files) {
    Dir root;
    for (const RomfsInputFile& file : files) {
        Dir* dir = &root;
        std::string_view rest = file.path;
        while (!rest.empty() && rest.front() == '/') {
            rest.remove_prefix(1);
        }
        for (std::size_t slash; (slash = rest.find('/')) != std::string_view::npos;) {
            const std::string part(rest.substr(0, slash));
            rest.remove_prefix(slash + 1);
            if (part.empty()) {
                continue;
            }
            auto& child = dir->dirs[part];
            if (!child) {
                child = std::make_unique<Dir>();
                child->name = part;
                child->parent = dir;
            }
            dir = child.get();
        }
        if (rest.empty() || !dir->files.emplace(std::string(rest), &file).second) {
            base::Fail("romfs writer: bad or repeated path \"{}\"", file.path);
        }
    }

    // Directory entries in breadth-first order (root first at offset 0), file entries grouped
    // by directory in the same order, so each directory's files are contiguous.
    std::vector<Dir*> order{&root};
    for (std::size_t i = 0; i < order.size(); ++i) {
        for (auto& [name, child] : order[i]->dirs) {
            order.push_back(child.get());
        }
    }
    u32 dir_offset = 0;
    u32 file_offset = 0;
    u32 file_count = 0;
    for (Dir* dir : order) {
        dir->offset = dir_offset;
        dir_offset += EntrySize(0x18, dir->name);
        for (auto& [name, file] : dir->files) {
            dir->file_offsets.push_back(file_offset);
            file_offset += EntrySize(0x20, name);
            ++file_count;
        }
    }
    const u32 dir_buckets = BucketCount(static_cast<u32>(order.size()));
    const u32 file_buckets = BucketCount(file_count);
    std::vector<u32> dir_hash(dir_buckets, kEmpty);
    std::vector<u32> file_hash(file_buckets, kEmpty);

    base::ByteWriter dir_table;
    base::ByteWriter file_table;
    base::ByteWriter data;
    for (Dir* dir : order) {
        const u32 parent = dir->parent ? dir->parent->offset : 0;
        const u32 bucket = RomfsPathHash(parent, dir->name) % dir_buckets;
        u32 sibling = kEmpty;
        if (dir->parent) {
            auto& siblings = dir->parent->dirs;
            auto it = siblings.find(dir->name);
            if (++it != siblings.end()) {
                sibling = it->second->offset;
            }
        }
        const u32 at = dir->offset;
        dir_table.Write<u32>(at, parent);
        dir_table.Write<u32>(at + 4, sibling);
        dir_table.Write<u32>(at + 8,
                             dir->dirs.empty() ? kEmpty : dir->dirs.begin()->second->offset);
        dir_table.Write<u32>(at + 12, dir->file_offsets.empty() ? kEmpty : dir->file_offsets[0]);
        dir_table.Write<u32>(at + 16, dir_hash[bucket]);
        dir_table.Write<u32>(at + 20, static_cast<u32>(dir->name.size()));
        dir_table.WriteBytes(at + 0x18, AsBytes(dir->name));
        dir_table.PadTo(at + EntrySize(0x18, dir->name));
        dir_hash[bucket] = at;

        std::size_t index = 0;
        for (auto& [name, file] : dir->files) {
            const u32 entry = dir->file_offsets[index];
            const u32 next =
                index + 1 < dir->file_offsets.size() ? dir->file_offsets[index + 1] : kEmpty;
            ++index;
            const u32 file_bucket = RomfsPathHash(dir->offset, name) % file_buckets;
            data.PadTo(Align(data.Size(), kDataAlign));
            const u64 offset = data.Append(file->bytes);
            file_table.Write<u32>(entry, dir->offset);
            file_table.Write<u32>(entry + 4, next);
            file_table.Write<u64>(entry + 8, offset);
            file_table.Write<u64>(entry + 16, file->bytes.size());
            file_table.Write<u32>(entry + 24, file_hash[file_bucket]);
            file_table.Write<u32>(entry + 28, static_cast<u32>(name.size()));
            file_table.WriteBytes(entry + 0x20, AsBytes(name));
            file_table.PadTo(entry + EntrySize(0x20, name));
            file_hash[file_bucket] = entry;
        }
    }

    // Layout: header, data at 0x200, then the four tables, each 4-aligned.
    const u64 data_size = Align(data.Size(), 4);
    u64 at = kDataStart + data_size;
    base::ByteWriter out;
    auto put_table = [&](u64 field, std::span<const u8> bytes) {
        out.Write<u64>(field, at);
        out.Write<u64>(field + 8, bytes.size());
        out.WriteBytes(at, bytes);
        at += Align(bytes.size(), 4);
    };
    out.Write<u64>(0, kHeaderSize);
    out.Write<u64>(0x48, kDataStart);
    out.WriteBytes(kDataStart, data.Bytes());
    out.PadTo(kDataStart + data_size);
    put_table(0x08, {reinterpret_cast<const u8*>(dir_hash.data()), dir_hash.size() * 4});
    put_table(0x18, dir_table.Bytes());
    put_table(0x28, {reinterpret_cast<const u8*>(file_hash.data()), file_hash.size() * 4});
    put_table(0x38, file_table.Bytes());
    out.PadTo(at);
    return out.Take();
}

}  // namespace formats
