#include "video/vulkan_context.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <vector>

#include "base/error.h"
#include "video/device_choice.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

constexpr u32 kMinimumApiVersion = VK_API_VERSION_1_1;
// The newest version nxhost knows the structures of; the instance asks for no more.
constexpr u32 kNewestApiVersion = VK_API_VERSION_1_3;

bool IsNoDevice(VkResult result) {
    return result == VK_ERROR_INCOMPATIBLE_DRIVER || result == VK_ERROR_INITIALIZATION_FAILED;
}

VkInstance CreateInstance(u32 api_version) {
    auto application = VulkanStruct<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
    application.pApplicationName = "nxhost";
    application.pEngineName = "nxhost";
    application.apiVersion = api_version;
    auto info = VulkanStruct<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
    info.pApplicationInfo = &application;
    VkInstance instance = VK_NULL_HANDLE;
    const VkResult result = vkCreateInstance(&info, nullptr, &instance);
    if (IsNoDevice(result)) {
        base::Fail("no Vulkan device: install mesa-vulkan-drivers for lavapipe ({})",
                   VulkanResultName(result));
    }
    CheckVulkan(result, "vkCreateInstance");
    return instance;
}

u32 InstanceApiVersion() {
    u32 version = VK_API_VERSION_1_0;
    CheckVulkan(vkEnumerateInstanceVersion(&version), "vkEnumerateInstanceVersion");
    if (version < kMinimumApiVersion) {
        base::Fail("the Vulkan loader offers version {}.{}, nxhost needs 1.1",
                   VK_API_VERSION_MAJOR(version), VK_API_VERSION_MINOR(version));
    }
    return std::min(version, kNewestApiVersion);
}

std::vector<VkPhysicalDevice> PhysicalDevices(VkInstance instance) {
    u32 count = 0;
    CheckVulkan(vkEnumeratePhysicalDevices(instance, &count, nullptr),
                "vkEnumeratePhysicalDevices");
    std::vector<VkPhysicalDevice> devices(count);
    CheckVulkan(vkEnumeratePhysicalDevices(instance, &count, devices.data()),
                "vkEnumeratePhysicalDevices");
    devices.resize(count);
    return devices;
}

struct QueueFamily {
    u32 index = 0;
    u32 timestamp_valid_bits = 0;
    bool graphics = false;
};

// The first family with graphics and compute, else the first with compute (a device with
// graphics has a family with both).
std::optional<QueueFamily> ComputeQueueFamily(VkPhysicalDevice device) {
    u32 count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    constexpr VkQueueFlags kBoth = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    std::optional<QueueFamily> compute_only;
    for (u32 i = 0; i < count; ++i) {
        if ((families[i].queueFlags & kBoth) == kBoth) {
            return QueueFamily{i, families[i].timestampValidBits, true};
        }
        if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) != 0 && !compute_only) {
            compute_only = QueueFamily{i, families[i].timestampValidBits, false};
        }
    }
    return compute_only;
}

DeviceType TypeOf(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return DeviceType::Discrete;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return DeviceType::Integrated;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return DeviceType::Virtual;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return DeviceType::Cpu;
        default:
            return DeviceType::Other;
    }
}

std::string Selector(const std::string& selector) {
    if (!selector.empty()) {
        return selector;
    }
    const char* environment = std::getenv("NXHOST_VULKAN_DEVICE");
    return environment ? environment : "";
}

void CreateDevice(VulkanContext& impl) {
    const float priority = 1.0f;
    auto queue_info =
        VulkanStruct<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queue_info.queueFamilyIndex = impl.queue_family;
    queue_info.queueCount = 1;
    queue_info.pQueuePriorities = &priority;
    auto info = VulkanStruct<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    info.pNext = &impl.features->core;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue_info;
    info.enabledExtensionCount = static_cast<u32>(impl.features->extensions.size());
    info.ppEnabledExtensionNames = impl.features->extensions.data();
    CheckVulkan(vkCreateDevice(impl.physical_device, &info, nullptr, &impl.device),
                "vkCreateDevice");
    vkGetDeviceQueue(impl.device, impl.queue_family, 0, &impl.queue);

    auto pool_info =
        VulkanStruct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    pool_info.queueFamilyIndex = impl.queue_family;
    CheckVulkan(vkCreateCommandPool(impl.device, &pool_info, nullptr, &impl.command_pool),
                "vkCreateCommandPool");
}

}  // namespace

VulkanContext::~VulkanContext() {
    if (device != VK_NULL_HANDLE) {
        vkDestroyCommandPool(device, command_pool, nullptr);
        vkDestroyDevice(device, nullptr);
    }
    vkDestroyInstance(instance, nullptr);
}

void OpenVulkanContext(VulkanContext& context, const std::string& selector) {
    const u32 instance_version = InstanceApiVersion();
    context.instance = CreateInstance(instance_version);

    const std::vector<VkPhysicalDevice> devices = PhysicalDevices(context.instance);
    std::vector<DeviceSummary> summaries;
    std::vector<VkPhysicalDeviceProperties> properties(devices.size());
    for (std::size_t i = 0; i < devices.size(); ++i) {
        vkGetPhysicalDeviceProperties(devices[i], &properties[i]);
        summaries.push_back({properties[i].deviceName, TypeOf(properties[i].deviceType),
                             properties[i].apiVersion >= kMinimumApiVersion &&
                                 ComputeQueueFamily(devices[i]).has_value()});
    }
    const std::size_t chosen = ChooseDevice(summaries, Selector(selector));

    context.physical_device = devices[chosen];
    context.name = properties[chosen].deviceName;
    context.limits = properties[chosen].limits;
    context.api_version = std::min(instance_version, properties[chosen].apiVersion);
    const QueueFamily family = *ComputeQueueFamily(context.physical_device);
    context.queue_family = family.index;
    context.queue_has_graphics = family.graphics;
    context.timestamp_valid_bits = family.timestamp_valid_bits;
    vkGetPhysicalDeviceMemoryProperties(context.physical_device, &context.memory_types);
    context.timestamp_period_ns = context.limits.timestampPeriod;
    context.features = ChooseDeviceFeatures(context.physical_device, context.api_version);
    CreateDevice(context);
}

}  // namespace video
