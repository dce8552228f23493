#include "services/fs/host_file_system.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "services/fs/fs_results.h"
#include "services/fs/guest_path.h"
#include "services/fs/host_directory.h"
#include "services/fs/host_file.h"

namespace services::fs {
namespace {

enum class Kind { kMissing, kFile, kDirectory, kOther };

Kind KindOf(const std::filesystem::path& path) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0) {
        return Kind::kMissing;
    }
    if (S_ISREG(status.st_mode)) {
        return Kind::kFile;
    }
    return S_ISDIR(status.st_mode) ? Kind::kDirectory : Kind::kOther;
}

base::Result Errno() {
    return ResultFromErrno(errno);
}

}  // namespace

base::Result HostFileSystem::Resolve(const PathBuffer& path, std::filesystem::path& out) const {
    return ResolveGuestPath(root_, path.data, out);
}

std::optional<std::filesystem::path> HostFileSystem::Shown(
    const std::filesystem::path& host) const {
    return shown_ ? shown_->Find(host) : std::nullopt;
}

base::Result HostFileSystem::CreateFile(u32, s64 size, PathBuffer path) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if (size < 0) {
        return ResultInvalidSize;
    }
    if (Shown(host)) {
        return ResultPathAlreadyExists;
    }
    const int fd = ::open(host.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        return Errno();
    }
    base::Result result = base::ResultSuccess;
    if (size > 0 && ::ftruncate(fd, size) != 0) {
        result = Errno();
        ::unlink(host.c_str());
    }
    ::close(fd);
    return result;
}

base::Result HostFileSystem::DeleteFile(PathBuffer path) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if (Shown(host)) {
        return ResultPermissionDenied;  // shown for the run, not the user's to delete
    }
    if (KindOf(host) != Kind::kFile) {
        return ResultPathNotFound;
    }
    return ::unlink(host.c_str()) == 0 ? base::ResultSuccess : Errno();
}

base::Result HostFileSystem::CreateDirectory(PathBuffer path) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    return ::mkdir(host.c_str(), 0755) == 0 ? base::ResultSuccess : Errno();
}

base::Result HostFileSystem::DeleteDirectory(PathBuffer path) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if (KindOf(host) != Kind::kDirectory) {
        return ResultPathNotFound;
    }
    if (host == root_) {
        return ResultDirectoryUnobtainable;
    }
    return ::rmdir(host.c_str()) == 0 ? base::ResultSuccess : Errno();
}

base::Result HostFileSystem::DeleteDirectoryRecursively(PathBuffer path) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if (KindOf(host) != Kind::kDirectory) {
        return ResultPathNotFound;
    }
    std::error_code error;
    if (host == root_) {  // the root stays; its contents go
        for (const auto& item : std::filesystem::directory_iterator(host, error)) {
            std::filesystem::remove_all(item.path(), error);
        }
    } else {
        std::filesystem::remove_all(host, error);
    }
    return error ? ResultFromErrno(error.value()) : base::ResultSuccess;
}

base::Result HostFileSystem::Rename(const PathBuffer& from, const PathBuffer& to, bool directory) {
    std::filesystem::path source, target;
    if (const auto result = Resolve(from, source); result.IsFailure()) {
        return result;
    }
    if (const auto result = Resolve(to, target); result.IsFailure()) {
        return result;
    }
    if (Shown(source) || Shown(target)) {
        return ResultPermissionDenied;
    }
    if (KindOf(source) != (directory ? Kind::kDirectory : Kind::kFile) || source == root_) {
        return ResultPathNotFound;
    }
    if (KindOf(target) != Kind::kMissing) {
        return ResultPathAlreadyExists;
    }
    if (directory && target.native().starts_with(source.native() + "/")) {
        return ResultDirectoryUnobtainable;  // into itself
    }
    return std::rename(source.c_str(), target.c_str()) == 0 ? base::ResultSuccess : Errno();
}

base::Result HostFileSystem::RenameFile(PathBuffer from, PathBuffer to) {
    return Rename(from, to, false);
}

base::Result HostFileSystem::RenameDirectory(PathBuffer from, PathBuffer to) {
    return Rename(from, to, true);
}

base::Result HostFileSystem::GetEntryType(PathBuffer path, ipc::Out<u32> type) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if (Shown(host)) {
        *type = kEntryFile;
        return base::ResultSuccess;
    }
    switch (KindOf(host)) {
        case Kind::kFile:
            *type = kEntryFile;
            return base::ResultSuccess;
        case Kind::kDirectory:
            *type = kEntryDirectory;
            return base::ResultSuccess;
        default:
            return ResultPathNotFound;
    }
}

base::Result HostFileSystem::OpenFile(u32 mode, PathBuffer path, ipc::OutObject file) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if ((mode & (kOpenRead | kOpenWrite)) == 0 || (mode & ~7u) != 0) {
        return ResultInvalidOpenMode;
    }
    if (const auto shown = Shown(host)) {
        if ((mode & kOpenWrite) != 0) {
            return ResultWriteNotPermitted;
        }
        const int fd = ::open(shown->c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            return Errno();
        }
        *file.object = std::make_shared<HostFile>(fd, mode);
        return base::ResultSuccess;
    }
    if (KindOf(host) != Kind::kFile) {
        return ResultPathNotFound;
    }
    const int flags =
        (mode & kOpenWrite) != 0 ? ((mode & kOpenRead) != 0 ? O_RDWR : O_WRONLY) : O_RDONLY;
    const int fd = ::open(host.c_str(), flags | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        return Errno();
    }
    *file.object = std::make_shared<HostFile>(fd, mode);
    return base::ResultSuccess;
}

base::Result HostFileSystem::OpenDirectory(u32 mode, PathBuffer path, ipc::OutObject directory) {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    if ((mode & (kListDirectories | kListFiles)) == 0) {
        return ResultInvalidOpenMode;
    }
    if (KindOf(host) != Kind::kDirectory) {
        return ResultPathNotFound;
    }
    *directory.object = std::make_shared<HostDirectory>(
        host, mode,
        shown_ ? shown_->In(host)
               : std::vector<std::pair<std::filesystem::path, std::filesystem::path>>{});
    return base::ResultSuccess;
}

base::Result HostFileSystem::Commit() {
    return commit_ ? commit_() : base::ResultSuccess;
}

base::Result HostFileSystem::SpaceSize(const PathBuffer& path, bool free, s64& size) const {
    std::filesystem::path host;
    if (const auto result = Resolve(path, host); result.IsFailure()) {
        return result;
    }
    struct statvfs status {};
    if (::statvfs(root_.c_str(), &status) != 0) {
        return Errno();
    }
    size = static_cast<s64>((free ? status.f_bavail : status.f_blocks) * status.f_frsize);
    return base::ResultSuccess;
}

base::Result HostFileSystem::GetFreeSpaceSize(PathBuffer path, ipc::Out<s64> size) {
    return SpaceSize(path, true, *size);
}

base::Result HostFileSystem::GetTotalSpaceSize(PathBuffer path, ipc::Out<s64> size) {
    return SpaceSize(path, false, *size);
}

}  // namespace services::fs
