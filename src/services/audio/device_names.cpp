#include "services/audio/device_names.h"

#include <algorithm>
#include <cstring>

namespace services::audio {

std::string ReadDeviceName(std::span<const u8> buffer) {
    const auto end = std::find(buffer.begin(), buffer.end(), u8{0});
    return std::string(buffer.begin(), end);
}

u32 WriteDeviceNames(std::span<u8> buffer, std::span<const std::string_view> names) {
    const std::size_t slots = std::min(buffer.size() / kDeviceNameSize, names.size());
    for (std::size_t i = 0; i < slots; ++i) {
        u8* slot = buffer.data() + i * kDeviceNameSize;
        std::memset(slot, 0, kDeviceNameSize);
        std::memcpy(slot, names[i].data(), std::min(names[i].size(), kDeviceNameSize - 1));
    }
    return static_cast<u32>(slots);
}

}  // namespace services::audio
