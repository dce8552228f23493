#include "shader/cache/shader_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "shader/cache/cache_entry.h"

namespace shader {
namespace {

constexpr std::string_view kLogCategory = "shader cache";

// No translated kernel comes near this; a bigger file is not read into memory at all.
constexpr u64 kMaxEntryBytes = u64{64} << 20;

// base::WriteFileAtomic names its temporary file after the process id, so two threads of one
// process must not store at the same time (even through two ShaderCache objects).
std::mutex& StoreMutex() {
    static std::mutex mutex;
    return mutex;
}

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    int Get() const { return fd_; }

private:
    int fd_;
};

// The entry's bytes, or nothing when there is no entry. Throws base::Error (the reason) for an
// entry that is there but cannot be read whole.
std::optional<std::vector<u8>> ReadEntryFile(const std::filesystem::path& path) {
    const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (file.Get() < 0) {
        if (errno == ENOENT || errno == ENOTDIR) {  // no entry, or no folder at all
            return std::nullopt;
        }
        base::Fail("cannot open: {}", std::strerror(errno));
    }
    struct stat info {};
    if (::fstat(file.Get(), &info) != 0) {
        base::Fail("cannot stat: {}", std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode)) {
        base::Fail("not a regular file");
    }
    if (static_cast<u64>(info.st_size) > kMaxEntryBytes) {
        base::Fail("{} bytes, more than an entry can hold", info.st_size);
    }
    std::vector<u8> bytes(static_cast<std::size_t>(info.st_size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(file.Get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            base::Fail("read failed: {}", std::strerror(errno));
        }
        if (n == 0) {
            base::Fail("shrank to {} bytes while being read", done);
        }
        done += static_cast<std::size_t>(n);
    }
    return bytes;
}

// Makes the rename of a new entry durable: the folder's own metadata reaches the disk.
void SyncFolder(const std::filesystem::path& folder) {
    const FileDescriptor directory(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (directory.Get() < 0 || ::fsync(directory.Get()) != 0) {
        base::Fail("{}: cannot sync the folder: {}", folder.string(), std::strerror(errno));
    }
}

}  // namespace

std::filesystem::path DefaultShaderCacheFolder() {
    return base::UserCacheFolder("shaders");
}

ShaderCache::ShaderCache(std::filesystem::path folder, std::string build)
    : folder_(std::move(folder)), build_(std::move(build)) {}

std::filesystem::path ShaderCache::EntryPath(const ShaderCacheKey& key) const {
    return folder_ / key.Hex();
}

template <typename Program, typename Decode>
std::optional<Program> ShaderCache::LoadWith(const ShaderCacheKey& key, Decode decode) {
    const std::filesystem::path path = EntryPath(key);
    try {
        std::optional<std::vector<u8>> bytes = ReadEntryFile(path);
        if (!bytes) {
            const std::lock_guard lock(mutex_);
            ++stats_.misses;
            return std::nullopt;
        }
        Program program = decode(*bytes, key);
        const std::lock_guard lock(mutex_);
        ++stats_.hits;
        return program;
    } catch (const base::Error& error) {
        CountDamaged(path, error.what());
        return std::nullopt;
    }
}

std::optional<ComputeProgram> ShaderCache::Load(const ShaderCacheKey& key) {
    return LoadWith<ComputeProgram>(key, [](std::span<const u8> bytes, const ShaderCacheKey& k) {
        return DecodeCacheEntry(bytes, k);
    });
}

std::optional<GraphicsProgram> ShaderCache::LoadGraphics(const ShaderCacheKey& key) {
    return LoadWith<GraphicsProgram>(key, DecodeGraphicsCacheEntry);
}

void ShaderCache::CountDamaged(const std::filesystem::path& path, const std::string& reason) {
    LOG_WARNING(kLogCategory, "entry {} is damaged ({}); translating again", path.string(), reason);
    const std::lock_guard lock(mutex_);
    ++stats_.misses;
    ++stats_.damaged;
}

void ShaderCache::Store(const ShaderCacheKey& key, const ComputeProgram& program) {
    StoreEntry(key, EncodeCacheEntry(key, program));
}

void ShaderCache::Store(const ShaderCacheKey& key, const GraphicsProgram& program) {
    StoreEntry(key, EncodeCacheEntry(key, program));
}

void ShaderCache::StoreEntry(const ShaderCacheKey& key, const std::vector<u8>& entry) {
    {
        const std::lock_guard lock(mutex_);
        if (storing_disabled_) {
            return;
        }
    }
    try {
        const std::lock_guard store_lock(StoreMutex());
        std::error_code error;
        std::filesystem::create_directories(folder_, error);
        if (error) {
            base::Fail("{}: cannot create: {}", folder_.string(), error.message());
        }
        base::WriteFileAtomic(EntryPath(key), entry);
        SyncFolder(folder_);
    } catch (const base::Error& error) {
        const std::lock_guard lock(mutex_);
        if (!storing_disabled_) {
            storing_disabled_ = true;
            LOG_WARNING(kLogCategory, "cannot store ({}); going on without storing shaders",
                        error.what());
        }
        return;
    }
    const std::lock_guard lock(mutex_);
    ++stats_.stored;
}

ShaderCacheStats ShaderCache::Stats() const {
    const std::lock_guard lock(mutex_);
    return stats_;
}

}  // namespace shader
