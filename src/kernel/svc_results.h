#pragma once

#include "base/result.h"

// Result codes of the kernel (module 1), as svc calls return them on the console.
// Descriptions from the public Horizon documentation (switchbrew "Error codes").
namespace kernel::results {

inline constexpr base::Result OutOfSessions{1, 7};
inline constexpr base::Result InvalidSize{1, 101};
inline constexpr base::Result InvalidAddress{1, 102};
inline constexpr base::Result OutOfResource{1, 103};
inline constexpr base::Result OutOfMemory{1, 104};
inline constexpr base::Result OutOfHandles{1, 105};
inline constexpr base::Result InvalidCurrentMemory{1, 106};
inline constexpr base::Result InvalidNewMemoryPermission{1, 108};
inline constexpr base::Result InvalidMemoryRegion{1, 110};
inline constexpr base::Result InvalidPriority{1, 112};
inline constexpr base::Result InvalidCoreId{1, 113};
inline constexpr base::Result InvalidHandle{1, 114};
inline constexpr base::Result InvalidPointer{1, 115};
inline constexpr base::Result InvalidCombination{1, 116};
inline constexpr base::Result TimedOut{1, 117};
inline constexpr base::Result Cancelled{1, 118};
inline constexpr base::Result OutOfRange{1, 119};
inline constexpr base::Result InvalidEnumValue{1, 120};
inline constexpr base::Result NotFound{1, 121};
inline constexpr base::Result Busy{1, 122};
inline constexpr base::Result SessionClosed{1, 123};
inline constexpr base::Result InvalidState{1, 125};
inline constexpr base::Result NotImplemented{1, 33};
inline constexpr base::Result LimitReached{1, 132};
inline constexpr base::Result MessageTooLarge{1, 260};

}  // namespace kernel::results
