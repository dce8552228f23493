#include "services/fs/storage_interface.h"

#include <algorithm>

#include "services/fs/fs_results.h"

namespace services::fs {

base::Result StorageInterface::Read(s64 offset, s64 size, ipc::OutBuffer<ipc::kMapAlias> buffer) {
    if (offset < 0) {
        return ResultInvalidOffset;
    }
    if (size < 0) {
        return ResultInvalidSize;
    }
    const u64 total = storage_->Size();
    if (static_cast<u64>(offset) > total || static_cast<u64>(size) > total - offset) {
        return ResultOutOfRange;
    }
    const u64 count = std::min<u64>(static_cast<u64>(size), buffer.data.size());
    storage_->Read(static_cast<u64>(offset), buffer.data.subspan(0, count));
    return base::ResultSuccess;
}

base::Result StorageInterface::GetSize(ipc::Out<s64> size) {
    *size = static_cast<s64>(storage_->Size());
    return base::ResultSuccess;
}

}  // namespace services::fs
