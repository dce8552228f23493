#include "kernel/shared_pages.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/error.h"

namespace kernel {

SharedPages::SharedPages(u64 size) : size_(size) {
    fd_ = ::memfd_create("nxhost-guest-pages", MFD_CLOEXEC);
    if (fd_ < 0) {
        base::Fail("cannot create {:#x} bytes of shared guest memory: {}", size,
                   std::strerror(errno));
    }
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) {
        const int error = errno;
        ::close(fd_);
        base::Fail("cannot size {:#x} bytes of shared guest memory: {}", size,
                   std::strerror(error));
    }
    void* view = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (view == MAP_FAILED) {
        const int error = errno;
        ::close(fd_);
        base::Fail("cannot map {:#x} bytes of shared guest memory: {}", size, std::strerror(error));
    }
    data_ = static_cast<u8*>(view);
}

SharedPages::~SharedPages() {
    ::munmap(data_, size_);
    ::close(fd_);
}

}  // namespace kernel
