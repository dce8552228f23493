#pragma once

#include <filesystem>
#include <span>
#include <vector>

#include "base/types.h"

namespace base {

std::vector<u8> ReadFile(const std::filesystem::path& path);

// Writes through a temporary file in the same folder, fsyncs it and renames it over `path`, so
// that a crash at any point leaves either the old file or the new one whole.
void WriteFileAtomic(const std::filesystem::path& path, std::span<const u8> bytes);

}  // namespace base
