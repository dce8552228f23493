// Unpacking and verifying NUP images: chunks are read, checked and decompressed on worker
// threads; one thread writes (or, for verify, hashes) the files in order.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include "base/error.h"
#include "base/file.h"
#include "base/progress.h"
#include "formats/binary_fields.h"
#include "formats/nup.h"
#include "formats/ordered_pipeline.h"

namespace formats {

namespace {

// A chunk's raw bytes, or why it could not be had.
struct CheckedChunk {
    std::vector<u8> raw;
    std::string error;
    // Files wholly inside the chunk are handled by the worker that checked it, so that file
    // creation (most of the time for a game's many small files) runs on every core.
    u64 written = 0;
    u64 bytes = 0;
    std::vector<std::size_t> damaged;  // file indices
};

bool WhollyInside(const NupToc& toc, std::size_t chunk, const NupFile& file) {
    const u64 begin = chunk * toc.chunk_size;
    return file.stream_offset >= begin &&
           file.stream_offset + file.size <= begin + toc.chunks[chunk].raw_size;
}

CheckedChunk CheckChunk(const NupImage& image, std::size_t index) {
    CheckedChunk chunk;
    try {
        chunk.raw = image.ReadChunk(index);
    } catch (const base::Error& error) {
        chunk.error = error.what();
    }
    return chunk;
}

std::vector<std::size_t> AllChunks(const NupToc& toc) {
    std::vector<std::size_t> items(toc.chunks.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i] = i;
    }
    return items;
}

// Hashes a file on disk in blocks; nullopt if it cannot be read.
std::optional<Hash128> HashHostFile(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return std::nullopt;
    }
    Xxh3Stream stream;
    std::vector<u8> block(1 << 20);
    for (;;) {
        const ssize_t n = ::read(fd, block.data(), block.size());
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) {
            break;
        }
        stream.Update(std::span(block).first(static_cast<std::size_t>(n)));
    }
    ::close(fd);
    return stream.Digest();
}

bool IsWholeOnDisk(const std::filesystem::path& path, const NupFile& file) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error) ||
        std::filesystem::file_size(path, error) != file.size || error) {
        return false;
    }
    const auto hash = HashHostFile(path);
    return hash && *hash == file.hash;
}

// A file being written: its part file, its running hash, and whether a chunk of it was bad.
struct OpenPart {
    int fd = -1;
    std::unique_ptr<Xxh3Stream> hash = std::make_unique<Xxh3Stream>();
    bool damaged = false;
};

void WriteAt(int fd, u64 offset, std::span<const u8> bytes, const std::filesystem::path& path) {
    u64 done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done,
                                   static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            base::Fail("{}: write failed: {}", path.string(), std::strerror(errno));
        }
        done += static_cast<u64>(n);
    }
}

std::filesystem::path PartPath(const std::filesystem::path& path) {
    return path.string() + ".nup-part";
}

// Writes a file whose bytes are all at hand: NAME.nup-part, then renamed once its hash
// matches. Returns false if the bytes do not match the file's hash.
bool WriteWholeFile(const std::filesystem::path& path, const NupFile& file,
                    std::span<const u8> bytes) {
    if (Xxh3Hash128(bytes) != file.hash) {
        return false;
    }
    const std::filesystem::path part = PartPath(path);
    const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                          static_cast<mode_t>(file.mode));
    if (fd < 0) {
        base::Fail("{}: cannot create: {}", part.string(), std::strerror(errno));
    }
    try {
        WriteAt(fd, 0, bytes, path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    if (::rename(part.c_str(), path.c_str()) != 0) {
        base::Fail("{}: cannot rename into place: {}", path.string(), std::strerror(errno));
    }
    return true;
}

}  // namespace

NupUnpackResult UnpackNup(const std::filesystem::path& image_path,
                          const std::filesystem::path& folder, const NupUnpackOptions& options) {
    const NupImage image = NupImage::Open(image_path);
    const NupToc& toc = image.toc;
    const std::string content = HashHex(image.header.content_hash);
    NupUnpackResult result;
    const std::filesystem::path marker = folder / kNupCompleteMarker;
    std::filesystem::create_directories(folder);
    {
        std::error_code error;
        if (std::filesystem::is_regular_file(marker, error)) {
            const std::vector<u8> stamp = base::ReadFile(marker);
            if (std::string(stamp.begin(), stamp.end()) == content + "\n") {
                result.already_complete = true;
                return result;
            }
            // Another image's content: its marker must go before any file changes.
            std::filesystem::remove(marker);
        }
    }
    // Which files are still to write; chunks that hold none of them are skipped.
    std::vector<bool> pending(toc.files.size(), true);
    // In a folder that had no files, nothing can be kept: skip a stat per file.
    const bool fresh = std::filesystem::is_empty(folder);
    std::set<std::filesystem::path> made;  // folders made already: one mkdir per folder
    for (std::size_t i = 0; i < toc.files.size(); ++i) {
        const NupFile& file = toc.files[i];
        const std::filesystem::path path = folder / file.path;
        if (made.insert(path.parent_path()).second) {
            std::filesystem::create_directories(path.parent_path());
        }
        std::error_code missing;
        if (!fresh && std::filesystem::exists(path, missing) && IsWholeOnDisk(path, file)) {
            pending[i] = false;
            ++result.files_kept;
        } else if (file.size == 0) {
            base::WriteFileAtomic(path, {});
            std::filesystem::permissions(path, static_cast<std::filesystem::perms>(file.mode));
            pending[i] = false;
            ++result.files_written;
        }
    }
    for (const std::string& sub : toc.folders) {
        std::filesystem::create_directories(folder / sub);
    }
    std::vector<std::size_t> items;
    u64 bytes_to_write = 0;
    for (std::size_t index = 0; index < toc.chunks.size(); ++index) {
        const auto [first, last] = toc.FilesInChunk(index);
        for (std::size_t i = first; i < last; ++i) {
            if (pending[i]) {
                items.push_back(index);
                bytes_to_write += toc.chunks[index].raw_size;
                break;
            }
        }
    }

    std::map<std::size_t, OpenPart> open;  // at most the one file that spans into the next chunk
    auto finish = [&](std::size_t i, OpenPart& part) {
        const NupFile& file = toc.files[i];
        const std::filesystem::path path = folder / file.path;
        ::fchmod(part.fd, file.mode);
        ::close(part.fd);
        part.fd = -1;
        if (!part.damaged && part.hash->Digest() != file.hash) {
            part.damaged = true;
        }
        if (part.damaged) {
            std::filesystem::remove(PartPath(path));
            result.damaged.push_back(file.path);
            return;
        }
        std::filesystem::rename(PartPath(path), path);
        ++result.files_written;
    };
    base::Progress progress("unpack " + image_path.filename().string(), bytes_to_write,
                            options.quiet);
    auto consume = [&](std::size_t index, CheckedChunk& chunk) {
        const u64 begin = index * toc.chunk_size;
        const u64 end = begin + toc.chunks[index].raw_size;
        result.files_written += chunk.written;
        result.bytes_written += chunk.bytes;
        for (const std::size_t i : chunk.damaged) {
            result.damaged.push_back(toc.files[i].path);
        }
        const auto [first, last] = toc.FilesInChunk(index);
        for (std::size_t i = first; i < last; ++i) {
            if (!pending[i] || WhollyInside(toc, index, toc.files[i])) {
                continue;
            }
            const NupFile& file = toc.files[i];
            auto it = open.find(i);
            if (it == open.end()) {
                const std::filesystem::path part = PartPath(folder / file.path);
                OpenPart opened;
                opened.fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
                if (opened.fd < 0) {
                    base::Fail("{}: cannot create: {}", part.string(), std::strerror(errno));
                }
                it = open.emplace(i, std::move(opened)).first;
            }
            OpenPart& part = it->second;
            const u64 from = std::max(begin, file.stream_offset);
            const u64 to = std::min(end, file.stream_offset + file.size);
            if (!chunk.error.empty()) {
                part.damaged = true;
            } else if (!part.damaged) {
                const auto slice = std::span(chunk.raw).subspan(from - begin, to - from);
                WriteAt(part.fd, from - file.stream_offset, slice, folder / file.path);
                part.hash->Update(slice);
                result.bytes_written += slice.size();
            }
            if (to == file.stream_offset + file.size) {
                finish(i, part);
                open.erase(it);
            }
        }
        progress.Add(toc.chunks[index].raw_size);
    };
    const unsigned threads = options.threads ? options.threads : WorkerThreads();
    try {
        auto produce = [&](std::size_t index) {
            CheckedChunk chunk = CheckChunk(image, index);
            const u64 begin = index * toc.chunk_size;
            const auto [first, last] = toc.FilesInChunk(index);
            for (std::size_t i = first; i < last; ++i) {
                const NupFile& file = toc.files[i];
                if (!pending[i] || !WhollyInside(toc, index, file)) {
                    continue;
                }
                const auto bytes = chunk.error.empty() ? std::span<const u8>(chunk.raw).subspan(
                                                             file.stream_offset - begin, file.size)
                                                       : std::span<const u8>();
                if (chunk.error.empty() && WriteWholeFile(folder / file.path, file, bytes)) {
                    ++chunk.written;
                    chunk.bytes += file.size;
                } else {
                    chunk.damaged.push_back(i);
                }
            }
            return chunk;
        };
        RunOrdered<CheckedChunk>(items, produce, consume, threads, threads * 2 + 2);
    } catch (...) {
        for (auto& [i, part] : open) {
            ::close(part.fd);
        }
        throw;
    }
    progress.Finish();
    if (!result.damaged.empty()) {
        return result;
    }
    // Everything is whole: flush it all before the marker says so.
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::syncfs(fd);
        ::close(fd);
    }
    const std::string stamp = content + "\n";
    base::WriteFileAtomic(marker, AsBytes(stamp));
    return result;
}

NupVerifyResult VerifyNup(const std::filesystem::path& image_path,
                          const NupUnpackOptions& options) {
    const NupImage image = NupImage::Open(image_path);
    const NupToc& toc = image.toc;
    NupVerifyResult result;
    result.files = toc.files.size();
    std::vector<bool> damaged(toc.files.size(), false);
    for (std::size_t i = 0; i < toc.files.size(); ++i) {
        if (toc.files[i].size == 0 && toc.files[i].hash != Xxh3Hash128({})) {
            damaged[i] = true;
        }
    }
    std::unique_ptr<Xxh3Stream> current;
    std::size_t current_file = 0;
    base::Progress progress("verify " + image_path.filename().string(), toc.total_size,
                            options.quiet);
    auto consume = [&](std::size_t index, CheckedChunk& chunk) {
        const u64 begin = index * toc.chunk_size;
        const u64 end = begin + toc.chunks[index].raw_size;
        if (!chunk.error.empty()) {
            result.damaged_chunks.push_back(index);
        }
        for (const std::size_t i : chunk.damaged) {
            damaged[i] = true;
        }
        const auto [first, last] = toc.FilesInChunk(index);
        for (std::size_t i = first; i < last; ++i) {
            const NupFile& file = toc.files[i];
            if (WhollyInside(toc, index, file)) {
                continue;
            }
            if (!current || current_file != i) {
                current = std::make_unique<Xxh3Stream>();
                current_file = i;
            }
            const u64 from = std::max(begin, file.stream_offset);
            const u64 to = std::min(end, file.stream_offset + file.size);
            if (!chunk.error.empty()) {
                damaged[i] = true;
            } else {
                current->Update(std::span(chunk.raw).subspan(from - begin, to - from));
            }
            if (to == file.stream_offset + file.size) {
                if (current->Digest() != file.hash) {
                    damaged[i] = true;
                }
                current.reset();
            }
        }
        result.bytes += toc.chunks[index].raw_size;
        progress.Add(toc.chunks[index].raw_size);
    };
    const unsigned threads = options.threads ? options.threads : WorkerThreads();
    auto produce = [&](std::size_t index) {
        CheckedChunk chunk = CheckChunk(image, index);
        const u64 begin = index * toc.chunk_size;
        const auto [first, last] = toc.FilesInChunk(index);
        for (std::size_t i = first; i < last; ++i) {
            const NupFile& file = toc.files[i];
            if (WhollyInside(toc, index, file) &&
                (!chunk.error.empty() ||
                 Xxh3Hash128(std::span(chunk.raw).subspan(file.stream_offset - begin, file.size)) !=
                     file.hash)) {
                chunk.damaged.push_back(i);
            }
        }
        return chunk;
    };
    RunOrdered<CheckedChunk>(AllChunks(toc), produce, consume, threads, threads * 2 + 2);
    progress.Finish();
    for (std::size_t i = 0; i < toc.files.size(); ++i) {
        if (damaged[i]) {
            result.damaged_files.push_back(toc.files[i].path);
        }
    }
    return result;
}

std::string DescribeNup(const NupImage& image) {
    u64 stored = 0;
    for (const NupChunk& chunk : image.toc.chunks) {
        stored += chunk.stored_size;
    }
    std::string text =
        fmt::format("nup: {}, format version {}\n", image.storage->Name(), image.header.version);
    text += fmt::format(
        "  {} files in {} folders, {:#x} bytes ({:.1f} GB), stored in {:#x} "
        "bytes ({:.1f}%)\n",
        image.toc.files.size(), image.toc.folders.size(), image.toc.total_size,
        static_cast<double>(image.toc.total_size) / 1e9, stored,
        image.toc.total_size
            ? 100.0 * static_cast<double>(stored) / static_cast<double>(image.toc.total_size)
            : 100.0);
    text += fmt::format("  {} chunks of {:#x} bytes, content hash {}\n", image.toc.chunks.size(),
                        image.toc.chunk_size, HashHex(image.header.content_hash));
    return text;
}

}  // namespace formats
