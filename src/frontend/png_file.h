#pragma once

// Screenshots: frames as PNG files (libpng), written atomically so that a run stopped midway
// never leaves half a picture under the name.

#include <filesystem>

#include "gpu/frame.h"

namespace frontend {

// Throws base::Error when the file cannot be written.
void WritePng(const std::filesystem::path& path, const gpu::Frame& frame);
// Reads any PNG as RGBA8; throws base::Error naming the file when it is not a PNG.
gpu::Frame ReadPng(const std::filesystem::path& path);

}  // namespace frontend
