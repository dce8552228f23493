// ComputeDevice::Dispatch: buffers through staging copies, a cached pipeline, timestamps
// around the dispatches, one submission waited for.
#include <algorithm>
#include <cstring>
#include <map>

#include "base/error.h"
#include "video/compute_device.h"
#include "video/compute_device_impl.h"
#include "video/spirv_module.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_image.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

// Uniform buffers are read as std140 arrays of 16-byte vectors; round every buffer up so that
// a shader's last vector is inside it.
constexpr VkDeviceSize kBufferGranule = 16;

struct BoundBuffer {
    const DispatchBuffer* source;
    std::unique_ptr<VulkanBuffer> device;
    std::unique_ptr<VulkanBuffer> staging;
    VkBufferView view = VK_NULL_HANDLE;  // a storage texel buffer's
};

// A dispatch's buffer or storage texel buffer: its bytes come back after it.
bool WrittenBack(BufferKind kind) {
    return kind == BufferKind::Storage || kind == BufferKind::StorageTexelBuffer;
}

struct BoundImage {
    const DispatchImage* source;
    std::unique_ptr<VulkanImage> device;
    std::unique_ptr<VulkanBuffer> staging;
};

// The objects of one dispatch, destroyed on every path out of it.
struct DispatchObjects {
    VkDevice device;
    VkCommandPool command_pool;
    std::vector<BoundBuffer> buffers;
    std::vector<BoundImage> images;
    VkDescriptorPool descriptor_pool = VK_NULL_HANDLE;
    VkQueryPool query_pool = VK_NULL_HANDLE;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;

    DispatchObjects(VkDevice device, VkCommandPool command_pool)
        : device(device), command_pool(command_pool) {}
    DispatchObjects(const DispatchObjects&) = delete;
    DispatchObjects& operator=(const DispatchObjects&) = delete;
    ~DispatchObjects() {
        vkDestroyFence(device, fence, nullptr);
        if (commands != VK_NULL_HANDLE) {
            vkFreeCommandBuffers(device, command_pool, 1, &commands);
        }
        vkDestroyQueryPool(device, query_pool, nullptr);
        vkDestroyDescriptorPool(device, descriptor_pool, nullptr);
        for (const BoundBuffer& buffer : buffers) {
            vkDestroyBufferView(device, buffer.view, nullptr);
        }
    }
};

void CheckDispatch(const ComputeDevice::Impl& impl, const ComputeDispatch& dispatch) {
    if (dispatch.repeat == 0) {
        base::Fail("compute dispatch repeated 0 times");
    }
    for (int axis = 0; axis < 3; ++axis) {
        const u32 groups = dispatch.groups[axis];
        const u32 most = impl.limits.maxComputeWorkGroupCount[axis];
        if (groups == 0 || groups > most) {
            base::Fail("compute dispatch of {} groups along {}: {} allows 1 to {}", groups,
                       "xyz"[axis], impl.name, most);
        }
    }
    for (const DispatchBuffer& buffer : dispatch.buffers) {
        if (buffer.bytes == nullptr) {
            base::Fail("compute dispatch binding {} has no bytes", buffer.binding);
        }
        const bool uniform = buffer.kind == BufferKind::Uniform;
        const u64 most =
            uniform ? impl.limits.maxUniformBufferRange : impl.limits.maxStorageBufferRange;
        if (buffer.bytes->size() > most) {
            base::Fail("compute dispatch binding {}: a {} buffer of {} bytes, {} allows {}",
                       buffer.binding, uniform ? "uniform" : "storage", buffer.bytes->size(),
                       impl.name, most);
        }
    }
    if (dispatch.require_32_wide_subgroups && !impl.features->target.full_32_wide_subgroups) {
        base::Fail(
            "the kernel needs 32-wide subgroups (CUDA warps), which {} cannot give: its "
            "subgroups are {} to {} wide{}",
            impl.name, impl.features->min_subgroup_size, impl.features->max_subgroup_size,
            impl.features->subgroup_size_control.computeFullSubgroups
                ? ""
                : ", without VK_EXT_subgroup_size_control's full compute subgroups");
    }
}

std::unique_ptr<ComputePipeline> BuildPipeline(const ComputeDevice::Impl& impl,
                                               const ComputeDispatch& dispatch,
                                               const ComputePipelineKey& key) {
    ValidateSpirv(dispatch.spirv, impl.api_version);
    const auto local_size = SpirvLocalSize(dispatch.spirv, dispatch.entry_point);
    if (local_size) {
        const auto [x, y, z] = *local_size;
        const VkPhysicalDeviceLimits& limits = impl.limits;
        if (x > limits.maxComputeWorkGroupSize[0] || y > limits.maxComputeWorkGroupSize[1] ||
            z > limits.maxComputeWorkGroupSize[2] ||
            u64{x} * y * z > limits.maxComputeWorkGroupInvocations) {
            base::Fail("workgroup of {}x{}x{} is larger than {} allows ({}x{}x{}, {} in all)", x, y,
                       z, impl.name, limits.maxComputeWorkGroupSize[0],
                       limits.maxComputeWorkGroupSize[1], limits.maxComputeWorkGroupSize[2],
                       limits.maxComputeWorkGroupInvocations);
        }
        // Full subgroups of a required size need a workgroup width that is a multiple of it.
        if (dispatch.require_32_wide_subgroups && x % 32 != 0) {
            base::Fail("32-wide subgroups need a workgroup width that is a multiple of 32, not {}",
                       x);
        }
    }
    return std::make_unique<ComputePipeline>(impl.device, dispatch.spirv, key);
}

void CreateBuffers(const ComputeDevice::Impl& impl, const ComputeDispatch& dispatch,
                   DispatchObjects& objects) {
    for (const DispatchBuffer& source : dispatch.buffers) {
        const std::vector<u8>& bytes = *source.bytes;
        const VkDeviceSize size =
            std::max<VkDeviceSize>(1, (bytes.size() + kBufferGranule - 1) / kBufferGranule) *
            kBufferGranule;
        const VkBufferUsageFlags usage = source.kind == BufferKind::Uniform
                                             ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                         : source.kind == BufferKind::StorageTexelBuffer
                                             ? VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT
                                             : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
        BoundBuffer bound{&source, nullptr, nullptr};
        bound.device = std::make_unique<VulkanBuffer>(
            impl.device, impl.memory_types, size,
            usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
            BufferMemory::Device);
        bound.staging = std::make_unique<VulkanBuffer>(
            impl.device, impl.memory_types, size,
            VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            BufferMemory::Host);
        if (!bytes.empty()) {
            std::memcpy(bound.staging->Mapped(), bytes.data(), bytes.size());
        }
        std::memset(bound.staging->Mapped() + bytes.size(), 0, size - bytes.size());
        objects.buffers.push_back(std::move(bound));
        if (source.kind == BufferKind::StorageTexelBuffer) {
            const u32 texel_bytes = TexelBytes(source.texels, source.channels);
            if (bytes.empty() || bytes.size() % texel_bytes != 0) {
                base::Fail("compute dispatch binding {}: {} bytes of {}-byte texels",
                           source.binding, bytes.size(), texel_bytes);
            }
            auto view =
                VulkanStruct<VkBufferViewCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO);
            view.buffer = objects.buffers.back().device->Handle();
            view.format = TexelFormat(source.texels, source.channels);
            view.range = bytes.size();
            CheckVulkan(
                vkCreateBufferView(impl.device, &view, nullptr, &objects.buffers.back().view),
                "vkCreateBufferView");
        }
    }
}

void CreateImages(const ComputeDevice::Impl& impl, const ComputeDispatch& dispatch,
                  DispatchObjects& objects) {
    for (const DispatchImage& source : dispatch.images) {
        BoundImage bound{&source,
                         std::make_unique<VulkanImage>(impl.device, impl.memory_types, source),
                         nullptr};
        bound.staging = std::make_unique<VulkanBuffer>(
            impl.device, impl.memory_types, std::max<VkDeviceSize>(1, source.bytes->size()),
            VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            BufferMemory::Host);
        std::memcpy(bound.staging->Mapped(), source.bytes->data(), source.bytes->size());
        objects.images.push_back(std::move(bound));
    }
}

BufferKind ImageKind(const DispatchImage& image) {
    return image.storage ? BufferKind::StorageImage : BufferKind::SampledImage;
}

VkDescriptorSet CreateDescriptorSet(const ComputeDevice::Impl& impl,
                                    const ComputePipeline& pipeline, DispatchObjects& objects) {
    std::map<VkDescriptorType, u32> counts;
    for (const BoundBuffer& buffer : objects.buffers) {
        ++counts[DescriptorType(buffer.source->kind)];
    }
    for (const BoundImage& image : objects.images) {
        ++counts[DescriptorType(ImageKind(*image.source))];
    }
    std::vector<VkDescriptorPoolSize> sizes;
    for (const auto& [type, count] : counts) {
        sizes.push_back({type, count});
    }
    auto pool_info =
        VulkanStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = static_cast<u32>(sizes.size());
    pool_info.pPoolSizes = sizes.data();
    CheckVulkan(vkCreateDescriptorPool(impl.device, &pool_info, nullptr, &objects.descriptor_pool),
                "vkCreateDescriptorPool");

    const VkDescriptorSetLayout set_layout = pipeline.SetLayout();
    auto allocate =
        VulkanStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    allocate.descriptorPool = objects.descriptor_pool;
    allocate.descriptorSetCount = 1;
    allocate.pSetLayouts = &set_layout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    CheckVulkan(vkAllocateDescriptorSets(impl.device, &allocate, &set), "vkAllocateDescriptorSets");

    std::vector<VkDescriptorBufferInfo> infos;
    infos.reserve(objects.buffers.size());
    std::vector<VkWriteDescriptorSet> writes;
    for (const BoundBuffer& buffer : objects.buffers) {
        infos.push_back({buffer.device->Handle(), 0, VK_WHOLE_SIZE});
        auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
        write.dstSet = set;
        write.dstBinding = buffer.source->binding;
        write.descriptorCount = 1;
        write.descriptorType = DescriptorType(buffer.source->kind);
        write.pBufferInfo = &infos.back();
        write.pTexelBufferView = &buffer.view;
        writes.push_back(write);
    }
    std::vector<VkDescriptorImageInfo> image_infos;
    image_infos.reserve(objects.images.size());
    for (const BoundImage& image : objects.images) {
        image_infos.push_back(
            {image.device->Sampler(), image.device->View(), VK_IMAGE_LAYOUT_GENERAL});
        auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
        write.dstSet = set;
        write.dstBinding = image.source->binding;
        write.descriptorCount = 1;
        write.descriptorType = DescriptorType(ImageKind(*image.source));
        write.pImageInfo = &image_infos.back();
        writes.push_back(write);
    }
    vkUpdateDescriptorSets(impl.device, static_cast<u32>(writes.size()), writes.data(), 0, nullptr);
    return set;
}

void Barrier(VkCommandBuffer commands, VkPipelineStageFlags from, VkAccessFlags written,
             VkPipelineStageFlags to, VkAccessFlags accessed) {
    auto barrier = VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = written;
    barrier.dstAccessMask = accessed;
    vkCmdPipelineBarrier(commands, from, to, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

void CopyBuffer(VkCommandBuffer commands, const VulkanBuffer& from, const VulkanBuffer& to) {
    const VkBufferCopy region{0, 0, from.Size()};
    vkCmdCopyBuffer(commands, from.Handle(), to.Handle(), 1, &region);
}

void RecordCommands(const ComputeDispatch& dispatch, const ComputePipeline& pipeline,
                    VkDescriptorSet set, const DispatchObjects& objects) {
    const VkCommandBuffer commands = objects.commands;
    auto begin =
        VulkanStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    CheckVulkan(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
    for (const BoundBuffer& buffer : objects.buffers) {
        CopyBuffer(commands, *buffer.staging, *buffer.device);
    }
    for (const BoundImage& image : objects.images) {
        image.device->RecordUpload(commands, image.staging->Handle());
    }
    Barrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_UNIFORM_READ_BIT);
    // Both timestamps at the compute stage: the first waits for the uploads (it is in the
    // barrier's second scope), the second for the last dispatch.
    if (objects.query_pool != VK_NULL_HANDLE) {
        vkCmdResetQueryPool(commands, objects.query_pool, 0, 2);
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, objects.query_pool, 0);
    }
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.Pipeline());
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.Layout(), 0, 1, &set,
                            0, nullptr);
    for (u32 i = 0; i < dispatch.repeat; ++i) {
        if (i > 0) {
            Barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
        }
        vkCmdDispatch(commands, dispatch.groups[0], dispatch.groups[1], dispatch.groups[2]);
    }
    if (objects.query_pool != VK_NULL_HANDLE) {
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, objects.query_pool, 1);
    }
    Barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
            VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
    for (const BoundBuffer& buffer : objects.buffers) {
        if (WrittenBack(buffer.source->kind)) {
            CopyBuffer(commands, *buffer.device, *buffer.staging);
        }
    }
    for (const BoundImage& image : objects.images) {
        if (image.source->storage) {
            image.device->RecordReadback(commands, image.staging->Handle());
        }
    }
    Barrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    CheckVulkan(vkEndCommandBuffer(commands), "vkEndCommandBuffer");
}

void SubmitAndWait(const ComputeDevice::Impl& impl, DispatchObjects& objects) {
    auto fence_info = VulkanStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    CheckVulkan(vkCreateFence(impl.device, &fence_info, nullptr, &objects.fence), "vkCreateFence");
    auto submit = VulkanStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &objects.commands;
    CheckVulkan(vkQueueSubmit(impl.queue, 1, &submit, objects.fence), "vkQueueSubmit");
    CheckVulkan(vkWaitForFences(impl.device, 1, &objects.fence, VK_TRUE, UINT64_MAX),
                "vkWaitForFences");
}

u64 ElapsedNanoseconds(const ComputeDevice::Impl& impl, VkQueryPool query_pool) {
    std::array<u64, 2> ticks{};
    CheckVulkan(
        vkGetQueryPoolResults(impl.device, query_pool, 0, 2, sizeof(ticks), ticks.data(),
                              sizeof(u64), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
        "vkGetQueryPoolResults");
    // Only timestampValidBits of a timestamp count; the difference wraps within them.
    const u64 mask =
        impl.timestamp_valid_bits >= 64 ? ~u64{0} : (u64{1} << impl.timestamp_valid_bits) - 1;
    const u64 elapsed_ticks = (ticks[1] - ticks[0]) & mask;
    return static_cast<u64>(static_cast<double>(elapsed_ticks) * impl.timestamp_period_ns);
}

}  // namespace

DispatchResult ComputeDevice::Dispatch(const ComputeDispatch& dispatch) {
    Impl& impl = *impl_;
    std::scoped_lock lock(impl.mutex);
    CheckDispatch(impl, dispatch);
    CheckSpirvHeader(dispatch.spirv);

    DispatchResult result;
    const ComputePipelineKey key = MakeComputePipelineKey(dispatch);
    auto cached = impl.pipelines.find(key);
    result.pipeline_was_cached = cached != impl.pipelines.end();
    if (!result.pipeline_was_cached) {
        cached = impl.pipelines.emplace(key, BuildPipeline(impl, dispatch, key)).first;
    }
    const ComputePipeline& pipeline = *cached->second;

    DispatchObjects objects(impl.device, impl.command_pool);
    CreateBuffers(impl, dispatch, objects);
    CreateImages(impl, dispatch, objects);
    const VkDescriptorSet set = CreateDescriptorSet(impl, pipeline, objects);
    if (impl.timestamp_valid_bits != 0) {
        auto query_info =
            VulkanStruct<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
        query_info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        query_info.queryCount = 2;
        CheckVulkan(vkCreateQueryPool(impl.device, &query_info, nullptr, &objects.query_pool),
                    "vkCreateQueryPool");
    }
    auto allocate =
        VulkanStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    allocate.commandPool = impl.command_pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    CheckVulkan(vkAllocateCommandBuffers(impl.device, &allocate, &objects.commands),
                "vkAllocateCommandBuffers");
    RecordCommands(dispatch, pipeline, set, objects);
    SubmitAndWait(impl, objects);

    for (const BoundBuffer& buffer : objects.buffers) {
        std::vector<u8>& bytes = *buffer.source->bytes;
        if (WrittenBack(buffer.source->kind) && !bytes.empty()) {
            std::memcpy(bytes.data(), buffer.staging->Mapped(), bytes.size());
        }
    }
    for (const BoundImage& image : objects.images) {
        std::vector<u8>& bytes = *image.source->bytes;
        if (image.source->storage && !bytes.empty()) {
            std::memcpy(bytes.data(), image.staging->Mapped(), bytes.size());
        }
    }
    if (objects.query_pool != VK_NULL_HANDLE) {
        result.gpu_time_ns = ElapsedNanoseconds(impl, objects.query_pool);
    }
    return result;
}

}  // namespace video
