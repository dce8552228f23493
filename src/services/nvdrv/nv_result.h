#pragma once

// The nvdrv error values an ioctl returns in its reply (NvResult; the numbers the open-source
// Switch emulators and libnx's nvidia/ioctl code agree on).

#include "base/types.h"

namespace services::nvdrv {

enum class NvResult : u32 {
    Success = 0x0,
    NotImplemented = 0x1,
    NotSupported = 0x2,
    NotInitialized = 0x3,
    BadParameter = 0x4,
    Timeout = 0x5,
    InsufficientMemory = 0x6,
    InvalidState = 0x8,
    InvalidAddress = 0x9,
    InvalidSize = 0xA,
    BadValue = 0xB,
    AlreadyAllocated = 0xD,
    Busy = 0xE,
    ResourceError = 0xF,
    FileOperationFailed = 0x30003,
};

}  // namespace services::nvdrv
