#pragma once

// The audio services' result codes (module 153), as the console returns them (the values
// yuzu's and Ryujinx's reimplementations document).

#include "base/result.h"

namespace services::audio {

inline constexpr u32 kAudioModule = 153;
inline constexpr base::Result ResultNotFound{kAudioModule, 1};
inline constexpr base::Result ResultOperationFailed{kAudioModule, 2};
inline constexpr base::Result ResultInvalidSampleRate{kAudioModule, 3};
inline constexpr base::Result ResultInsufficientBuffer{kAudioModule, 4};
inline constexpr base::Result ResultBufferCountReached{kAudioModule, 8};
inline constexpr base::Result ResultInvalidChannelCount{kAudioModule, 10};
inline constexpr base::Result ResultInvalidUpdateInfo{kAudioModule, 41};
// A buffer the renderer was given lies outside the program's attached memory pools.
inline constexpr base::Result ResultInvalidAddressInfo{kAudioModule, 42};
inline constexpr base::Result ResultInvalidRevision{kAudioModule, 1537};

}  // namespace services::audio
