#include "kernel/memory_state.h"

#include "kernel/memory_attribute.h"

namespace kernel {

std::string_view MemoryStateName(MemoryState state) {
    switch (state) {
        case MemoryState::Free:
            return "free";
        case MemoryState::Io:
            return "io";
        case MemoryState::Static:
            return "static";
        case MemoryState::Code:
            return "code";
        case MemoryState::CodeData:
            return "code-data";
        case MemoryState::Normal:
            return "heap";
        case MemoryState::Shared:
            return "shared";
        case MemoryState::Alias:
            return "alias";
        case MemoryState::AliasCode:
            return "alias-code";
        case MemoryState::AliasCodeData:
            return "alias-code-data";
        case MemoryState::Ipc:
            return "ipc";
        case MemoryState::Stack:
            return "stack";
        case MemoryState::ThreadLocal:
            return "thread-local";
        case MemoryState::Transferred:
            return "transferred";
        case MemoryState::SharedTransferred:
            return "shared-transferred";
        case MemoryState::SharedCode:
            return "shared-code";
        case MemoryState::Inaccessible:
            return "inaccessible";
        case MemoryState::NonSecureIpc:
            return "non-secure-ipc";
        case MemoryState::NonDeviceIpc:
            return "non-device-ipc";
        case MemoryState::Kernel:
            return "kernel";
        case MemoryState::GeneratedCode:
            return "generated-code";
        case MemoryState::CodeOut:
            return "code-out";
        case MemoryState::Coverage:
            return "coverage";
    }
    return "unknown";
}

}  // namespace kernel

namespace kernel {

bool HasCapability(MemoryState state, StateCapability capability) {
    // The data states (heap, module data and its aliases) allow every memory operation; of
    // the others only transferred memory may change its attributes.
    const bool data = state == MemoryState::Normal || state == MemoryState::CodeData ||
                      state == MemoryState::AliasCodeData;
    switch (capability) {
        case StateCapability::Reprotect:
        case StateCapability::Alias:
        case StateCapability::Transfer:
        case StateCapability::CodeMemory:
            return data;
        case StateCapability::ChangeAttribute:
            return data || state == MemoryState::Transferred;
        case StateCapability::PermissionLock:
            return state == MemoryState::CodeData || state == MemoryState::AliasCodeData;
    }
    return false;
}

}  // namespace kernel
