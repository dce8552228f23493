#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace video {

enum class DeviceType { Discrete, Integrated, Virtual, Cpu, Other };

// What the choice of a physical device looks at.
struct DeviceSummary {
    std::string name;
    DeviceType type = DeviceType::Other;
    bool usable = true;  // Vulkan 1.1 and a compute queue
};

// The index of the device to open. `selector`: a decimal index, or a substring of a device's
// name (case-insensitive); empty: the first usable discrete GPU, else integrated, else any
// usable one. Throws base::Error naming the devices there are when none fits.
std::size_t ChooseDevice(std::span<const DeviceSummary> devices, std::string_view selector);

}  // namespace video
