#pragma once

#include <string_view>
#include <vector>

#include "base/types.h"
#include "video/compute_device.h"

namespace video::testing {

// The words of tests/video/kernels/NAME.spvasm, assembled at build time.
std::vector<u32> LoadKernel(std::string_view name);

// One device for the whole test program (NXHOST_VULKAN_DEVICE picks; lavapipe in CI).
ComputeDevice& SharedDevice();

// Little-endian u32 values as bytes, and back.
std::vector<u8> WordBytes(const std::vector<u32>& words);
std::vector<u32> BytesWords(const std::vector<u8>& bytes);

}  // namespace video::testing
