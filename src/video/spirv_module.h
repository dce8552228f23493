#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace video {

// The words of a SPIR-V file's bytes (host byte order). Throws base::Error naming `source`
// when the size is not whole words or the header is not SPIR-V's.
std::vector<u32> SpirvWordsFromBytes(std::span<const u8> bytes, std::string_view source);

// Throws base::Error when `words` is too short for a header or lacks SPIR-V's magic number
// (naming a module of the other byte order as such).
void CheckSpirvHeader(std::span<const u32> words);

// Runs SPIRV-Tools' validator for the Vulkan version the device is used at; throws
// base::Error with the validator's message, so that a driver never sees an invalid module.
void ValidateSpirv(std::span<const u32> words, u32 vulkan_api_version);

// The LocalSize execution mode of the GLCompute entry point named `entry_point`; nothing when
// it has none (LocalSizeId). Throws base::Error when there is no such entry point.
std::optional<std::array<u32, 3>> SpirvLocalSize(std::span<const u32> words,
                                                 std::string_view entry_point);

}  // namespace video
