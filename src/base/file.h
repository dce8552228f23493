#pragma once

#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace base {

std::vector<u8> ReadFile(const std::filesystem::path& path);

// Writes through a temporary file in the same folder, fsyncs it and renames it over `path`, so
// that a crash at any point leaves either the old file or the new one whole.
void WriteFileAtomic(const std::filesystem::path& path, std::span<const u8> bytes);

// $XDG_CACHE_HOME/nxhost/<what>, or $HOME/.cache/nxhost/<what> when XDG_CACHE_HOME is unset or
// relative (the XDG base directory specification ignores a relative one), and
// .cache/nxhost/<what> in the working folder when HOME is unset too.
std::filesystem::path UserCacheFolder(std::string_view what);

}  // namespace base
