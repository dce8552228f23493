#include "formats/storage.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/error.h"

namespace formats {

std::vector<u8> Storage::ReadBytes(u64 offset, u64 size) const {
    RequireRange(offset, size);
    std::vector<u8> bytes(size);
    Read(offset, bytes);
    return bytes;
}

void Storage::RequireRange(u64 offset, u64 size) const {
    if (offset > Size() || size > Size() - offset) {
        base::Fail("{}: {:#x} bytes at offset {:#x} run past the end ({:#x} bytes)", Name(), size,
                   offset, Size());
    }
}

void MemoryStorage::Read(u64 offset, std::span<u8> out) const {
    RequireRange(offset, out.size());
    if (!out.empty()) {
        std::memcpy(out.data(), bytes_.data() + offset, out.size());
    }
}

FileStorage::FileStorage(const std::filesystem::path& path) : name_(path.string()) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        base::Fail("{}: cannot open: {}", name_, std::strerror(errno));
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd_);
        base::Fail("{}: not a regular file", name_);
    }
    size_ = static_cast<u64>(info.st_size);
}

FileStorage::~FileStorage() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

void FileStorage::Read(u64 offset, std::span<u8> out) const {
    RequireRange(offset, out.size());
    u64 done = 0;
    while (done < out.size()) {
        const ssize_t n =
            ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            base::Fail("{}: read of {:#x} bytes at {:#x} failed: {}", name_, out.size(), offset,
                       n == 0 ? "file shrank" : std::strerror(errno));
        }
        done += static_cast<u64>(n);
    }
}

SubStorage::SubStorage(StoragePtr parent, u64 offset, u64 size, std::string name)
    : parent_(std::move(parent)), offset_(offset), size_(size), name_(std::move(name)) {
    if (offset > parent_->Size() || size > parent_->Size() - offset) {
        base::Fail("{}: {:#x} bytes at offset {:#x} run past the end of {} ({:#x} bytes)", name_,
                   size, offset, parent_->Name(), parent_->Size());
    }
}

void SubStorage::Read(u64 offset, std::span<u8> out) const {
    RequireRange(offset, out.size());
    parent_->Read(offset_ + offset, out);
}

StoragePtr OpenFileStorage(const std::filesystem::path& path) {
    return std::make_shared<FileStorage>(path);
}

StoragePtr MakeMemoryStorage(std::vector<u8> bytes, std::string name) {
    return std::make_shared<MemoryStorage>(std::move(bytes), std::move(name));
}

}  // namespace formats
