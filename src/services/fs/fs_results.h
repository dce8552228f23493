#pragma once

// fs's result codes (module 2). Descriptions as the switchbrew wiki's "Error codes" page lists
// them for module 2 (FS), with the names the public SDK headers give them.

#include "base/result.h"

namespace services::fs {

inline constexpr u32 kModule = 2;
inline constexpr base::Result ResultPathNotFound{kModule, 1};
inline constexpr base::Result ResultPathAlreadyExists{kModule, 2};
inline constexpr base::Result ResultTargetLocked{kModule, 7};
inline constexpr base::Result ResultDirectoryNotEmpty{kModule, 8};
inline constexpr base::Result ResultUsableSpaceNotEnough{kModule, 30};
inline constexpr base::Result ResultTargetNotFound{kModule, 1002};
inline constexpr base::Result ResultNotImplemented{kModule, 3001};
inline constexpr base::Result ResultOutOfRange{kModule, 3005};
inline constexpr base::Result ResultTooLongPath{kModule, 6003};
inline constexpr base::Result ResultInvalidCharacter{kModule, 6004};
inline constexpr base::Result ResultInvalidPathFormat{kModule, 6005};
inline constexpr base::Result ResultDirectoryUnobtainable{kModule, 6006};
inline constexpr base::Result ResultInvalidOffset{kModule, 6061};
inline constexpr base::Result ResultInvalidSize{kModule, 6062};
inline constexpr base::Result ResultInvalidOpenMode{kModule, 6072};
inline constexpr base::Result ResultFileExtensionWithoutOpenModeAllowAppend{kModule, 6201};
inline constexpr base::Result ResultReadNotPermitted{kModule, 6202};
inline constexpr base::Result ResultWriteNotPermitted{kModule, 6203};
// Host errors without a closer fs meaning.
inline constexpr base::Result ResultPermissionDenied{kModule, 6400};

// The fs result for a host errno.
base::Result ResultFromErrno(int error);

}  // namespace services::fs
