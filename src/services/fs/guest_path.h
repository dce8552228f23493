#pragma once

// A guest's fs path ("/save/slot1.bin", at most 0x300 characters in a 0x301-byte buffer) turned
// into a host path inside a file system's root folder. Paths never leave the root: ".." above
// it, mount names and other characters fs refuses are errors, and a symbolic link anywhere on
// the way (the guest cannot make one; a user may have) is treated as a missing path.

#include <filesystem>
#include <span>

#include "base/result.h"
#include "base/types.h"

namespace services::fs {

inline constexpr std::size_t kPathBufferSize = 0x301;

// Fills `out` with root/<normalized path>; the root itself for "/".
base::Result ResolveGuestPath(const std::filesystem::path& root, std::span<const u8> buffer,
                              std::filesystem::path& out);

}  // namespace services::fs
