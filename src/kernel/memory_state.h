#pragma once

#include <string_view>

#include "base/types.h"

namespace kernel {

// svc::MemoryState values as QueryMemory reports them.
enum class MemoryState : u32 {
    Free = 0x00,
    Io = 0x01,
    Static = 0x02,
    Code = 0x03,
    CodeData = 0x04,
    Normal = 0x05,
    Shared = 0x06,
    Alias = 0x07,
    AliasCode = 0x08,
    AliasCodeData = 0x09,
    Ipc = 0x0a,
    Stack = 0x0b,
    ThreadLocal = 0x0c,
    Transferred = 0x0d,
    SharedTransferred = 0x0e,
    SharedCode = 0x0f,
    Inaccessible = 0x10,
    NonSecureIpc = 0x11,
    NonDeviceIpc = 0x12,
    Kernel = 0x13,
    GeneratedCode = 0x14,
    CodeOut = 0x15,
    Coverage = 0x16,
};

std::string_view MemoryStateName(MemoryState state);

}  // namespace kernel
