#include "video/compute_device.h"

#include "base/log.h"
#include "video/compute_device_impl.h"
#include "video/fma_probe.h"

namespace video {

std::unique_ptr<ComputeDevice> ComputeDevice::Open(const ComputeDeviceOptions& options) {
    auto impl = std::make_unique<Impl>();
    OpenVulkanContext(*impl, options.device);
    auto device = std::unique_ptr<ComputeDevice>(new ComputeDevice(std::move(impl)));
    // Measured, not promised by Vulkan; the probe's pipeline is not kept.
    Impl& opened = *device->impl_;
    opened.features->target.fused_fma_f32 = ProbeFusedFma(*device);
    opened.pipelines.clear();
    const shader::TargetProfile& target = opened.features->target;
    LOG_INFO("video",
             "Vulkan {}.{} compute device {} ({}), subgroups of {}{}; f32 denormals {}, "
             "fma {}",
             VK_API_VERSION_MAJOR(opened.api_version), VK_API_VERSION_MINOR(opened.api_version),
             opened.name, opened.features->driver, target.subgroup_size,
             target.full_32_wide_subgroups ? ", 32 wide on request" : "",
             target.denorm_preserve_f32 ? "kept" : "may be flushed",
             target.fused_fma_f32 ? "fused" : "rounded twice");
    return device;
}

ComputeDevice::ComputeDevice(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ComputeDevice::~ComputeDevice() = default;

const shader::TargetProfile& ComputeDevice::Target() const {
    return impl_->features->target;
}

const std::string& ComputeDevice::Name() const {
    return impl_->name;
}

const std::string& ComputeDevice::Driver() const {
    return impl_->features->driver;
}

bool ComputeDevice::HasTimestamps() const {
    return impl_->timestamp_valid_bits != 0;
}

std::size_t ComputeDevice::CachedPipelines() const {
    std::scoped_lock lock(impl_->mutex);
    return impl_->pipelines.size();
}

}  // namespace video
