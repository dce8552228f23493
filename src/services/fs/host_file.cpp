#include "services/fs/host_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "services/fs/fs_results.h"

namespace services::fs {
namespace {

constexpr u32 kWriteOptionFlush = 1;

s64 FileSize(int fd) {
    struct stat status {};
    return ::fstat(fd, &status) == 0 ? status.st_size : -1;
}

}  // namespace

HostFile::~HostFile() {
    ::close(fd_);
}

base::Result HostFile::Read(u32, s64 offset, s64 size, ipc::OutBuffer<ipc::kMapAlias> buffer,
                            ipc::Out<s64> read) {
    if ((mode_ & kOpenRead) == 0) {
        return ResultReadNotPermitted;
    }
    if (offset < 0) {
        return ResultInvalidOffset;
    }
    if (size < 0) {
        return ResultInvalidSize;
    }
    const s64 file_size = FileSize(fd_);
    if (offset > file_size) {
        return ResultOutOfRange;
    }
    const std::size_t wanted = static_cast<std::size_t>(
        std::min<s64>({size, file_size - offset, static_cast<s64>(buffer.data.size())}));
    std::size_t done = 0;
    while (done < wanted) {
        const ssize_t got = ::pread(fd_, buffer.data.data() + done, wanted - done,
                                    static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got < 0) {
            return ResultFromErrno(errno);
        }
        if (got == 0) {
            break;
        }
        done += static_cast<std::size_t>(got);
    }
    *read = static_cast<s64>(done);
    return base::ResultSuccess;
}

base::Result HostFile::Write(u32 option, s64 offset, s64 size,
                             ipc::InBuffer<ipc::kMapAlias> buffer) {
    if ((mode_ & kOpenWrite) == 0) {
        return ResultWriteNotPermitted;
    }
    if (offset < 0) {
        return ResultInvalidOffset;
    }
    if (size < 0 || static_cast<u64>(size) > buffer.data.size()) {
        return ResultInvalidSize;
    }
    if ((mode_ & kOpenAppend) == 0 && offset + size > FileSize(fd_)) {
        return ResultFileExtensionWithoutOpenModeAllowAppend;
    }
    std::size_t done = 0;
    const auto wanted = static_cast<std::size_t>(size);
    while (done < wanted) {
        const ssize_t put = ::pwrite(fd_, buffer.data.data() + done, wanted - done,
                                     static_cast<off_t>(offset + done));
        if (put < 0 && errno == EINTR) {
            continue;
        }
        if (put < 0) {
            return ResultFromErrno(errno);
        }
        done += static_cast<std::size_t>(put);
    }
    if ((option & kWriteOptionFlush) != 0) {
        return Flush();
    }
    return base::ResultSuccess;
}

base::Result HostFile::Flush() {
    if ((mode_ & kOpenWrite) != 0 && ::fdatasync(fd_) != 0) {
        return ResultFromErrno(errno);
    }
    return base::ResultSuccess;
}

base::Result HostFile::SetSize(s64 size) {
    if ((mode_ & kOpenWrite) == 0) {
        return ResultWriteNotPermitted;
    }
    if (size < 0) {
        return ResultInvalidSize;
    }
    if (size > FileSize(fd_) && (mode_ & kOpenAppend) == 0) {
        return ResultFileExtensionWithoutOpenModeAllowAppend;
    }
    if (::ftruncate(fd_, size) != 0) {
        return ResultFromErrno(errno);
    }
    return base::ResultSuccess;
}

base::Result HostFile::GetSize(ipc::Out<s64> size) {
    *size = FileSize(fd_);
    return *size < 0 ? ResultFromErrno(errno) : base::ResultSuccess;
}

}  // namespace services::fs
