#include <algorithm>
#include <unordered_set>

#include "base/byte_reader.h"
#include "base/error.h"
#include "formats/romfs.h"

namespace formats {

namespace {

// Header: u64 header size, then {u64 offset, u64 size} of the directory hash table, directory
// table, file hash table and file table, then u64 the offset of the file data.
constexpr u64 kHeaderSize = 0x50;
constexpr u32 kEmpty = 0xffffffff;
constexpr u64 kDirEntryFixed = 0x18;
constexpr u64 kFileEntryFixed = 0x20;
// The tables of the largest games are a few MB; anything beyond this is damage.
constexpr u64 kMaxTable = 256ull << 20;

std::vector<std::string_view> SplitPath(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        const std::size_t slash = path.find('/');
        const std::string_view part = path.substr(0, slash);
        if (!part.empty()) {
            parts.push_back(part);
        }
        if (slash == std::string_view::npos) {
            break;
        }
        path.remove_prefix(slash + 1);
    }
    return parts;
}

}  // namespace

u32 RomfsPathHash(u32 parent, std::string_view name) {
    u32 hash = parent ^ 123456789u;
    for (const char c : name) {
        hash = (hash >> 5) | (hash << 27);
        hash ^= static_cast<u8>(c);
    }
    return hash;
}

RomfsReader::RomfsReader(StoragePtr storage) : storage_(std::move(storage)) {
    const std::string& source = storage_->Name();
    if (storage_->Size() < kHeaderSize) {
        base::Fail("{}: a RomFS header needs {:#x} bytes, the image has {:#x}", source, kHeaderSize,
                   storage_->Size());
    }
    const std::vector<u8> header_bytes = storage_->ReadBytes(0, kHeaderSize);
    const base::ByteReader header(header_bytes, source);
    const u64 header_size = header.Read<u64>(0, "romfs.header_size");
    if (header_size != kHeaderSize) {
        header.Invalid("romfs.header_size", 0, "expected {:#x}, found {:#x} (not a RomFS)",
                       kHeaderSize, header_size);
    }
    constexpr const char* kTables[] = {"romfs.dir_hash_table", "romfs.dir_table",
                                       "romfs.file_hash_table", "romfs.file_table"};
    std::vector<u8>* targets[] = {&dir_hash_, &dir_table_, &file_hash_, &file_table_};
    for (int i = 0; i < 4; ++i) {
        const u64 offset = header.Read<u64>(8 + i * 16, kTables[i]);
        const u64 size = header.Read<u64>(16 + i * 16, kTables[i]);
        if (size > kMaxTable || offset > storage_->Size() || size > storage_->Size() - offset) {
            header.Invalid(kTables[i], 8 + i * 16,
                           "{:#x} bytes at {:#x} run past the end of the image ({:#x} bytes)", size,
                           offset, storage_->Size());
        }
        *targets[i] = storage_->ReadBytes(offset, size);
    }
    data_offset_ = header.Read<u64>(0x48, "romfs.data_offset");
    if (data_offset_ > storage_->Size()) {
        header.Invalid("romfs.data_offset", 0x48, "{:#x} is past the end of the image ({:#x})",
                       data_offset_, storage_->Size());
    }
    if (dir_hash_.size() < 4 || file_hash_.size() < 4) {
        base::Fail("{}: RomFS hash tables are empty", source);
    }
    ReadDir(0);  // the root must exist
}

RomfsReader::DirEntry RomfsReader::ReadDir(u32 offset) const {
    const base::ByteReader table(dir_table_, Name() + " (directory table)");
    DirEntry entry{};
    entry.parent = table.Read<u32>(offset, "romfs.dir.parent");
    entry.sibling = table.Read<u32>(u64{offset} + 4, "romfs.dir.sibling");
    entry.child_dir = table.Read<u32>(u64{offset} + 8, "romfs.dir.child_dir");
    entry.child_file = table.Read<u32>(u64{offset} + 12, "romfs.dir.child_file");
    entry.hash_next = table.Read<u32>(u64{offset} + 16, "romfs.dir.hash_next");
    const u32 name_size = table.Read<u32>(u64{offset} + 20, "romfs.dir.name_size");
    const auto name = table.Slice(u64{offset} + kDirEntryFixed, name_size, "romfs.dir.name");
    entry.name = {reinterpret_cast<const char*>(name.data()), name.size()};
    return entry;
}

RomfsReader::FileEntry RomfsReader::ReadFileEntry(u32 offset) const {
    const base::ByteReader table(file_table_, Name() + " (file table)");
    FileEntry entry{};
    entry.parent = table.Read<u32>(offset, "romfs.file.parent");
    entry.sibling = table.Read<u32>(u64{offset} + 4, "romfs.file.sibling");
    entry.offset = table.Read<u64>(u64{offset} + 8, "romfs.file.data_offset");
    entry.size = table.Read<u64>(u64{offset} + 16, "romfs.file.size");
    entry.hash_next = table.Read<u32>(u64{offset} + 24, "romfs.file.hash_next");
    const u32 name_size = table.Read<u32>(u64{offset} + 28, "romfs.file.name_size");
    const auto name = table.Slice(u64{offset} + kFileEntryFixed, name_size, "romfs.file.name");
    entry.name = {reinterpret_cast<const char*>(name.data()), name.size()};
    return entry;
}

namespace {

// Follows the hash chain of (parent, name) in a directory or file hash table. Each step visits
// a distinct entry of at least `entry_fixed` bytes of the entry table, so a longer chain can
// only be a loop.
template <typename ReadEntry>
std::optional<u32> FollowHashChain(const std::vector<u8>& hash_table, u64 table_bytes,
                                   u64 entry_fixed, std::string_view what,
                                   const std::string& source, u32 parent, std::string_view name,
                                   ReadEntry read_entry) {
    const u32 buckets = static_cast<u32>(hash_table.size() / 4);
    const base::ByteReader hashes(hash_table, fmt::format("{} ({} hash table)", source, what));
    u32 offset =
        hashes.Read<u32>(u64{RomfsPathHash(parent, name) % buckets} * 4, "romfs.hash.bucket");
    for (u64 steps = 0; offset != kEmpty; ++steps) {
        if (steps > table_bytes / entry_fixed) {
            base::Fail("{}: RomFS {} hash chain loops (at entry {:#x})", source, what, offset);
        }
        const auto entry = read_entry(offset);
        if (entry.parent == parent && entry.name == name) {
            return offset;
        }
        offset = entry.hash_next;
    }
    return std::nullopt;
}

}  // namespace

std::optional<u32> RomfsReader::LookupDir(u32 parent, std::string_view name) const {
    return FollowHashChain(dir_hash_, dir_table_.size(), kDirEntryFixed, "directory", Name(),
                           parent, name, [this](u32 offset) { return ReadDir(offset); });
}

std::optional<u32> RomfsReader::LookupFile(u32 parent, std::string_view name) const {
    return FollowHashChain(file_hash_, file_table_.size(), kFileEntryFixed, "file", Name(), parent,
                           name, [this](u32 offset) { return ReadFileEntry(offset); });
}

std::optional<u32> RomfsReader::FindDirOffset(std::string_view path) const {
    u32 dir = 0;
    for (const std::string_view part : SplitPath(path)) {
        const auto child = LookupDir(dir, part);
        if (!child) {
            return std::nullopt;
        }
        dir = *child;
    }
    return dir;
}

RomfsFile RomfsReader::ToFile(u32 offset, const FileEntry& entry) const {
    const u64 space = storage_->Size() - data_offset_;
    if (entry.offset > space || entry.size > space - entry.offset) {
        base::Fail(
            "{}: RomFS file \"{}\" ({:#x} bytes at data offset {:#x}) runs past the end "
            "of the image ({:#x} bytes)",
            Name(), entry.name, entry.size, entry.offset, storage_->Size());
    }
    return RomfsFile{offset, data_offset_ + entry.offset, entry.size};
}

std::optional<RomfsFile> RomfsReader::FindFile(std::string_view path) const {
    std::vector<std::string_view> parts = SplitPath(path);
    if (parts.empty()) {
        return std::nullopt;
    }
    const std::string_view name = parts.back();
    u32 dir = 0;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        const auto child = LookupDir(dir, parts[i]);
        if (!child) {
            return std::nullopt;
        }
        dir = *child;
    }
    const auto offset = LookupFile(dir, name);
    if (!offset) {
        return std::nullopt;
    }
    return ToFile(*offset, ReadFileEntry(*offset));
}

bool RomfsReader::IsDirectory(std::string_view path) const {
    return FindDirOffset(path).has_value();
}

std::vector<RomfsListEntry> RomfsReader::List(std::string_view path) const {
    const auto dir = FindDirOffset(path);
    if (!dir) {
        base::Fail("{}: no directory \"{}\" in the RomFS", Name(), path);
    }
    std::vector<RomfsListEntry> list;
    std::unordered_set<u32> seen;
    for (u32 child = ReadDir(*dir).child_dir; child != kEmpty;) {
        if (!seen.insert(child).second) {
            base::Fail("{}: RomFS directory list of \"{}\" loops", Name(), path);
        }
        const DirEntry entry = ReadDir(child);
        list.push_back({std::string(entry.name), true, 0});
        child = entry.sibling;
    }
    seen.clear();
    for (u32 child = ReadDir(*dir).child_file; child != kEmpty;) {
        if (!seen.insert(child).second) {
            base::Fail("{}: RomFS file list of \"{}\" loops", Name(), path);
        }
        const FileEntry entry = ReadFileEntry(child);
        list.push_back({std::string(entry.name), false, entry.size});
        child = entry.sibling;
    }
    return list;
}

StoragePtr RomfsReader::OpenFile(const RomfsFile& file, std::string_view path) const {
    return std::make_shared<SubStorage>(storage_, file.data_offset, file.size,
                                        fmt::format("{}:{}", Name(), path));
}

std::vector<u8> RomfsReader::ReadFile(std::string_view path) const {
    const auto file = FindFile(path);
    if (!file) {
        base::Fail("{}: no file \"{}\" in the RomFS", Name(), path);
    }
    return storage_->ReadBytes(file->data_offset, file->size);
}

void RomfsReader::Walk(
    const std::function<void(const std::string&, const RomfsFile&)>& visit) const {
    // Depth first with an explicit stack; every directory is entered once, so damaged tables
    // whose children point back up end the walk with an error instead of running forever.
    std::unordered_set<u32> dirs_seen;
    std::unordered_set<u32> files_seen;
    std::vector<std::pair<u32, std::string>> stack{{0, ""}};
    while (!stack.empty()) {
        auto [dir, prefix] = std::move(stack.back());
        stack.pop_back();
        if (!dirs_seen.insert(dir).second) {
            base::Fail("{}: RomFS directory tree loops (directory entry {:#x})", Name(), dir);
        }
        const DirEntry entry = ReadDir(dir);
        for (u32 file = entry.child_file; file != kEmpty;) {
            if (!files_seen.insert(file).second) {
                base::Fail("{}: RomFS file list loops (file entry {:#x})", Name(), file);
            }
            const FileEntry child = ReadFileEntry(file);
            visit(prefix + "/" + std::string(child.name), ToFile(file, child));
            file = child.sibling;
        }
        std::vector<std::pair<u32, std::string>> children;
        std::unordered_set<u32> siblings;
        for (u32 child = entry.child_dir; child != kEmpty;) {
            if (dirs_seen.count(child) != 0 || !siblings.insert(child).second) {
                base::Fail("{}: RomFS directory tree loops (directory entry {:#x})", Name(), child);
            }
            const DirEntry sub = ReadDir(child);
            children.emplace_back(child, prefix + "/" + std::string(sub.name));
            child = sub.sibling;
        }
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
}

}  // namespace formats
