#include "video/device_choice.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "base/error.h"

namespace video {
namespace {

std::string Lowercase(std::string_view text) {
    std::string lower(text);
    std::ranges::transform(lower, lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

std::string ListDevices(std::span<const DeviceSummary> devices) {
    std::string list;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        list += fmt::format("{}{}: {}{}", i == 0 ? "" : ", ", i, devices[i].name,
                            devices[i].usable ? "" : " (not usable: needs Vulkan 1.1 compute)");
    }
    return list;
}

std::size_t Checked(std::span<const DeviceSummary> devices, std::size_t index,
                    std::string_view selector) {
    if (!devices[index].usable) {
        base::Fail("Vulkan device '{}' (chosen by '{}') lacks Vulkan 1.1 or a compute queue",
                   devices[index].name, selector);
    }
    return index;
}

}  // namespace

std::size_t ChooseDevice(std::span<const DeviceSummary> devices, std::string_view selector) {
    if (devices.empty()) {
        base::Fail("no Vulkan device: install mesa-vulkan-drivers for lavapipe");
    }
    if (!selector.empty()) {
        std::size_t index = 0;
        const auto [end, error] =
            std::from_chars(selector.data(), selector.data() + selector.size(), index);
        if (error == std::errc{} && end == selector.data() + selector.size()) {
            if (index >= devices.size()) {
                base::Fail("Vulkan device {} asked for, but there are only {}: {}", index,
                           devices.size(), ListDevices(devices));
            }
            return Checked(devices, index, selector);
        }
        const std::string wanted = Lowercase(selector);
        for (std::size_t i = 0; i < devices.size(); ++i) {
            if (Lowercase(devices[i].name).find(wanted) != std::string::npos) {
                return Checked(devices, i, selector);
            }
        }
        base::Fail("no Vulkan device's name contains '{}'; there are {}", selector,
                   ListDevices(devices));
    }
    for (const DeviceType preferred : {DeviceType::Discrete, DeviceType::Integrated}) {
        for (std::size_t i = 0; i < devices.size(); ++i) {
            if (devices[i].usable && devices[i].type == preferred) {
                return i;
            }
        }
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
        if (devices[i].usable) {
            return i;
        }
    }
    base::Fail("no usable Vulkan device (Vulkan 1.1 with a compute queue) among {}",
               ListDevices(devices));
}

}  // namespace video
