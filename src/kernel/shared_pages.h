#pragma once

#include "base/types.h"

namespace kernel {

// Pages that several guest addresses (and the host) see at once: a memfd the guest maps views
// of, and the host's own mapping of it. Shared, transfer and code memory live in these.
class SharedPages {
public:
    // `size` is a page multiple; the pages start zeroed. Throws base::Error when the host
    // refuses the memory.
    explicit SharedPages(u64 size);
    ~SharedPages();
    SharedPages(const SharedPages&) = delete;
    SharedPages& operator=(const SharedPages&) = delete;

    int Fd() const { return fd_; }
    u64 Size() const { return size_; }
    // The host's view, for services and for copying pages in.
    u8* Data() const { return data_; }

private:
    int fd_ = -1;
    u64 size_ = 0;
    u8* data_ = nullptr;
};

}  // namespace kernel
