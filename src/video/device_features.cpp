#include "video/device_features.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

class ExtensionList {
public:
    explicit ExtensionList(VkPhysicalDevice device) {
        u32 count = 0;
        CheckVulkan(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr),
                    "vkEnumerateDeviceExtensionProperties");
        all_.resize(count);
        CheckVulkan(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, all_.data()),
                    "vkEnumerateDeviceExtensionProperties");
        all_.resize(count);
    }
    bool Has(const char* name) const {
        return std::ranges::any_of(all_, [name](const VkExtensionProperties& extension) {
            return std::strcmp(extension.extensionName, name) == 0;
        });
    }

private:
    std::vector<VkExtensionProperties> all_;
};

// Appends structures to a pNext chain.
class Chain {
public:
    explicit Chain(void** head) : next_(head) {}
    template <typename Struct>
    void Add(Struct& link) {
        *next_ = &link;
        next_ = &link.pNext;
    }

private:
    void** next_;
};

// Only the core features the translator uses: others (robustBufferAccess above all) may cost
// speed and are not part of TargetProfile.
VkPhysicalDeviceFeatures WantedCoreFeatures(const VkPhysicalDeviceFeatures& found) {
    VkPhysicalDeviceFeatures wanted{};
    wanted.shaderFloat64 = found.shaderFloat64;
    wanted.shaderInt64 = found.shaderInt64;
    wanted.shaderInt16 = found.shaderInt16;
    // For the guest's textures and samplers (texture_cache.h, sampler_cache.h).
    wanted.samplerAnisotropy = found.samplerAnisotropy;
    wanted.textureCompressionBC = found.textureCompressionBC;
    wanted.textureCompressionASTC_LDR = found.textureCompressionASTC_LDR;
    wanted.imageCubeArray = found.imageCubeArray;
    // For the 3D class's draws (vulkan_draw.cpp): a blend per render target, dual-source
    // blend factors, polygon modes other than fill.
    wanted.independentBlend = found.independentBlend;
    wanted.dualSrcBlend = found.dualSrcBlend;
    wanted.fillModeNonSolid = found.fillModeNonSolid;
    // Viewports and scissors 1-15, chosen by a vertex stage's viewport index.
    wanted.multiViewport = found.multiViewport;
    // Exact sample counts for the ZPASS_PIXEL_CNT report.
    wanted.occlusionQueryPrecise = found.occlusionQueryPrecise;
    return wanted;
}

}  // namespace

std::unique_ptr<DeviceFeatures> ChooseDeviceFeatures(VkPhysicalDevice device, u32 api_version) {
    const ExtensionList extensions(device);
    auto features = std::make_unique<DeviceFeatures>();
    DeviceFeatures& f = *features;
    // A feature structure can be used when its version is core at `api_version` or its
    // extension is there (then enabled too); the features themselves are what the device
    // reports in them, all shader capabilities.
    const auto usable = [&](const char* extension, u32 core_since) {
        if (api_version >= core_since) {
            return true;
        }
        if (!extensions.Has(extension)) {
            return false;
        }
        f.extensions.push_back(extension);
        return true;
    };
    constexpr u32 kNever = ~0u;
    const bool has_8bit = usable(VK_KHR_8BIT_STORAGE_EXTENSION_NAME, VK_API_VERSION_1_2);
    const bool has_float16_int8 =
        usable(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME, VK_API_VERSION_1_2);
    const bool has_atomic_int64 =
        usable(VK_KHR_SHADER_ATOMIC_INT64_EXTENSION_NAME, VK_API_VERSION_1_2);
    const bool has_atomic_float = usable(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME, kNever);
    const bool has_atomic_float2 =
        has_atomic_float && usable(VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME, kNever);
    const bool has_size_control =
        usable(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME, VK_API_VERSION_1_3);
    const bool has_shader_clock = usable(VK_KHR_SHADER_CLOCK_EXTENSION_NAME, kNever);
    const bool has_depth_clip_control = usable(VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME, kNever);
    // No feature structure: the extension alone lets a vertex stage write ViewportIndex.
    const bool has_viewport_index_layer =
        usable(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME, kNever);
    const bool has_float_controls =
        usable(VK_KHR_SHADER_FLOAT_CONTROLS_EXTENSION_NAME, VK_API_VERSION_1_2);
    const bool has_driver_properties = api_version >= VK_API_VERSION_1_2 ||
                                       extensions.Has(VK_KHR_DRIVER_PROPERTIES_EXTENSION_NAME);

    f.core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    f.storage_16bit.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES;
    f.storage_8bit.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES;
    f.float16_int8.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES;
    f.atomic_int64.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES;
    f.atomic_float.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT;
    f.atomic_float2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT;
    f.subgroup_size_control.sType =
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES;
    f.shader_clock.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR;
    f.depth_clip_control.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT;
    Chain chain(&f.core.pNext);
    chain.Add(f.storage_16bit);  // core in 1.1
    if (has_8bit) {
        chain.Add(f.storage_8bit);
    }
    if (has_float16_int8) {
        chain.Add(f.float16_int8);
    }
    if (has_atomic_int64) {
        chain.Add(f.atomic_int64);
    }
    if (has_atomic_float) {
        chain.Add(f.atomic_float);
    }
    if (has_atomic_float2) {
        chain.Add(f.atomic_float2);
    }
    if (has_size_control) {
        chain.Add(f.subgroup_size_control);
    }
    if (has_shader_clock) {
        chain.Add(f.shader_clock);
    }
    if (has_depth_clip_control) {
        chain.Add(f.depth_clip_control);
    }
    vkGetPhysicalDeviceFeatures2(device, &f.core);
    f.core.features = WantedCoreFeatures(f.core.features);

    auto properties =
        VulkanStruct<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
    auto subgroup = VulkanStruct<VkPhysicalDeviceSubgroupProperties>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES);
    auto size_control = VulkanStruct<VkPhysicalDeviceSubgroupSizeControlProperties>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES);
    auto driver = VulkanStruct<VkPhysicalDeviceDriverProperties>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES);
    auto float_controls = VulkanStruct<VkPhysicalDeviceFloatControlsProperties>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES);
    Chain property_chain(&properties.pNext);
    if (has_float_controls) {
        property_chain.Add(float_controls);
    }
    property_chain.Add(subgroup);
    if (has_size_control) {
        property_chain.Add(size_control);
    }
    if (has_driver_properties) {
        property_chain.Add(driver);
    }
    vkGetPhysicalDeviceProperties2(device, &properties);

    shader::TargetProfile& t = f.target;
    t.float64 = f.core.features.shaderFloat64;
    t.int64 = f.core.features.shaderInt64;
    t.int16 = f.core.features.shaderInt16;
    t.int8 = f.float16_int8.shaderInt8;
    t.float16 = f.float16_int8.shaderFloat16;
    t.storage_8bit = f.storage_8bit.storageBuffer8BitAccess;
    t.storage_16bit = f.storage_16bit.storageBuffer16BitAccess;
    t.int64_atomics = f.atomic_int64.shaderBufferInt64Atomics;
    t.float32_atomic_add = f.atomic_float.shaderBufferFloat32AtomicAdd;
    t.float32_atomic_add_shared = f.atomic_float.shaderSharedFloat32AtomicAdd;
    t.float64_atomic_add = f.atomic_float.shaderBufferFloat64AtomicAdd;
    t.float32_atomic_min_max = f.atomic_float2.shaderBufferFloat32AtomicMinMax;
    t.shader_clock = f.shader_clock.shaderSubgroupClock;
    t.vertex_viewport_index = has_viewport_index_layer && f.core.features.multiViewport;
    // All false without float controls (the structure stays zero). fused_fma_f32 is measured
    // by ComputeDevice::Open on the device.
    t.denorm_preserve_f32 = float_controls.shaderDenormPreserveFloat32;
    t.denorm_preserve_f64 = t.float64 && float_controls.shaderDenormPreserveFloat64;
    t.signed_zero_inf_nan_preserve_f32 = float_controls.shaderSignedZeroInfNanPreserveFloat32;
    t.signed_zero_inf_nan_preserve_f64 =
        t.float64 && float_controls.shaderSignedZeroInfNanPreserveFloat64;

    t.subgroup_size = subgroup.subgroupSize;
    const bool compute_subgroups = (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) != 0;
    const auto has_operation = [&](VkSubgroupFeatureFlags operation) {
        return compute_subgroups && (subgroup.supportedOperations & operation) != 0;
    };
    t.subgroup_ballot = has_operation(VK_SUBGROUP_FEATURE_BALLOT_BIT);
    t.subgroup_shuffle = has_operation(VK_SUBGROUP_FEATURE_SHUFFLE_BIT);
    t.subgroup_vote = has_operation(VK_SUBGROUP_FEATURE_VOTE_BIT);
    t.subgroup_arithmetic = has_operation(VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
    t.fragment_quad_operations = (subgroup.supportedStages & VK_SHADER_STAGE_FRAGMENT_BIT) != 0 &&
                                 (subgroup.supportedOperations & VK_SUBGROUP_FEATURE_QUAD_BIT) != 0;

    f.min_subgroup_size = has_size_control ? size_control.minSubgroupSize : subgroup.subgroupSize;
    f.max_subgroup_size = has_size_control ? size_control.maxSubgroupSize : subgroup.subgroupSize;
    t.full_32_wide_subgroups =
        has_size_control && f.subgroup_size_control.subgroupSizeControl &&
        f.subgroup_size_control.computeFullSubgroups &&
        (size_control.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT) != 0 &&
        f.min_subgroup_size <= 32 && 32 <= f.max_subgroup_size;

    f.driver = has_driver_properties
                   ? fmt::format("{}: {}", driver.driverName, driver.driverInfo)
                   : fmt::format("driver version {:#x}", properties.properties.driverVersion);
    return features;
}

}  // namespace video
