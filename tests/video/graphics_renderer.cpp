#include "graphics_renderer.h"

#include <algorithm>

#include <cstring>
#include <deque>
#include <functional>

#include "base/error.h"
#include "video/graphics_pipelines.h"
#include "video/graphics_shaders.h"
#include "video/vulkan_buffer.h"
#include "video/vulkan_context.h"
#include "video/vulkan_image.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video::testing {
namespace {

constexpr VkFormat kTargetFormat = VK_FORMAT_R32G32B32A32_SFLOAT;
constexpr u64 kPictureBytes = u64{kPictureSize} * kPictureSize * sizeof(Vec4);

// What one draw made, destroyed in reverse order at the end of the draw.
class Cleanup {
public:
    ~Cleanup() {
        for (auto it = steps_.rbegin(); it != steps_.rend(); ++it) {
            (*it)();
        }
    }
    void Add(std::function<void()> step) { steps_.push_back(std::move(step)); }

private:
    std::vector<std::function<void()>> steps_;
};

// Every earlier command's writes visible to every later command.
void FullBarrier(VkCommandBuffer commands) {
    auto barrier = VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0, nullptr, 0,
                         nullptr);
}

// FNV-1a of the words: the pipeline cache's key for a stage.
u64 HashOf(const std::vector<u32>& words) {
    u64 hash = 0xcbf29ce484222325ull;
    for (const u32 word : words) {
        hash = (hash ^ word) * 0x100000001b3ull;
    }
    return hash;
}

class VulkanRenderer final : public GraphicsRenderer {
public:
    VulkanRenderer() {
        OpenVulkanContext(context_, {});
        if (!context_.queue_has_graphics) {
            base::Fail("Vulkan device {} has no graphics queue", context_.name);
        }
        pipelines_ = std::make_unique<GraphicsPipelines>(
            context_.device, VK_NULL_HANDLE,
            std::min(context_.limits.maxVertexOutputComponents,
                     context_.limits.maxFragmentInputComponents) /
                4);
    }
    ~VulkanRenderer() override {
        vkDeviceWaitIdle(context_.device);
        pipelines_.reset();
    }

    const std::string& DeviceName() const override { return context_.name; }
    const shader::TargetProfile& Target() const override { return context_.features->target; }

    Pictures Draw(const shader::GraphicsProgram& vertex, const shader::GraphicsProgram& fragment,
                  const RenderInputs& inputs) override;

private:
    GraphicsShader Stage(const shader::GraphicsProgram& program, u32 set, Cleanup& cleanup);
    std::unique_ptr<VulkanBuffer> HostBuffer(VkDeviceSize size, VkBufferUsageFlags usage) {
        return std::make_unique<VulkanBuffer>(context_.device, context_.memory_types, size, usage,
                                              BufferMemory::Host);
    }
    VkImageView Target(Cleanup& cleanup, VkImage& image);

    VulkanContext context_;
    std::unique_ptr<GraphicsPipelines> pipelines_;
};

GraphicsShader VulkanRenderer::Stage(const shader::GraphicsProgram& program, u32 set,
                                     Cleanup& cleanup) {
    GraphicsShader stage;
    stage.program = program;
    MoveToDescriptorSet(stage.program.spirv, set);
    stage.hash = HashOf(stage.program.spirv);
    auto info = VulkanStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    info.codeSize = stage.program.spirv.size() * sizeof(u32);
    info.pCode = stage.program.spirv.data();
    CheckVulkan(vkCreateShaderModule(context_.device, &info, nullptr, &stage.module),
                "vkCreateShaderModule");
    cleanup.Add(
        [this, module = stage.module] { vkDestroyShaderModule(context_.device, module, nullptr); });
    return stage;
}

VkImageView VulkanRenderer::Target(Cleanup& cleanup, VkImage& image) {
    const VkDevice device = context_.device;
    auto info = VulkanStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = kTargetFormat;
    info.extent = {kPictureSize, kPictureSize, 1};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    CheckVulkan(vkCreateImage(device, &info, nullptr, &image), "vkCreateImage");
    cleanup.Add([device, image] { vkDestroyImage(device, image, nullptr); });
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(device, image, &requirements);
    auto allocate = VulkanStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = ChooseMemoryType(context_.memory_types, requirements.memoryTypeBits,
                                                0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VkDeviceMemory memory = VK_NULL_HANDLE;
    CheckVulkan(vkAllocateMemory(device, &allocate, nullptr, &memory), "vkAllocateMemory");
    cleanup.Add([device, memory] { vkFreeMemory(device, memory, nullptr); });
    CheckVulkan(vkBindImageMemory(device, image, memory, 0), "vkBindImageMemory");
    auto view_info = VulkanStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    view_info.image = image;
    view_info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view_info.format = kTargetFormat;
    view_info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view = VK_NULL_HANDLE;
    CheckVulkan(vkCreateImageView(device, &view_info, nullptr, &view), "vkCreateImageView");
    cleanup.Add([device, view] { vkDestroyImageView(device, view, nullptr); });
    return view;
}

Pictures VulkanRenderer::Draw(const shader::GraphicsProgram& vertex,
                              const shader::GraphicsProgram& fragment, const RenderInputs& inputs) {
    const VkDevice device = context_.device;
    Cleanup cleanup;
    const GraphicsShader vertex_stage = Stage(vertex, 0, cleanup);
    const GraphicsShader fragment_stage = Stage(fragment, 1, cleanup);

    // Render targets: every index up to the highest written; those not written stay unused.
    std::vector<VkFormat> formats;
    for (const auto& [index, mask] : fragment.layout.render_targets) {
        if (formats.size() <= index) {
            formats.resize(index + 1, VK_FORMAT_UNDEFINED);
        }
        formats[index] = kTargetFormat;
    }
    std::map<u32, VkImage> images;
    std::vector<VkImageView> views;
    for (u32 index = 0; index < formats.size(); ++index) {
        if (formats[index] != VK_FORMAT_UNDEFINED) {
            views.push_back(Target(cleanup, images[index]));
        }
    }
    const VkRenderPass pass = pipelines_->RenderPass(formats, VK_FORMAT_UNDEFINED);
    auto framebuffer_info =
        VulkanStruct<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
    framebuffer_info.renderPass = pass;
    framebuffer_info.attachmentCount = static_cast<u32>(views.size());
    framebuffer_info.pAttachments = views.data();
    framebuffer_info.width = kPictureSize;
    framebuffer_info.height = kPictureSize;
    framebuffer_info.layers = 1;
    VkFramebuffer framebuffer = VK_NULL_HANDLE;
    CheckVulkan(vkCreateFramebuffer(device, &framebuffer_info, nullptr, &framebuffer),
                "vkCreateFramebuffer");
    cleanup.Add([device, framebuffer] { vkDestroyFramebuffer(device, framebuffer, nullptr); });

    // One vertex buffer per input Location, 16 bytes a vertex.
    PipelineDescription description;
    description.stages = {&vertex_stage, &fragment_stage};
    std::vector<std::unique_ptr<VulkanBuffer>> vertex_buffers;
    for (const shader::StageVarying& input : vertex.layout.inputs) {
        const auto found = inputs.attributes.find(input.location);
        if (found == inputs.attributes.end()) {
            base::Fail("the test renderer has no values for vertex input Location {}",
                       input.location);
        }
        const u32 binding = static_cast<u32>(vertex_buffers.size());
        description.bindings.push_back({binding, sizeof(Vec4), VK_VERTEX_INPUT_RATE_VERTEX});
        const VkFormat format =
            input.type == shader::AttributeType::Sint   ? VK_FORMAT_R32G32B32A32_SINT
            : input.type == shader::AttributeType::Uint ? VK_FORMAT_R32G32B32A32_UINT
                                                        : kTargetFormat;
        description.attributes.push_back({input.location, binding, format, 0});
        vertex_buffers.push_back(
            HostBuffer(sizeof(found->second), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT));
        std::memcpy(vertex_buffers.back()->Mapped(), found->second.data(), sizeof(found->second));
    }
    VkPipelineColorBlendAttachmentState blend{};
    blend.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                           VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
    description.blends.assign(formats.size(), blend);
    description.render_pass = pass;
    const GraphicsPipeline& pipeline = pipelines_->Get(description);

    // Descriptor set i: stage i's constant banks and textures.
    const std::array<const shader::GraphicsProgram*, 2> stages = {&vertex, &fragment};
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 64},
                                    {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 64}};
    auto pool_info =
        VulkanStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    pool_info.maxSets = 2;
    pool_info.poolSizeCount = 2;
    pool_info.pPoolSizes = sizes;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    CheckVulkan(vkCreateDescriptorPool(device, &pool_info, nullptr, &pool),
                "vkCreateDescriptorPool");
    cleanup.Add([device, pool] { vkDestroyDescriptorPool(device, pool, nullptr); });
    std::array<VkDescriptorSet, 2> sets{};
    auto allocate =
        VulkanStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
    allocate.descriptorPool = pool;
    allocate.descriptorSetCount = 2;
    allocate.pSetLayouts = pipeline.set_layouts.data();
    CheckVulkan(vkAllocateDescriptorSets(device, &allocate, sets.data()),
                "vkAllocateDescriptorSets");

    std::vector<std::unique_ptr<VulkanBuffer>> uniforms;
    std::vector<std::unique_ptr<VulkanImage>> textures;
    std::vector<std::unique_ptr<VulkanBuffer>> staging;
    std::vector<std::vector<u8>> texel_bytes;
    std::deque<VkDescriptorBufferInfo> buffer_infos;  // a deque: the writes point into it
    std::deque<VkDescriptorImageInfo> image_infos;
    std::vector<VkWriteDescriptorSet> writes;
    for (u32 set = 0; set < stages.size(); ++set) {
        const shader::ResourceLayout& layout = stages[set]->layout;
        for (const shader::ConstantBankBinding& bank : layout.constant_banks) {
            const auto found = inputs.banks.find(bank.bank);
            if (found == inputs.banks.end()) {
                base::Fail("the test renderer has no words for constant bank {}", bank.bank);
            }
            uniforms.push_back(HostBuffer(bank.bytes, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT));
            std::memset(uniforms.back()->Mapped(), 0, bank.bytes);
            std::memcpy(uniforms.back()->Mapped(), found->second.data(),
                        std::min<std::size_t>(bank.bytes, found->second.size() * 4));
            buffer_infos.push_back({uniforms.back()->Handle(), 0, bank.bytes});
            auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
            write.dstSet = sets[set];
            write.dstBinding = bank.binding;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
            write.pBufferInfo = &buffer_infos.back();
            writes.push_back(write);
        }
        for (const shader::ImageBinding& image : layout.images) {
            const auto found = inputs.textures.find({image.handle_bank, image.handle_offset});
            if (found == inputs.textures.end() || image.kind != shader::ImageKind::Sampled ||
                image.dim != shader::ImageDim::D2 || image.arrayed) {
                base::Fail("the test renderer has no 2D texture for the handle at c[{:#x}][{:#x}]",
                           image.handle_bank, image.handle_offset);
            }
            const RenderTexture& texture = found->second;
            texel_bytes.emplace_back(texture.texels.size() * sizeof(Vec4));
            std::memcpy(texel_bytes.back().data(), texture.texels.data(),
                        texel_bytes.back().size());
            DispatchImage description_of;
            description_of.binding = image.binding;
            description_of.size = {texture.width, texture.height, 1};
            description_of.linear_filter = texture.linear;
            description_of.bytes = &texel_bytes.back();
            textures.push_back(
                std::make_unique<VulkanImage>(device, context_.memory_types, description_of));
            staging.push_back(
                HostBuffer(texel_bytes.back().size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT));
            std::memcpy(staging.back()->Mapped(), texel_bytes.back().data(),
                        texel_bytes.back().size());
            image_infos.push_back(
                {textures.back()->Sampler(), textures.back()->View(), VK_IMAGE_LAYOUT_GENERAL});
            auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
            write.dstSet = sets[set];
            write.dstBinding = image.binding;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            write.pImageInfo = &image_infos.back();
            writes.push_back(write);
        }
    }
    if (buffer_infos.size() > 64 || image_infos.size() > 64) {
        base::Fail("the test renderer binds at most 64 buffers and 64 textures (the pool's size)");
    }
    vkUpdateDescriptorSets(device, static_cast<u32>(writes.size()), writes.data(), 0, nullptr);

    // Record: uploads, clears, the draw, the copies back.
    auto command_info =
        VulkanStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    command_info.commandPool = context_.command_pool;
    command_info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    command_info.commandBufferCount = 1;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    CheckVulkan(vkAllocateCommandBuffers(device, &command_info, &commands),
                "vkAllocateCommandBuffers");
    cleanup.Add([this, commands] {
        vkFreeCommandBuffers(context_.device, context_.command_pool, 1, &commands);
    });
    auto begin =
        VulkanStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    CheckVulkan(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
    for (std::size_t i = 0; i < textures.size(); ++i) {
        textures[i]->RecordUpload(commands, staging[i]->Handle());
    }
    const VkImageSubresourceRange whole{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    for (const auto& [index, image] : images) {
        auto to_general =
            VulkanStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
        to_general.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        to_general.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
        to_general.newLayout = VK_IMAGE_LAYOUT_GENERAL;
        to_general.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        to_general.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        to_general.image = image;
        to_general.subresourceRange = whole;
        vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1,
                             &to_general);
        VkClearColorValue clear;
        std::memcpy(clear.float32, inputs.clear.data(), sizeof(clear.float32));
        vkCmdClearColorImage(commands, image, VK_IMAGE_LAYOUT_GENERAL, &clear, 1, &whole);
    }
    FullBarrier(commands);
    auto pass_begin = VulkanStruct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
    pass_begin.renderPass = pass;
    pass_begin.framebuffer = framebuffer;
    pass_begin.renderArea = {{0, 0}, {kPictureSize, kPictureSize}};
    vkCmdBeginRenderPass(commands, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.pipeline);
    const VkViewport viewport{0, 0, kPictureSize, kPictureSize, 0, 1};
    vkCmdSetViewport(commands, 0, 1, &viewport);
    const VkRect2D scissor{{0, 0}, {kPictureSize, kPictureSize}};
    vkCmdSetScissor(commands, 0, 1, &scissor);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.layout, 0, 2,
                            sets.data(), 0, nullptr);
    for (u32 binding = 0; binding < vertex_buffers.size(); ++binding) {
        const VkBuffer buffer = vertex_buffers[binding]->Handle();
        const VkDeviceSize offset = 0;
        vkCmdBindVertexBuffers(commands, binding, 1, &buffer, &offset);
    }
    vkCmdDraw(commands, 3, 1, 0, 0);
    vkCmdEndRenderPass(commands);
    FullBarrier(commands);
    std::map<u32, std::unique_ptr<VulkanBuffer>> readback;
    for (const auto& [index, image] : images) {
        readback[index] = HostBuffer(kPictureBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {kPictureSize, kPictureSize, 1};
        vkCmdCopyImageToBuffer(commands, image, VK_IMAGE_LAYOUT_GENERAL, readback[index]->Handle(),
                               1, &region);
    }
    auto to_host = VulkanStruct<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
    to_host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    to_host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &to_host, 0, nullptr, 0, nullptr);
    CheckVulkan(vkEndCommandBuffer(commands), "vkEndCommandBuffer");

    auto fence_info = VulkanStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    VkFence fence = VK_NULL_HANDLE;
    CheckVulkan(vkCreateFence(device, &fence_info, nullptr, &fence), "vkCreateFence");
    cleanup.Add([device, fence] { vkDestroyFence(device, fence, nullptr); });
    auto submit = VulkanStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    CheckVulkan(vkQueueSubmit(context_.queue, 1, &submit, fence), "vkQueueSubmit");
    const VkResult waited = vkWaitForFences(device, 1, &fence, VK_TRUE, 60'000'000'000ull);
    if (waited != VK_SUCCESS) {
        vkDeviceWaitIdle(device);
        base::Fail("the test renderer's draw did not finish in 60 s: {}", VulkanResultName(waited));
    }

    Pictures pictures;
    for (const auto& [index, buffer] : readback) {
        Picture& picture = pictures[index];
        picture.resize(u64{kPictureSize} * kPictureSize);
        std::memcpy(picture.data(), buffer->Mapped(), kPictureBytes);
    }
    return pictures;
}

}  // namespace

std::unique_ptr<GraphicsRenderer> GraphicsRenderer::Open() {
    return std::make_unique<VulkanRenderer>();
}

// Never destroyed: at the program's exit NVIDIA's driver may have torn itself down before a
// static's destructor would run (the H200's segfaulted there after every test had passed).
GraphicsRenderer* GraphicsRenderer::Shared(std::string& why) {
    static GraphicsRenderer* renderer = nullptr;
    static std::string error;
    if (renderer == nullptr && error.empty()) {
        try {
            renderer = Open().release();
        } catch (const base::Error& e) {
            error = e.what();
        }
    }
    why = error;
    return renderer;
}

}  // namespace video::testing
