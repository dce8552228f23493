// What the capture cases (triangle.c, clear.c) share: a Vulkan device with buffer device
// addresses, host-visible buffers, and the result written out. Each case's program is run
// twice by capture.sh: under NVK on the no-op shim (with nvk_capture.so: the capture) and on
// lavapipe (the reference). Its result buffer's GPU address (vkGetBufferDeviceAddress, which is
// NVK's GPU virtual address) is printed as "result 0xADDRESS BYTES", and with a path argument
// the buffer's bytes after the work are written there.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#define CHECK(call)                                               \
    do {                                                          \
        VkResult result_ = (call);                                \
        if (result_ != VK_SUCCESS) {                              \
            fprintf(stderr, "%s: VkResult %d\n", #call, result_); \
            exit(1);                                              \
        }                                                         \
    } while (0)

struct VkCase {
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    VkQueue queue;
    VkCommandPool pool;
};

static inline struct VkCase OpenCase(void) {
    struct VkCase c;
    VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.apiVersion = VK_API_VERSION_1_2;
    VkInstanceCreateInfo instance_info = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    instance_info.pApplicationInfo = &app;
    CHECK(vkCreateInstance(&instance_info, NULL, &c.instance));
    uint32_t count = 1;
    VkResult enumerated = vkEnumeratePhysicalDevices(c.instance, &count, &c.physical);
    if ((enumerated != VK_SUCCESS && enumerated != VK_INCOMPLETE) || count == 0) {
        fprintf(stderr, "no Vulkan device\n");
        exit(1);
    }
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(c.physical, &properties);
    printf("device: %s\n", properties.deviceName);
    const float priority = 1;
    VkDeviceQueueCreateInfo queue_info = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queue_info.queueFamilyIndex = 0;  // graphics and compute on both NVK and lavapipe
    queue_info.queueCount = 1;
    queue_info.pQueuePriorities = &priority;
    VkPhysicalDeviceVulkan12Features features12 = {
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    features12.bufferDeviceAddress = VK_TRUE;
    VkDeviceCreateInfo device_info = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    device_info.pNext = &features12;
    device_info.queueCreateInfoCount = 1;
    device_info.pQueueCreateInfos = &queue_info;
    CHECK(vkCreateDevice(c.physical, &device_info, NULL, &c.device));
    vkGetDeviceQueue(c.device, 0, 0, &c.queue);
    VkCommandPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    CHECK(vkCreateCommandPool(c.device, &pool_info, NULL, &c.pool));
    return c;
}

static inline uint32_t MemoryType(const struct VkCase* c, uint32_t bits,
                                  VkMemoryPropertyFlags want) {
    VkPhysicalDeviceMemoryProperties properties;
    vkGetPhysicalDeviceMemoryProperties(c->physical, &properties);
    for (uint32_t i = 0; i < properties.memoryTypeCount; ++i) {
        if ((bits & (1u << i)) && (properties.memoryTypes[i].propertyFlags & want) == want) {
            return i;
        }
    }
    fprintf(stderr, "no memory type\n");
    exit(1);
}

static inline VkDeviceMemory Allocate(const struct VkCase* c, VkMemoryRequirements needs,
                                      VkMemoryPropertyFlags want, int device_address) {
    VkMemoryAllocateFlagsInfo flags = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateInfo info = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.pNext = device_address ? &flags : NULL;
    info.allocationSize = needs.size;
    info.memoryTypeIndex = MemoryType(c, needs.memoryTypeBits, want);
    VkDeviceMemory memory;
    CHECK(vkAllocateMemory(c->device, &info, NULL, &memory));
    return memory;
}

// A host-visible, coherent buffer of `size` bytes with its own memory, mapped at *mapped.
static inline VkBuffer HostBuffer(const struct VkCase* c, VkDeviceSize size,
                                  VkBufferUsageFlags usage, void** mapped) {
    VkBufferCreateInfo info = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    VkBuffer buffer;
    CHECK(vkCreateBuffer(c->device, &info, NULL, &buffer));
    VkMemoryRequirements needs;
    vkGetBufferMemoryRequirements(c->device, buffer, &needs);
    VkDeviceMemory memory = Allocate(
        c, needs, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 1);
    CHECK(vkBindBufferMemory(c->device, buffer, memory, 0));
    CHECK(vkMapMemory(c->device, memory, 0, size, 0, mapped));
    return buffer;
}

static inline VkShaderModule Module(const struct VkCase* c, const uint32_t* code, size_t bytes) {
    VkShaderModuleCreateInfo info = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = bytes;
    info.pCode = code;
    VkShaderModule module;
    CHECK(vkCreateShaderModule(c->device, &info, NULL, &module));
    return module;
}

static inline VkCommandBuffer BeginCommands(const struct VkCase* c) {
    VkCommandBufferAllocateInfo allocate = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = c->pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    VkCommandBuffer commands;
    CHECK(vkAllocateCommandBuffers(c->device, &allocate, &commands));
    VkCommandBufferBeginInfo begin = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    CHECK(vkBeginCommandBuffer(commands, &begin));
    return commands;
}

static inline void SubmitAndWait(const struct VkCase* c, VkCommandBuffer commands) {
    CHECK(vkEndCommandBuffer(commands));
    VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    CHECK(vkQueueSubmit(c->queue, 1, &submit, VK_NULL_HANDLE));
    CHECK(vkQueueWaitIdle(c->queue));
}

// A 2D image with one level and layer in device-local memory, and its view of `aspects`.
static inline VkImage ImageWithView(const struct VkCase* c, VkFormat format, uint32_t width,
                                    uint32_t height, VkImageUsageFlags usage,
                                    VkImageAspectFlags aspects, VkImageView* view) {
    VkImageCreateInfo image_info = {VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    image_info.imageType = VK_IMAGE_TYPE_2D;
    image_info.format = format;
    image_info.extent = (VkExtent3D){width, height, 1};
    image_info.mipLevels = 1;
    image_info.arrayLayers = 1;
    image_info.samples = VK_SAMPLE_COUNT_1_BIT;
    image_info.tiling = VK_IMAGE_TILING_OPTIMAL;
    image_info.usage = usage;
    VkImage image;
    CHECK(vkCreateImage(c->device, &image_info, NULL, &image));
    VkMemoryRequirements needs;
    vkGetImageMemoryRequirements(c->device, image, &needs);
    VkDeviceMemory memory = Allocate(c, needs, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
    CHECK(vkBindImageMemory(c->device, image, memory, 0));
    VkImageViewCreateInfo view_info = {VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = image;
    view_info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view_info.format = format;
    view_info.subresourceRange = (VkImageSubresourceRange){aspects, 0, 1, 0, 1};
    CHECK(vkCreateImageView(c->device, &view_info, NULL, view));
    return image;
}

// A colour image of `usage` and its view.
static inline VkImage DeviceImage(const struct VkCase* c, VkFormat format, uint32_t width,
                                  uint32_t height, VkImageUsageFlags usage, VkImageView* view) {
    return ImageWithView(c, format, width, height, usage, VK_IMAGE_ASPECT_COLOR_BIT, view);
}

// Prints the result buffer's GPU address and size ("result 0x... N").
static inline void PrintResultAddress(const struct VkCase* c, VkBuffer buffer, VkDeviceSize size) {
    VkBufferDeviceAddressInfo info = {VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    info.buffer = buffer;
    printf("result 0x%llx %llu\n", (unsigned long long)vkGetBufferDeviceAddress(c->device, &info),
           (unsigned long long)size);
}

// Writes `size` bytes at `bytes` to `path` (when given).
static inline void WriteResult(const char* path, const void* bytes, size_t size) {
    if (path == NULL) {
        return;
    }
    FILE* file = fopen(path, "wb");
    if (file == NULL || fwrite(bytes, size, 1, file) != 1 || fclose(file) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
}

// A render pass of one colour attachment cleared at its start and kept for a copy afterwards
// (TRANSFER_SRC_OPTIMAL), and its framebuffer over `view`.
static inline VkRenderPass ClearingPass(const struct VkCase* c, VkFormat format, uint32_t width,
                                        uint32_t height, VkImageView view,
                                        VkFramebuffer* framebuffer) {
    VkAttachmentDescription attachment = {0};
    attachment.format = format;
    attachment.samples = VK_SAMPLE_COUNT_1_BIT;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachment.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    attachment.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    VkAttachmentReference reference = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {0};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &reference;
    VkRenderPassCreateInfo pass_info = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    pass_info.attachmentCount = 1;
    pass_info.pAttachments = &attachment;
    pass_info.subpassCount = 1;
    pass_info.pSubpasses = &subpass;
    VkRenderPass pass;
    CHECK(vkCreateRenderPass(c->device, &pass_info, NULL, &pass));
    VkFramebufferCreateInfo framebuffer_info = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    framebuffer_info.renderPass = pass;
    framebuffer_info.attachmentCount = 1;
    framebuffer_info.pAttachments = &view;
    framebuffer_info.width = width;
    framebuffer_info.height = height;
    framebuffer_info.layers = 1;
    CHECK(vkCreateFramebuffer(c->device, &framebuffer_info, NULL, framebuffer));
    return pass;
}

// A depth (or depth-stencil) image usable as an attachment, and its view of `aspects`.
static inline VkImage DepthImage(const struct VkCase* c, VkFormat format, uint32_t width,
                                 uint32_t height, VkImageAspectFlags aspects, VkImageView* view) {
    return ImageWithView(c, format, width, height, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                         aspects, view);
}

// A render pass of an RGBA8 colour attachment kept for a copy afterwards (TRANSFER_SRC_OPTIMAL)
// and a `depth_format` attachment, both cleared at its start (the stencil too when
// `clear_stencil`), and its framebuffer over the two views.
static inline VkRenderPass ColourDepthPass(const struct VkCase* c, VkFormat depth_format,
                                           int clear_stencil, uint32_t width, uint32_t height,
                                           VkImageView colour_view, VkImageView depth_view,
                                           VkFramebuffer* framebuffer) {
    VkAttachmentDescription attachments[2] = {{0}, {0}};
    attachments[0].format = VK_FORMAT_R8G8B8A8_UNORM;
    attachments[0].samples = VK_SAMPLE_COUNT_1_BIT;
    attachments[0].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachments[0].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachments[0].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachments[0].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachments[0].initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    attachments[0].finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    attachments[1] = attachments[0];
    attachments[1].format = depth_format;
    attachments[1].storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    if (clear_stencil) {
        attachments[1].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    }
    attachments[1].finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    VkAttachmentReference colour_reference = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkAttachmentReference depth_reference = {1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {0};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &colour_reference;
    subpass.pDepthStencilAttachment = &depth_reference;
    VkRenderPassCreateInfo pass_info = {VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
    pass_info.attachmentCount = 2;
    pass_info.pAttachments = attachments;
    pass_info.subpassCount = 1;
    pass_info.pSubpasses = &subpass;
    VkRenderPass pass;
    CHECK(vkCreateRenderPass(c->device, &pass_info, NULL, &pass));
    const VkImageView views[2] = {colour_view, depth_view};
    VkFramebufferCreateInfo framebuffer_info = {VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    framebuffer_info.renderPass = pass;
    framebuffer_info.attachmentCount = 2;
    framebuffer_info.pAttachments = views;
    framebuffer_info.width = width;
    framebuffer_info.height = height;
    framebuffer_info.layers = 1;
    CHECK(vkCreateFramebuffer(c->device, &framebuffer_info, NULL, framebuffer));
    return pass;
}

// Copies the whole of a 2D colour image (in TRANSFER_SRC_OPTIMAL) to the start of `buffer`,
// rows packed.
static inline void CopyImageToBuffer(VkCommandBuffer commands, VkImage image, uint32_t width,
                                     uint32_t height, VkBuffer buffer) {
    VkBufferImageCopy copy = {0};
    copy.imageSubresource = (VkImageSubresourceLayers){VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = (VkExtent3D){width, height, 1};
    vkCmdCopyImageToBuffer(commands, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer, 1, &copy);
}

// Prints the first row of an RGBA8 picture, every 8th pixel.
static inline void PrintFirstRow(const unsigned char* pixels, uint32_t width) {
    printf("row 0:");
    for (uint32_t x = 0; x < width; x += 8) {
        printf(" %02x%02x%02x%02x", pixels[4 * x], pixels[4 * x + 1], pixels[4 * x + 2],
               pixels[4 * x + 3]);
    }
    printf("\n");
}

// The end of a picture case: ends the render pass, copies `image` into `result` (mapped at
// `pixels`), runs the commands, prints the first row and writes the picture to `path`.
static inline void FinishPicture(const struct VkCase* c, VkCommandBuffer commands, VkImage image,
                                 uint32_t width, uint32_t height, VkBuffer result,
                                 const unsigned char* pixels, const char* path) {
    vkCmdEndRenderPass(commands);
    CopyImageToBuffer(commands, image, width, height, result);
    SubmitAndWait(c, commands);
    PrintFirstRow(pixels, width);
    WriteResult(path, pixels, (size_t)width * height * 4);
}

// A barrier making the transfers and shader writes before it visible to those after it and to
// the host.
static inline void Barrier(VkCommandBuffer commands) {
    VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &barrier, 0, NULL, 0, NULL);
}

// Moves the first `levels` levels and `layers` layers of a colour image from layout `from` to
// `to`, after the transfers before it and before the transfers and shader reads after it.
static inline void Transition(VkCommandBuffer commands, VkImage image, VkImageLayout from,
                              VkImageLayout to, uint32_t levels, uint32_t layers) {
    VkImageMemoryBarrier barrier = {VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange =
        (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, layers};
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &barrier);
}

// The drawing cases' vertex streams: binding 0 per vertex, `stride` bytes apart, with a position
// (attribute 0, three floats) and attribute 1 of `attribute_format` at byte 12; binding 1 per
// instance, an 8-byte offset (attribute 2). `state` points into the layout: fill it in place.
struct VertexLayout {
    VkVertexInputBindingDescription bindings[2];
    VkVertexInputAttributeDescription attributes[3];
    VkPipelineVertexInputStateCreateInfo state;
};
static inline void InstancedVertexLayout(struct VertexLayout* layout, uint32_t stride,
                                         VkFormat attribute_format) {
    layout->bindings[0] = (VkVertexInputBindingDescription){0, stride, VK_VERTEX_INPUT_RATE_VERTEX};
    layout->bindings[1] = (VkVertexInputBindingDescription){1, 8, VK_VERTEX_INPUT_RATE_INSTANCE};
    layout->attributes[0] =
        (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0};
    layout->attributes[1] = (VkVertexInputAttributeDescription){1, 0, attribute_format, 12};
    layout->attributes[2] = (VkVertexInputAttributeDescription){2, 1, VK_FORMAT_R32G32_SFLOAT, 0};
    layout->state = (VkPipelineVertexInputStateCreateInfo){
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    layout->state.vertexBindingDescriptionCount = 2;
    layout->state.pVertexBindingDescriptions = layout->bindings;
    layout->state.vertexAttributeDescriptionCount = 3;
    layout->state.pVertexAttributeDescriptions = layout->attributes;
}

// A sampler of nearest texels and levels, clamped to the edge, with levels up to `max_lod`.
static inline VkSampler NearestSampler(const struct VkCase* c, float max_lod) {
    VkSamplerCreateInfo sampler_info = {VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sampler_info.magFilter = VK_FILTER_NEAREST;
    sampler_info.minFilter = VK_FILTER_NEAREST;
    sampler_info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
    sampler_info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sampler_info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sampler_info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sampler_info.maxLod = max_lod;
    VkSampler sampler;
    CHECK(vkCreateSampler(c->device, &sampler_info, NULL, &sampler));
    return sampler;
}

// The pipeline layout of one combined image sampler (set 0, binding 0, fragment stage), its set
// layout, and a pool of `sets` such sets.
static inline VkPipelineLayout OneTextureLayout(const struct VkCase* c, uint32_t sets,
                                                VkDescriptorSetLayout* set_layout,
                                                VkDescriptorPool* pool) {
    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                            VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo set_info = {
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = 1;
    set_info.pBindings = &binding;
    CHECK(vkCreateDescriptorSetLayout(c->device, &set_info, NULL, set_layout));
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = set_layout;
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(c->device, &layout_info, NULL, &layout));
    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, sets};
    VkDescriptorPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = sets;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &pool_size;
    CHECK(vkCreateDescriptorPool(c->device, &pool_info, NULL, pool));
    return layout;
}

// A graphics pipeline of `vertex` and `fragment` for `pass` over a width x height viewport:
// triangle lists, no culling, `blend` for its one colour attachment, `depth` (or NULL), `layout`
// (or VK_NULL_HANDLE: one without descriptor sets).
static inline VkPipeline GraphicsPipeline(const struct VkCase* c, VkRenderPass pass, uint32_t width,
                                          uint32_t height, VkShaderModule vertex,
                                          VkShaderModule fragment, VkPipelineLayout layout,
                                          const VkPipelineVertexInputStateCreateInfo* vertex_input,
                                          const VkPipelineColorBlendAttachmentState* blend,
                                          const VkPipelineDepthStencilStateCreateInfo* depth) {
    VkPipelineShaderStageCreateInfo stages[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertex;
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fragment;
    stages[1].pName = "main";
    VkPipelineInputAssemblyStateCreateInfo assembly = {
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkViewport viewport = {0, 0, (float)width, (float)height, 0, 1};
    VkRect2D scissor = {{0, 0}, {width, height}};
    VkPipelineViewportStateCreateInfo viewport_state = {
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport_state.viewportCount = 1;
    viewport_state.pViewports = &viewport;
    viewport_state.scissorCount = 1;
    viewport_state.pScissors = &scissor;
    VkPipelineRasterizationStateCreateInfo raster = {
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.lineWidth = 1;
    VkPipelineMultisampleStateCreateInfo multisample = {
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendStateCreateInfo blend_state = {
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend_state.attachmentCount = 1;
    blend_state.pAttachments = blend;
    if (layout == VK_NULL_HANDLE) {
        VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        CHECK(vkCreatePipelineLayout(c->device, &layout_info, NULL, &layout));
    }
    VkGraphicsPipelineCreateInfo info = {VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    info.stageCount = 2;
    info.pStages = stages;
    info.pVertexInputState = vertex_input;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewport_state;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = depth;
    info.pColorBlendState = &blend_state;
    info.layout = layout;
    info.renderPass = pass;
    VkPipeline pipeline;
    CHECK(vkCreateGraphicsPipelines(c->device, VK_NULL_HANDLE, 1, &info, NULL, &pipeline));
    return pipeline;
}

// Begins `pass` over the whole of a width x height `framebuffer`, clearing its attachments to
// `clears`.
static inline void BeginPass(VkCommandBuffer commands, VkRenderPass pass, VkFramebuffer framebuffer,
                             uint32_t width, uint32_t height, const VkClearValue* clears,
                             uint32_t clear_count) {
    VkRenderPassBeginInfo begin = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    begin.renderPass = pass;
    begin.framebuffer = framebuffer;
    begin.renderArea = (VkRect2D){{0, 0}, {width, height}};
    begin.clearValueCount = clear_count;
    begin.pClearValues = clears;
    vkCmdBeginRenderPass(commands, &begin, VK_SUBPASS_CONTENTS_INLINE);
}
