#include "services/fs/fs_results.h"

#include <cerrno>

namespace services::fs {

base::Result ResultFromErrno(int error) {
    switch (error) {
        case ENOENT:
        case ENOTDIR:
            return ResultPathNotFound;
        case EEXIST:
            return ResultPathAlreadyExists;
        case ENOTEMPTY:
            return ResultDirectoryNotEmpty;
        case ENOSPC:
        case EDQUOT:
        case EFBIG:
            return ResultUsableSpaceNotEnough;
        case ENAMETOOLONG:
            return ResultTooLongPath;
        case EBUSY:
            return ResultTargetLocked;
        default:
            return ResultPermissionDenied;
    }
}

}  // namespace services::fs
