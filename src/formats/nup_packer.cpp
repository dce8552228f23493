#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "base/error.h"
#include "base/log.h"
#include "base/progress.h"
#include "formats/nup.h"
#include "formats/ordered_pipeline.h"
#include "formats/zstd_dictionaries.h"

namespace formats {

namespace {

struct FileCloser {
    int fd;
    ~FileCloser() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

struct CCtxDeleter {
    void operator()(ZSTD_CCtx* context) const { ZSTD_freeCCtx(context); }
};

void WriteAll(int fd, u64 offset, std::span<const u8> bytes, const std::string& name) {
    u64 done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::pwrite(fd, bytes.data() + done, bytes.size() - done,
                                   static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            base::Fail("{}: write failed: {}", name, std::strerror(errno));
        }
        done += static_cast<u64>(n);
    }
}

// The folder's files and folders in byte order of their relative paths, so that the same
// folder always packs the same way.
void Collect(const std::filesystem::path& root, const std::filesystem::path& output, NupToc& toc,
             std::vector<std::filesystem::path>& sources) {
    std::vector<std::pair<std::string, std::filesystem::path>> files;
    // Compared without touching the disk per file: the output may lie inside the folder.
    const auto output_path = std::filesystem::absolute(output).lexically_normal();
    for (auto it = std::filesystem::recursive_directory_iterator(root);
         it != std::filesystem::recursive_directory_iterator(); ++it) {
        const std::string relative = it->path().lexically_relative(root).generic_string();
        if (it->is_directory()) {
            toc.folders.push_back(relative);
        } else if (it->is_regular_file()) {
            if (relative == kNupCompleteMarker || relative.ends_with(".nup-part") ||
                std::filesystem::absolute(it->path()).lexically_normal() == output_path ||
                it->path().filename().string().starts_with(output.filename().string() + ".tmp-")) {
                continue;
            }
            files.emplace_back(relative, it->path());
        } else {
            LOG_WARNING("nup", "{}: skipped, not a regular file or folder", it->path().string());
        }
    }
    std::sort(files.begin(), files.end());
    std::sort(toc.folders.begin(), toc.folders.end());
    u64 stream = 0;
    for (auto& [relative, path] : files) {
        RequireSafeNupPath(relative, root.string());
        NupFile file;
        file.path = relative;
        file.stream_offset = stream;
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0) {
            base::Fail("{}: cannot read: {}", path.string(), std::strerror(errno));
        }
        file.size = static_cast<u64>(info.st_size);
        file.mode = info.st_mode & 0777;
        stream += file.size;
        toc.files.push_back(std::move(file));
        sources.push_back(path);
    }
    toc.total_size = stream;
}

struct PackedChunk {
    std::vector<u8> raw;
    std::vector<u8> stored;
    NupChunk record;
    // Hashes of the files wholly inside the chunk, made by the worker; the writing thread
    // hashes only files that span chunks.
    std::vector<std::pair<std::size_t, Hash128>> file_hashes;
};

bool WhollyInside(const NupFile& file, u64 begin, u64 end) {
    return file.stream_offset >= begin && file.stream_offset + file.size <= end;
}

}  // namespace

NupPackResult PackNup(const std::filesystem::path& folder, const std::filesystem::path& output,
                      const NupPackOptions& options) {
    if (!std::filesystem::is_directory(folder)) {
        base::Fail("{}: not a folder", folder.string());
    }
    NupToc toc;
    toc.chunk_size = options.chunk_size;
    std::vector<std::filesystem::path> sources;
    Collect(folder, output, toc, sources);
    const u64 chunk_count = (toc.total_size + toc.chunk_size - 1) / toc.chunk_size;
    toc.chunks.resize(chunk_count);

    const std::filesystem::path temporary = output.string() + ".tmp-" + std::to_string(::getpid());
    FileCloser out{::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)};
    if (out.fd < 0) {
        base::Fail("{}: cannot create: {}", temporary.string(), std::strerror(errno));
    }
    try {
        u64 write_at = kNupHeaderSize;
        WriteAll(out.fd, 0, std::vector<u8>(kNupHeaderSize, 0), temporary.string());

        auto produce = [&](std::size_t index) {
            thread_local std::unique_ptr<ZSTD_CCtx, CCtxDeleter> context(ZSTD_createCCtx());
            PackedChunk chunk;
            const u64 begin = index * toc.chunk_size;
            const u64 end = std::min(toc.total_size, begin + toc.chunk_size);
            chunk.raw.resize(end - begin);
            const auto [first, last] = toc.FilesInChunk(index);
            for (std::size_t i = first; i < last; ++i) {
                const NupFile& file = toc.files[i];
                const u64 from = std::max(begin, file.stream_offset);
                const u64 to = std::min(end, file.stream_offset + file.size);
                FileCloser in{::open(sources[i].c_str(), O_RDONLY | O_CLOEXEC)};
                if (in.fd < 0) {
                    base::Fail("{}: cannot open: {}", sources[i].string(), std::strerror(errno));
                }
                u64 done = 0;
                while (done < to - from) {
                    const ssize_t n =
                        ::pread(in.fd, chunk.raw.data() + (from - begin) + done, to - from - done,
                                static_cast<off_t>(from - file.stream_offset + done));
                    if (n < 0 && errno == EINTR) {
                        continue;
                    }
                    if (n <= 0) {
                        base::Fail("{}: {} while packing", sources[i].string(),
                                   n == 0 ? "the file shrank" : std::strerror(errno));
                    }
                    done += static_cast<u64>(n);
                }
                if (file.size != 0 && WhollyInside(file, begin, end)) {
                    chunk.file_hashes.emplace_back(
                        i, Xxh3Hash128(std::span(chunk.raw).subspan(from - begin, to - from)));
                }
            }
            chunk.stored.resize(ZSTD_compressBound(chunk.raw.size()));
            const std::size_t size =
                ZSTD_compressCCtx(context.get(), chunk.stored.data(), chunk.stored.size(),
                                  chunk.raw.data(), chunk.raw.size(), options.level);
            if (ZSTD_isError(size)) {
                base::Fail("zstd compression failed: {}", ZSTD_getErrorName(size));
            }
            chunk.record.compressed = size < chunk.raw.size();
            if (chunk.record.compressed) {
                chunk.stored.resize(size);
            } else {
                chunk.stored = chunk.raw;  // incompressible: stored as is
            }
            chunk.record.raw_size = static_cast<u32>(chunk.raw.size());
            chunk.record.stored_size = static_cast<u32>(chunk.stored.size());
            chunk.record.raw_hash = Xxh3Hash128(chunk.raw);
            chunk.record.stored_hash =
                chunk.record.compressed ? Xxh3Hash128(chunk.stored) : chunk.record.raw_hash;
            return chunk;
        };

        // File hashes in stream order, on the writing thread.
        std::unique_ptr<Xxh3Stream> current;
        std::size_t current_file = 0;
        for (NupFile& file : toc.files) {
            if (file.size == 0) {
                file.hash = Xxh3Hash128({});
            }
        }
        base::Progress progress("pack " + output.filename().string(), toc.total_size,
                                options.quiet);
        auto consume = [&](std::size_t index, PackedChunk& chunk) {
            const u64 begin = index * toc.chunk_size;
            const u64 end = begin + chunk.raw.size();
            for (const auto& [i, hash] : chunk.file_hashes) {
                toc.files[i].hash = hash;
            }
            const auto [first, last] = toc.FilesInChunk(index);
            for (std::size_t i = first; i < last; ++i) {
                NupFile& file = toc.files[i];
                if (WhollyInside(file, begin, end)) {
                    continue;
                }
                if (!current || current_file != i) {
                    current = std::make_unique<Xxh3Stream>();
                    current_file = i;
                }
                const u64 from = std::max(begin, file.stream_offset);
                const u64 to = std::min(end, file.stream_offset + file.size);
                current->Update(std::span(chunk.raw).subspan(from - begin, to - from));
                if (to == file.stream_offset + file.size) {
                    file.hash = current->Digest();
                    current.reset();
                }
            }
            chunk.record.offset = write_at;
            WriteAll(out.fd, write_at, chunk.stored, temporary.string());
            write_at += chunk.stored.size();
            toc.chunks[index] = chunk.record;
            progress.Add(chunk.raw.size());
        };
        std::vector<std::size_t> items(chunk_count);
        for (std::size_t i = 0; i < chunk_count; ++i) {
            items[i] = i;
        }
        const unsigned threads = options.threads ? options.threads : WorkerThreads();
        RunOrdered<PackedChunk>(items, produce, consume, threads, threads * 2 + 2);
        progress.Finish();

        const std::vector<u8> toc_raw = WriteNupTocBytes(toc);
        const std::vector<u8> toc_stored = ZstdCompress(toc_raw, 9);
        NupHeader header;
        header.chunk_size = toc.chunk_size;
        header.chunk_count = chunk_count;
        header.file_count = toc.files.size();
        header.folder_count = toc.folders.size();
        header.total_size = toc.total_size;
        header.toc_offset = write_at;
        header.toc_size = toc_stored.size();
        header.toc_raw_size = toc_raw.size();
        header.toc_hash = Xxh3Hash128(toc_stored);
        header.content_hash = NupContentHash(toc);
        WriteAll(out.fd, write_at, toc_stored, temporary.string());
        WriteAll(out.fd, 0, WriteNupHeader(header), temporary.string());
        if (::fsync(out.fd) != 0) {
            base::Fail("{}: cannot flush: {}", temporary.string(), std::strerror(errno));
        }
        ::close(out.fd);
        out.fd = -1;
        std::filesystem::rename(temporary, output);

        NupPackResult result;
        result.files = toc.files.size();
        result.folders = toc.folders.size();
        result.raw_bytes = toc.total_size;
        result.image_bytes = write_at + toc_stored.size();
        result.content_hash = header.content_hash;
        return result;
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw;
    }
}

}  // namespace formats
