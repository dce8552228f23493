#include "formats/nup_format.h"

#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"
#include "formats/zstd_dictionaries.h"

namespace formats {

namespace {

// Header fields.
constexpr u64 kMagic = 0x00;  // "NUP\0"
constexpr u64 kVersion = 0x04;
constexpr u64 kChunkSize = 0x08;
constexpr u64 kChunkCount = 0x10;
constexpr u64 kFileCount = 0x18;
constexpr u64 kFolderCount = 0x20;
constexpr u64 kTotalSize = 0x28;
constexpr u64 kTocOffset = 0x30;
constexpr u64 kTocSize = 0x38;
constexpr u64 kTocRawSize = 0x40;
constexpr u64 kTocHash = 0x50;
constexpr u64 kContentHash = 0x60;
constexpr u64 kHeaderHash = 0xf0;

// TOC records.
constexpr u64 kChunkRecord = 0x38;  // u64 offset, u32 stored, u32 raw, u32 flags, u32 0, 2 x hash
constexpr u64 kFileRecord = 0x30;   // u64 stream offset, u64 size, u32 path, u32 length, u32 mode,
                                    // u32 0, hash
constexpr u64 kFolderRecord = 0x8;  // u32 path, u32 length
constexpr u32 kChunkCompressed = 1;
// Limits that only damage or a hostile image reaches.
constexpr u64 kMaxChunkSize = 256 << 20;
constexpr u64 kMaxTocRawSize = 1ull << 30;

Hash128 Canonical(XXH128_hash_t hash) {
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, hash);
    Hash128 out;
    std::memcpy(out.data(), canonical.digest, 16);
    return out;
}

Hash128 ReadHash(const base::ByteReader& reader, u64 offset, std::string_view field) {
    const auto bytes = reader.Slice(offset, 16, field);
    Hash128 hash;
    std::copy(bytes.begin(), bytes.end(), hash.begin());
    return hash;
}

}  // namespace

Hash128 Xxh3Hash128(std::span<const u8> bytes) {
    return Canonical(XXH3_128bits(bytes.data(), bytes.size()));
}

std::string HashHex(const Hash128& hash) {
    return base::ToHex(hash);
}

Xxh3Stream::Xxh3Stream() : state_(XXH3_createState()) {
    XXH3_128bits_reset(static_cast<XXH3_state_t*>(state_));
}

Xxh3Stream::~Xxh3Stream() {
    XXH3_freeState(static_cast<XXH3_state_t*>(state_));
}

void Xxh3Stream::Update(std::span<const u8> bytes) {
    XXH3_128bits_update(static_cast<XXH3_state_t*>(state_), bytes.data(), bytes.size());
}

Hash128 Xxh3Stream::Digest() const {
    return Canonical(XXH3_128bits_digest(static_cast<XXH3_state_t*>(state_)));
}

std::pair<std::size_t, std::size_t> NupToc::FilesInChunk(std::size_t index) const {
    const u64 begin = index * chunk_size;
    const u64 end = std::min(total_size, begin + chunk_size);
    // Files are in stream order; the first one that ends after `begin`, up to the first one
    // that starts at or after `end`. Empty files belong to no chunk.
    auto first = std::partition_point(files.begin(), files.end(), [&](const NupFile& f) {
        return f.stream_offset + f.size <= begin;
    });
    auto last = std::partition_point(first, files.end(),
                                     [&](const NupFile& f) { return f.stream_offset < end; });
    return {static_cast<std::size_t>(first - files.begin()),
            static_cast<std::size_t>(last - files.begin())};
}

const NupFile* NupToc::Find(std::string_view path) const {
    while (!path.empty() && path.front() == '/') {
        path.remove_prefix(1);
    }
    for (const NupFile& file : files) {
        if (file.path == path) {
            return &file;
        }
    }
    return nullptr;
}

bool IsNup(const Storage& storage) {
    if (storage.Size() < kNupHeaderSize) {
        return false;
    }
    const auto magic = storage.ReadBytes(0, 4);
    return std::equal(magic.begin(), magic.end(), AsBytes(std::string_view("NUP\0", 4)).begin());
}

std::vector<u8> WriteNupHeader(const NupHeader& header) {
    base::ByteWriter out;
    out.WriteBytes(kMagic, AsBytes(std::string_view("NUP\0", 4)));
    out.Write<u32>(kVersion, header.version);
    out.Write<u64>(kChunkSize, header.chunk_size);
    out.Write<u64>(kChunkCount, header.chunk_count);
    out.Write<u64>(kFileCount, header.file_count);
    out.Write<u64>(kFolderCount, header.folder_count);
    out.Write<u64>(kTotalSize, header.total_size);
    out.Write<u64>(kTocOffset, header.toc_offset);
    out.Write<u64>(kTocSize, header.toc_size);
    out.Write<u64>(kTocRawSize, header.toc_raw_size);
    out.WriteBytes(kTocHash, header.toc_hash);
    out.WriteBytes(kContentHash, header.content_hash);
    out.PadTo(kHeaderHash);
    out.WriteBytes(kHeaderHash, Xxh3Hash128(out.Bytes()));
    return out.Take();
}

NupHeader ReadNupHeader(const Storage& storage) {
    if (storage.Size() < kNupHeaderSize) {
        base::Fail("{}: a NUP header needs {:#x} bytes, the file has {:#x}", storage.Name(),
                   kNupHeaderSize, storage.Size());
    }
    const std::vector<u8> bytes = storage.ReadBytes(0, kNupHeaderSize);
    const base::ByteReader reader(bytes, storage.Name());
    RequireMagic(reader, kMagic, std::string_view("NUP\0", 4), "nup.magic");
    const Hash128 expected = ReadHash(reader, kHeaderHash, "nup.header_hash");
    if (Xxh3Hash128(std::span(bytes).first(kHeaderHash)) != expected) {
        reader.Invalid("nup.header_hash", kHeaderHash,
                       "the header does not match its hash (damaged header)");
    }
    NupHeader header;
    header.version = reader.Read<u32>(kVersion, "nup.version");
    if (header.version != kNupVersion) {
        reader.Invalid("nup.version", kVersion, "version {} (this nxhost reads version {})",
                       header.version, kNupVersion);
    }
    header.chunk_size = reader.Read<u64>(kChunkSize, "nup.chunk_size");
    header.chunk_count = reader.Read<u64>(kChunkCount, "nup.chunk_count");
    header.file_count = reader.Read<u64>(kFileCount, "nup.file_count");
    header.folder_count = reader.Read<u64>(kFolderCount, "nup.folder_count");
    header.total_size = reader.Read<u64>(kTotalSize, "nup.total_size");
    header.toc_offset = reader.Read<u64>(kTocOffset, "nup.toc_offset");
    header.toc_size = reader.Read<u64>(kTocSize, "nup.toc_size");
    header.toc_raw_size = reader.Read<u64>(kTocRawSize, "nup.toc_raw_size");
    header.toc_hash = ReadHash(reader, kTocHash, "nup.toc_hash");
    header.content_hash = ReadHash(reader, kContentHash, "nup.content_hash");
    if (header.chunk_size == 0 || header.chunk_size > kMaxChunkSize) {
        reader.Invalid("nup.chunk_size", kChunkSize, "{:#x} bytes", header.chunk_size);
    }
    if (header.toc_offset > storage.Size() ||
        header.toc_size > storage.Size() - header.toc_offset) {
        reader.Invalid("nup.toc_offset", kTocOffset,
                       "the table of contents ({:#x} bytes at {:#x}) runs past the end of the "
                       "image ({:#x} bytes): truncated?",
                       header.toc_size, header.toc_offset, storage.Size());
    }
    if (header.toc_raw_size > kMaxTocRawSize) {
        reader.Invalid("nup.toc_raw_size", kTocRawSize, "{:#x} bytes", header.toc_raw_size);
    }
    return header;
}

std::vector<u8> WriteNupTocBytes(const NupToc& toc) {
    base::ByteWriter out;
    std::string strings;
    auto add_string = [&strings](const std::string& text) {
        const u32 offset = static_cast<u32>(strings.size());
        strings += text;
        return offset;
    };
    u64 at = 0;
    for (const NupChunk& chunk : toc.chunks) {
        out.Write<u64>(at, chunk.offset);
        out.Write<u32>(at + 8, chunk.stored_size);
        out.Write<u32>(at + 12, chunk.raw_size);
        out.Write<u32>(at + 16, chunk.compressed ? kChunkCompressed : 0);
        out.WriteBytes(at + 24, chunk.stored_hash);
        out.WriteBytes(at + 40, chunk.raw_hash);
        at += kChunkRecord;
    }
    for (const NupFile& file : toc.files) {
        out.Write<u64>(at, file.stream_offset);
        out.Write<u64>(at + 8, file.size);
        out.Write<u32>(at + 16, add_string(file.path));
        out.Write<u32>(at + 20, static_cast<u32>(file.path.size()));
        out.Write<u32>(at + 24, file.mode);
        out.WriteBytes(at + 32, file.hash);
        at += kFileRecord;
    }
    for (const std::string& folder : toc.folders) {
        out.Write<u32>(at, add_string(folder));
        out.Write<u32>(at + 4, static_cast<u32>(folder.size()));
        at += kFolderRecord;
    }
    out.WriteBytes(at, AsBytes(strings));
    return out.Take();
}

void RequireSafeNupPath(std::string_view path, std::string_view source) {
    if (path.empty() || path.front() == '/' || path.back() == '/' ||
        path.find('\0') != std::string_view::npos) {
        base::Fail("{}: unsafe path \"{}\" in the image", source, path);
    }
    std::string_view rest = path;
    while (!rest.empty()) {
        const std::size_t slash = rest.find('/');
        const std::string_view part = rest.substr(0, slash);
        if (part.empty() || part == "." || part == "..") {
            base::Fail("{}: unsafe path \"{}\" in the image", source, path);
        }
        if (slash == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(slash + 1);
    }
}

NupToc ReadNupToc(const Storage& storage, const NupHeader& header) {
    const std::vector<u8> stored = storage.ReadBytes(header.toc_offset, header.toc_size);
    if (Xxh3Hash128(stored) != header.toc_hash) {
        base::Fail("{}: the table of contents does not match its hash (damaged)", storage.Name());
    }
    const std::vector<u8> bytes =
        ZstdDecompress(stored, storage.Name() + " (table of contents)", header.toc_raw_size);
    if (bytes.size() != header.toc_raw_size) {
        base::Fail("{}: the table of contents has {:#x} bytes, the header says {:#x}",
                   storage.Name(), bytes.size(), header.toc_raw_size);
    }
    const base::ByteReader reader(bytes, storage.Name() + " (table of contents)");
    const u64 records = header.chunk_count * kChunkRecord + header.file_count * kFileRecord +
                        header.folder_count * kFolderRecord;
    if (header.chunk_count > bytes.size() || header.file_count > bytes.size() ||
        header.folder_count > bytes.size() || records > bytes.size()) {
        base::Fail("{}: the header's counts do not fit the table of contents", storage.Name());
    }
    const u64 strings = records;
    const u64 strings_size = bytes.size() - strings;
    auto read_string = [&](u64 field) {
        const u32 offset = reader.Read<u32>(field, "nup.path_offset");
        const u32 length = reader.Read<u32>(field + 4, "nup.path_length");
        if (offset > strings_size || length > strings_size - offset) {
            reader.Invalid("nup.path_offset", field, "path outside the string table");
        }
        const auto text = reader.Slice(strings + offset, length, "nup.path");
        std::string path(text.begin(), text.end());
        RequireSafeNupPath(path, storage.Name());
        return path;
    };

    NupToc toc;
    toc.chunk_size = header.chunk_size;
    toc.total_size = header.total_size;
    const u64 expected_chunks = (header.total_size + header.chunk_size - 1) / header.chunk_size;
    if (header.chunk_count != expected_chunks) {
        base::Fail("{}: {} chunks for {:#x} bytes in chunks of {:#x} (damaged header)",
                   storage.Name(), header.chunk_count, header.total_size, header.chunk_size);
    }
    u64 at = 0;
    for (u64 i = 0; i < header.chunk_count; ++i, at += kChunkRecord) {
        NupChunk chunk;
        chunk.offset = reader.Read<u64>(at, "nup.chunk.offset");
        chunk.stored_size = reader.Read<u32>(at + 8, "nup.chunk.stored_size");
        chunk.raw_size = reader.Read<u32>(at + 12, "nup.chunk.raw_size");
        chunk.compressed = (reader.Read<u32>(at + 16, "nup.chunk.flags") & kChunkCompressed) != 0;
        chunk.stored_hash = ReadHash(reader, at + 24, "nup.chunk.stored_hash");
        chunk.raw_hash = ReadHash(reader, at + 40, "nup.chunk.raw_hash");
        const u64 expected_raw =
            std::min(header.chunk_size, header.total_size - i * header.chunk_size);
        if (chunk.raw_size != expected_raw || chunk.offset > storage.Size() ||
            chunk.stored_size > storage.Size() - chunk.offset ||
            (!chunk.compressed && chunk.stored_size != chunk.raw_size)) {
            reader.Invalid("nup.chunk", at,
                           "chunk {} ({:#x} bytes stored at {:#x}, {:#x} raw) does not fit the "
                           "image ({:#x} bytes)",
                           i, chunk.stored_size, chunk.offset, chunk.raw_size, storage.Size());
        }
        toc.chunks.push_back(chunk);
    }
    u64 stream = 0;
    for (u64 i = 0; i < header.file_count; ++i, at += kFileRecord) {
        NupFile file;
        file.stream_offset = reader.Read<u64>(at, "nup.file.stream_offset");
        file.size = reader.Read<u64>(at + 8, "nup.file.size");
        file.path = read_string(at + 16);
        file.mode = reader.Read<u32>(at + 24, "nup.file.mode") & 0777;
        file.hash = ReadHash(reader, at + 32, "nup.file.hash");
        // Files lie back to back in path order; anything else is damage.
        if (file.stream_offset != stream || file.size > header.total_size - stream) {
            reader.Invalid("nup.file.stream_offset", at,
                           "\"{}\" ({:#x} bytes at {:#x}) does not follow the previous file "
                           "(expected {:#x})",
                           file.path, file.size, file.stream_offset, stream);
        }
        stream += file.size;
        toc.files.push_back(std::move(file));
    }
    if (stream != header.total_size) {
        base::Fail("{}: the files hold {:#x} bytes, the header says {:#x}", storage.Name(), stream,
                   header.total_size);
    }
    for (u64 i = 0; i < header.folder_count; ++i, at += kFolderRecord) {
        toc.folders.push_back(read_string(at));
    }
    if (NupContentHash(toc) != header.content_hash) {
        base::Fail("{}: the file list does not match the content hash (damaged)", storage.Name());
    }
    return toc;
}

Hash128 NupContentHash(const NupToc& toc) {
    Xxh3Stream stream;
    for (const NupFile& file : toc.files) {
        stream.Update(AsBytes(file.path));
        const u8 separator = 0;
        stream.Update({&separator, 1});
        stream.Update({reinterpret_cast<const u8*>(&file.size), sizeof(file.size)});
        stream.Update(file.hash);
    }
    for (const std::string& folder : toc.folders) {
        stream.Update(AsBytes(folder));
        stream.Update(AsBytes("/"));
    }
    return stream.Digest();
}

NupImage NupImage::Open(const std::filesystem::path& path) {
    return Open(OpenFileStorage(path));
}

NupImage NupImage::Open(StoragePtr storage) {
    NupImage image;
    image.storage = std::move(storage);
    image.header = ReadNupHeader(*image.storage);
    image.toc = ReadNupToc(*image.storage, image.header);
    return image;
}

std::vector<u8> NupImage::ReadChunk(std::size_t index) const {
    const NupChunk& chunk = toc.chunks.at(index);
    std::vector<u8> stored = storage->ReadBytes(chunk.offset, chunk.stored_size);
    if (Xxh3Hash128(stored) != chunk.stored_hash) {
        base::Fail("{}: chunk {} is damaged (its bytes do not match their hash)", storage->Name(),
                   index);
    }
    std::vector<u8> raw =
        chunk.compressed
            ? ZstdDecompress(stored, fmt::format("{}: chunk {}", storage->Name(), index),
                             chunk.raw_size)
            : std::move(stored);
    if (raw.size() != chunk.raw_size || Xxh3Hash128(raw) != chunk.raw_hash) {
        base::Fail("{}: chunk {} is damaged (its data does not match its hash)", storage->Name(),
                   index);
    }
    return raw;
}

std::vector<u8> NupImage::ReadFile(const NupFile& file) const {
    std::vector<u8> bytes;
    bytes.reserve(file.size);
    const u64 end = file.stream_offset + file.size;
    for (u64 at = file.stream_offset; at < end;) {
        const std::size_t index = at / toc.chunk_size;
        const std::vector<u8> chunk = ReadChunk(index);
        const u64 chunk_start = index * toc.chunk_size;
        const u64 take = std::min<u64>(end, chunk_start + chunk.size()) - at;
        const auto from = chunk.begin() + static_cast<std::ptrdiff_t>(at - chunk_start);
        bytes.insert(bytes.end(), from, from + static_cast<std::ptrdiff_t>(take));
        at += take;
    }
    if (Xxh3Hash128(bytes) != file.hash) {
        base::Fail("{}: \"{}\" does not match its hash (damaged)", storage->Name(), file.path);
    }
    return bytes;
}

}  // namespace formats
