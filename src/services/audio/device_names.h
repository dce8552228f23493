#pragma once

// The fixed-size device names the audio services exchange (nn::audio::AudioDeviceName and the
// audio out names: 0x100 bytes, NUL-padded).

#include <span>
#include <string>
#include <string_view>

#include "base/types.h"

namespace services::audio {

inline constexpr std::size_t kDeviceNameSize = 0x100;

// The text of a name buffer, up to its first NUL.
std::string ReadDeviceName(std::span<const u8> buffer);
// Writes `names` into consecutive 0x100-byte slots, as many as fit; how many did.
u32 WriteDeviceNames(std::span<u8> buffer, std::span<const std::string_view> names);

}  // namespace services::audio
