#pragma once

#include "base/types.h"

namespace kernel {

// svc::MemoryAttribute bits as QueryMemory reports them.
namespace memory_attribute {
inline constexpr u32 kNone = 0;
inline constexpr u32 kLocked = 1 << 0;     // borrowed by MapMemory, transfer or code memory
inline constexpr u32 kIpcLocked = 1 << 1;  // lent to a service in an IPC buffer
inline constexpr u32 kDeviceShared = 1 << 2;
inline constexpr u32 kUncached = 1 << 3;
inline constexpr u32 kPermissionLocked = 1 << 4;
}  // namespace memory_attribute

// What a memory state allows (the capability bits of Horizon's KMemoryState, public
// documentation): only the ones the memory calls consult.
enum class StateCapability {
    Reprotect,        // SetMemoryPermission
    Alias,            // MapMemory's source
    Transfer,         // CreateTransferMemory's source
    CodeMemory,       // CreateCodeMemory's source
    ChangeAttribute,  // SetMemoryAttribute's Uncached
    PermissionLock,   // SetMemoryAttribute's PermissionLocked
};

enum class MemoryState : u32;
bool HasCapability(MemoryState state, StateCapability capability);

}  // namespace kernel
