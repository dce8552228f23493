#pragma once

// The host GPU on Vulkan (gpu/host_gpu.h): render targets as Vulkan images, kept in a cache by
// address space, GPU address, format, size and layout; clears recorded into one command buffer
// (vkCmdClearColorImage / vkCmdClearDepthStencilImage for a whole layer, vkCmdClearAttachments
// for a rectangle, a draw through a write mask for a masked clear); at Synchronize() the
// commands run, the layers they changed are copied back and written into guest memory in the
// guest's layout. A layer is read from guest memory when first used after a Synchronize().

#include <memory>
#include <string>

#include "gpu/frame_work.h"
#include "gpu/host_gpu.h"
#include "shader/cache/shader_cache.h"
#include "video/compressed_texture_decoding.h"

namespace video {

// Opens the device as the compute device does (`selector`, else NXHOST_VULKAN_DEVICE, else
// discrete, integrated, any). Throws base::Error when there is no Vulkan device with a
// graphics queue. The draws' pipelines built, shaders translated, bytes uploaded and the time
// translating and building are counted in `work` (null: not counted). Compressed textures
// the device samples are decoded on the CPU all the same where `decoding` says so. Graphics
// translations are kept in `shader_cache` for the next start (null: translated at every start).
std::shared_ptr<gpu::HostGpu> OpenVulkanHostGpu(
    const std::string& selector = {}, std::shared_ptr<gpu::FrameWork> work = nullptr,
    CompressedTextureDecoding decoding = {},
    std::shared_ptr<shader::ShaderCache> shader_cache = nullptr);

}  // namespace video
