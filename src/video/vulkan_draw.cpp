// The Vulkan host GPU's draws: a gpu::DrawCall becomes a render pass over the render targets'
// images (layer 0), a pipeline of its translated stages and state, vertex, index and uniform
// data copied from guest memory, descriptor sets of those and the textures the stages sample,
// and one vkCmdDraw or vkCmdDrawIndexed. Like the clears, each draw waits for the commands
// before it (a global memory barrier) and marks its targets changed, so Synchronize() writes
// them back into guest memory, where vi reads them.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <span>

#include <fmt/format.h>

#include "base/error.h"
#include "base/log.h"
#include "gpu/sample_layout.h"
#include "video/draw_state_vk.h"
#include "video/vulkan_host_gpu_impl.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

// The most bytes one vertex stream or index list is read from guest memory for a draw.
constexpr u64 kLargestUpload = u64{64} << 20;
// The most vertices (or indices) times instances one draw may make: a bound against garbage
// registers, far above what a frame of a real program draws, that keeps a software device from
// working for hours.
constexpr u64 kLargestDraw = u64{1} << 26;

// The constant-buffer bind group of a pipeline stage (vertex, tess control, tess eval,
// geometry, pixel).
u32 BindGroupOf(gpu::ShaderStageKind kind) {
    switch (kind) {
        case gpu::ShaderStageKind::VertexA:
        case gpu::ShaderStageKind::VertexB:
            return 0;
        case gpu::ShaderStageKind::TessControl:
            return 1;
        case gpu::ShaderStageKind::TessEval:
            return 2;
        case gpu::ShaderStageKind::Geometry:
            return 3;
        case gpu::ShaderStageKind::Fragment:
            return 4;
    }
    return 0;
}

u32 IndexBytes(gpu::IndexSize size) {
    return 1u << static_cast<u32>(size);
}

// Maxwell's viewport transform (x_w = scale * x_ndc + offset) as a Vulkan viewport, whose
// transform is x_w = width / 2 * x_ndc + x + width / 2; depth z_w = scale_z * z + offset_z is
// minDepth + (maxDepth - minDepth) * z for z_ndc 0..1, and with negativeOneToOne (z_ndc -1..1)
// (minDepth + maxDepth) / 2 + (maxDepth - minDepth) / 2 * z, so offset_z -+ scale_z. A
// lower-left window origin counts y from the bottom. The swizzle that negates y is the same
// transform with scale_y negated (clipping is symmetric in y; Vulkan takes a negative height);
// ViewportSwizzleFolds says which swizzles that leaves.
VkViewport ViewportOf(const gpu::Viewport& v, bool lower_left, bool minus_one_to_one, u32 height) {
    float scale_y = v.scale[1];
    float offset_y = v.offset[1];
    if (v.swizzle[1] == gpu::ViewportSwizzle::NegativeY) {
        scale_y = -scale_y;
    }
    if (lower_left) {
        scale_y = -scale_y;
        offset_y = static_cast<float>(height) - offset_y;
    }
    const float scale_z = v.scale[2];
    VkViewport viewport{};
    viewport.x = v.offset[0] - v.scale[0];
    viewport.width = 2 * v.scale[0];
    viewport.y = offset_y - scale_y;
    viewport.height = 2 * scale_y;
    viewport.minDepth =
        std::clamp(minus_one_to_one ? v.offset[2] - scale_z : v.offset[2], 0.0f, 1.0f);
    viewport.maxDepth = std::clamp(v.offset[2] + scale_z, 0.0f, 1.0f);
    return viewport;
}

// Whether the viewport's swizzle is one ViewportOf makes: x, z and w as they are, y with either
// sign (a device without VK_NV_viewport_swizzle has no other: a negated x would need a negative
// width, a negated z clips differently).
bool ViewportSwizzleFolds(const gpu::Viewport& v) {
    using S = gpu::ViewportSwizzle;
    return v.swizzle[0] == S::PositiveX &&
           (v.swizzle[1] == S::PositiveY || v.swizzle[1] == S::NegativeY) &&
           v.swizzle[2] == S::PositiveZ && v.swizzle[3] == S::PositiveW;
}

VkRect2D ScissorOf(const gpu::Scissor& scissor, bool lower_left, u32 width, u32 height) {
    gpu::Rect area{0, 0, width, height};
    if (scissor.enabled) {
        area.x0 = std::min(scissor.area.x0, width);
        area.x1 = std::min(scissor.area.x1, width);
        area.y0 = std::min(scissor.area.y0, height);
        area.y1 = std::min(scissor.area.y1, height);
        if (lower_left) {
            area = {area.x0, height - area.y1, area.x1, height - area.y0};
        }
    }
    if (area.Empty()) {
        return {{0, 0}, {0, 0}};
    }
    return {{static_cast<s32>(area.x0), static_cast<s32>(area.y0)},
            {area.x1 - area.x0, area.y1 - area.y0}};
}

VkStencilOpState StencilOf(const gpu::StencilFace& face) {
    return {StencilOpVk(face.fail),
            StencilOpVk(face.pass),
            StencilOpVk(face.depth_fail),
            CompareOpVk(face.compare),
            face.compare_mask,
            face.write_mask,
            face.reference};
}

VkPipelineColorBlendAttachmentState BlendOf(const gpu::Blend& blend, u32 mask) {
    VkPipelineColorBlendAttachmentState state{};
    state.blendEnable = blend.enabled;
    state.srcColorBlendFactor = BlendFactorVk(blend.color_source);
    state.dstColorBlendFactor = BlendFactorVk(blend.color_destination);
    state.colorBlendOp = BlendOpVk(blend.color_op);
    state.srcAlphaBlendFactor = BlendFactorVk(blend.alpha_source);
    state.dstAlphaBlendFactor = BlendFactorVk(blend.alpha_destination);
    state.alphaBlendOp = BlendOpVk(blend.alpha_op);
    state.colorWriteMask = mask;  // R 1, G 2, B 4, A 8 in both
    return state;
}

bool UsesDualSource(const gpu::Blend& blend) {
    for (const gpu::BlendFactor factor : {blend.color_source, blend.color_destination,
                                          blend.alpha_source, blend.alpha_destination}) {
        if (factor >= gpu::BlendFactor::Source1Color) {
            return true;
        }
    }
    return false;
}

// The indices a draw reads (zero-extended to 32 bits), from guest memory or counted.
std::vector<u32> ReadIndices(const gpu::DrawCall& draw) {
    if (draw.inline_indices) {
        return *draw.inline_indices;
    }
    std::vector<u32> indices(draw.count);
    if (!draw.index_buffer) {
        for (u32 i = 0; i < draw.count; ++i) {
            indices[i] = draw.first + i;
        }
        return indices;
    }
    const u32 size = IndexBytes(draw.index_buffer->index_size);
    std::vector<u8> bytes(u64{draw.count} * size);
    draw.memory->Read(draw.index_buffer->address + u64{draw.first} * size, bytes,
                      "a draw's index buffer");
    for (u32 i = 0; i < draw.count; ++i) {
        u32 value = 0;
        std::memcpy(&value, bytes.data() + u64{i} * size, size);
        indices[i] = value;
    }
    return indices;
}

// NVIDIA's A8 attribute, (0, 0, 0, a): the byte at `offset` of each of `elements` elements of a
// stream's bytes becomes the fourth of four bytes (a byte past the stream reads 0).
void ExpandAlphaOnly(std::span<const u8> stream, u32 stride, u32 offset, u64 elements, u8* out) {
    for (u64 i = 0; i < elements; ++i) {
        const u64 at = i * stride + offset;
        out[4 * i] = out[4 * i + 1] = out[4 * i + 2] = 0;
        out[4 * i + 3] = at < stream.size() ? stream[at] : 0;
    }
}

// A quad list as a triangle list: each quad v0 v1 v2 v3 as v0 v1 v2, v0 v2 v3.
std::vector<u32> QuadsToTriangles(const std::vector<u32>& quads) {
    std::vector<u32> triangles;
    triangles.reserve(quads.size() / 4 * 6);
    for (std::size_t q = 0; q + 3 < quads.size(); q += 4) {
        for (const std::size_t corner : {0, 1, 2, 0, 2, 3}) {
            triangles.push_back(quads[q + corner]);
        }
    }
    return triangles;
}

}  // namespace

bool VulkanHostGpu::Draw(const gpu::DrawCall& draw) {
    std::lock_guard lock(mutex_);
    const u64 translations = shaders_->Translations();
    const u64 built = graphics_->Built();
    const u64 uploaded = uploads_->BytesUploaded();
    const auto start = std::chrono::steady_clock::now();
    bool drawn = false;
    try {
        drawn = DrawLocked(draw);
        if (!drawn && textures_->TakeSynchronizationNeeded()) {
            // A texture over rendering not yet in guest memory: that work is finished and
            // written back first, then the draw is made again.
            SynchronizeLocked();
            drawn = DrawLocked(draw);
        }
    } catch (const base::Error& error) {
        LOG_ERROR("video", "host GPU: a draw failed and is dropped: {}", error.what());
    }
    if (work_) {
        gpu::FrameWorkCounts counts;
        counts.shaders_translated = shaders_->Translations() - translations;
        counts.pipelines_built = graphics_->Built() - built;
        counts.bytes_uploaded = uploads_->BytesUploaded() - uploaded;
        if (counts.shaders_translated != 0 || counts.pipelines_built != 0) {
            // A draw that translated or built spent its time doing that.
            const u64 ns = static_cast<u64>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                std::chrono::steady_clock::now() - start)
                                                .count());
            (counts.shaders_translated != 0 ? counts.translate_ns : counts.pipeline_ns) = ns;
        }
        work_->Add(counts);
    }
    return drawn;
}

std::vector<u32> VulkanHostGpu::ReadConstants(const gpu::DrawCall& draw, gpu::ShaderStageKind kind,
                                              u32 bank, u32 bytes, bool& bound) {
    std::vector<u32> words(bytes / 4);
    const auto& binding = draw.state.constant_buffers[BindGroupOf(kind)].at(bank);
    bound = binding.has_value();
    if (!binding) {
        return words;
    }
    const u32 read = std::min(bytes, binding->size) / 4 * 4;
    draw.memory->Read(binding->address, {reinterpret_cast<u8*>(words.data()), read},
                      "a draw's constant buffer");
    return words;
}

VkFramebuffer VulkanHostGpu::DrawFramebuffer(VkRenderPass pass,
                                             const std::vector<VkImageView>& views, u32 width,
                                             u32 height) {
    VkFramebuffer& framebuffer = draw_framebuffers_[{pass, views, width, height}];
    if (framebuffer != VK_NULL_HANDLE) {
        return framebuffer;
    }
    auto info = VulkanStruct<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
    info.renderPass = pass;
    info.attachmentCount = static_cast<u32>(views.size());
    info.pAttachments = views.data();
    info.width = width;
    info.height = height;
    info.layers = 1;
    CheckVulkan(vkCreateFramebuffer(context_.device, &info, nullptr, &framebuffer),
                "vkCreateFramebuffer");
    return framebuffer;
}

bool VulkanHostGpu::DrawLocked(const gpu::DrawCall& draw) {
    const gpu::DrawState& state = draw.state;
    // A counted draw takes an occlusion query; with every query of the pool in this submission
    // taken, the submission is finished (and the queries read) first.
    const bool counted = state.count_samples_passed && samples_pool_ != VK_NULL_HANDLE;
    if (state.count_samples_passed && !counted) {
        NameOnce(
            "samples passed (SET_ZPASS_PIXEL_COUNT): the device lacks precise occlusion "
            "queries; not counted");
    }
    if (counted && samples_queries_used_ == kSamplesQueries) {
        SynchronizeLocked();
    }
    if (state.anti_alias_mode != 0) {
        const auto layout = gpu::SampleLayoutOf(state.anti_alias_mode);
        NameOnce(fmt::format(
            "multisampled rendering (SET_ANTI_ALIAS {}, {} samples a pixel) is not made yet: "
            "drawn with one sample, the targets' memory holding that picture instead of their "
            "samples",
            layout ? layout->name : "of an undefined mode", layout ? layout->Samples() : 0));
    }
    if (u64{draw.count} * draw.instance_count > kLargestDraw) {
        NameOnce(
            fmt::format("a draw of {} vertices x {} instances: beyond the {} nxhost makes; "
                        "not drawn",
                        draw.count, draw.instance_count, kLargestDraw));
        return false;
    }
    const VkPhysicalDeviceFeatures& features = context_.features->core.features;
    // The stages, Maxwell's translated with their bank 1 (deko3d's compiler constants) fixed.
    bool has_vertex = false;
    PipelineDescription description;
    for (const gpu::ShaderProgram& program : draw.programs) {
        const u32 set = static_cast<u32>(description.stages.size());
        const auto& binding = state.constant_buffers[BindGroupOf(program.kind)][1];
        bool bound = false;
        const bool fixes_bank1 =
            binding && program.architecture == gpu::ShaderArchitecture::Maxwell;
        const std::vector<u32> bank1 = ReadConstants(
            draw, program.kind, 1,
            fixes_bank1 ? std::min(binding->size, gpu::kLargestConstantBuffer) / 4 * 4 : 0, bound);
        const GraphicsShader& stage = shaders_->Get(program, bank1, set, state.attributes);
        if (!stage.error.empty()) {
            NameOnce(fmt::format("a draw with the program at {:#x}: {}: not drawn", program.address,
                                 stage.error));
            return false;
        }
        has_vertex = has_vertex || program.kind == gpu::ShaderStageKind::VertexB;
        description.stages.push_back(&stage);
    }
    if (!has_vertex) {
        NameOnce("a draw without a vertex program (PIPELINE_SHADER 1): not drawn");
        return false;
    }
    if (state.texture_bank != 0) {
        NameOnce(fmt::format(
            "texture handles in constant bank {} (BINDLESS_TEXTURE): only deko3d's bank 0 is "
            "read; not drawn",
            state.texture_bank));
        return false;
    }
    const auto topology = TopologyVk(draw.topology);
    if (!topology) {
        NameOnce(fmt::format("topology {} has no Vulkan counterpart: not drawn",
                             static_cast<u32>(draw.topology)));
        return false;
    }
    description.topology = *topology;

    // Render targets (layer 0 of each), and the framebuffer they share.
    std::vector<VkFormat> color_formats;
    std::vector<VkImageView> views;
    std::vector<CachedSurface*> targets;
    u32 width = ~0u;
    u32 height = ~0u;
    for (std::size_t slot = 0; slot < state.color_targets.size(); ++slot) {
        CachedSurface* cached =
            state.color_targets[slot] ? Prepare(*state.color_targets[slot], 0) : nullptr;
        color_formats.push_back(cached ? cached->format.format : VK_FORMAT_UNDEFINED);
        if (!cached) {
            continue;
        }
        views.push_back(View(*cached, 0));
        targets.push_back(cached);
        width = std::min(width, cached->surface.width);
        height = std::min(height, cached->surface.height);
        description.blends.push_back(BlendOf(state.blends[slot], state.color_masks[slot]));
        if (UsesDualSource(state.blends[slot]) && !features.dualSrcBlend) {
            NameOnce("dual-source blending: the device lacks it; not drawn");
            return false;
        }
    }
    // Unused slots still take a blend state (Vulkan counts them among the attachments).
    description.blends.resize(color_formats.size(), BlendOf({}, 0));
    if (!features.independentBlend) {
        for (auto& blend : description.blends) {
            if (std::memcmp(&blend, &description.blends[0], sizeof(blend)) != 0) {
                NameOnce("blends differing per render target: the device has one blend");
                blend = description.blends[0];
            }
        }
    }
    VkFormat depth_format = VK_FORMAT_UNDEFINED;
    if (state.zeta_target) {
        if (CachedSurface* cached = Prepare(*state.zeta_target, 0)) {
            depth_format = cached->format.format;
            views.push_back(View(*cached, 0));
            targets.push_back(cached);
            width = std::min(width, cached->surface.width);
            height = std::min(height, cached->surface.height);
            const bool has_depth = (cached->format.aspects & VK_IMAGE_ASPECT_DEPTH_BIT) != 0;
            const bool has_stencil = (cached->format.aspects & VK_IMAGE_ASPECT_STENCIL_BIT) != 0;
            description.depth_test = state.depth_stencil.depth_test && has_depth;
            description.depth_write = state.depth_stencil.depth_write && has_depth;
            description.depth_compare = CompareOpVk(state.depth_stencil.depth_compare);
            description.stencil_test = state.depth_stencil.stencil_test && has_stencil;
            description.front = StencilOf(state.depth_stencil.front);
            description.back = StencilOf(state.depth_stencil.back);
        }
    }
    if (targets.empty()) {
        NameOnce("a draw with no render target nxhost can make: not drawn");
        return false;
    }
    const bool lower_left = state.rasterizer.origin_lower_left;
    bool minus_one_to_one = state.depth_minus_one_to_one;
    if (minus_one_to_one && !context_.features->depth_clip_control.depthClipControl) {
        NameOnce(
            "OpenGL's -1..1 clip-space depth (SET_VIEWPORT_Z_CLIP): the device lacks "
            "VK_EXT_depth_clip_control; taken as 0..1");
        minus_one_to_one = false;
    }
    description.depth_minus_one_to_one = minus_one_to_one;
    // One viewport and scissor, or all of them where the vertex stage picks one (its viewport
    // index output; the translation needs multiViewport for it).
    description.viewports =
        description.stages[0]->program.layout.writes_viewport_index ? gpu::kViewports : 1;
    // The Vulkan viewport of viewport i, or nothing (named) where the device cannot take it.
    const auto viewport_of = [&](u32 i) -> std::optional<VkViewport> {
        const gpu::Viewport& transform = state.viewports[i];
        if (!ViewportSwizzleFolds(transform)) {
            const auto axis = [&](u32 a) { return static_cast<u32>(transform.swizzle[a]); };
            NameOnce(fmt::format(
                "viewport swizzle {} {} {} {} (clb197.h's numbers): only y negated is made (no "
                "VK_NV_viewport_swizzle); the rest drawn unswizzled",
                axis(0), axis(1), axis(2), axis(3)));
        }
        const float near =
            minus_one_to_one ? transform.offset[2] - transform.scale[2] : transform.offset[2];
        const float far = transform.offset[2] + transform.scale[2];
        if (std::min(near, far) < 0 || std::max(near, far) > 1) {
            NameOnce(
                "a viewport depth range beyond 0..1: clamped to it (no "
                "VK_EXT_depth_range_unrestricted)");
        }
        const VkViewport viewport = ViewportOf(transform, lower_left, minus_one_to_one, height);
        const float bound = context_.limits.viewportBoundsRange[1];
        if (!(viewport.width > 0) || !(std::abs(viewport.height) > 0) ||
            viewport.width > static_cast<float>(context_.limits.maxViewportDimensions[0]) ||
            std::abs(viewport.height) >
                static_cast<float>(context_.limits.maxViewportDimensions[1]) ||
            !(std::abs(viewport.x) + viewport.width <= bound) ||
            !(std::abs(viewport.y) + std::abs(viewport.height) <= bound)) {
            NameOnce(fmt::format("viewport {} at {}, {} of {} x {}: outside what the device takes",
                                 i, viewport.x, viewport.y, viewport.width, viewport.height));
            return std::nullopt;
        }
        return viewport;
    };
    std::vector<VkViewport> viewports;
    std::vector<VkRect2D> scissors;
    for (u32 i = 0; i < description.viewports; ++i) {
        // Viewports 1-15 that were never set (no width) are the usual case, not worth a line.
        const bool unset = i != 0 && state.viewports[i].scale[0] == 0;
        const auto viewport = unset ? std::nullopt : viewport_of(i);
        if (!viewport && i == 0) {
            NameOnce("a draw through viewport 0, which the device cannot take: not drawn");
            return false;
        }
        // A viewport the device cannot take (the unset ones have no width) draws nothing, as
        // a degenerate one on the GPU: a one-pixel viewport behind an empty scissor.
        viewports.push_back(viewport.value_or(VkViewport{0, 0, 1, 1, 0, 1}));
        scissors.push_back(viewport ? ScissorOf(state.scissors[i], lower_left, width, height)
                                    : VkRect2D{{0, 0}, {0, 0}});
    }

    description.render_pass = graphics_->RenderPass(color_formats, depth_format);
    description.cull = CullModeVk(state.rasterizer);
    description.front_face = FrontFaceVk(state.rasterizer.front_face);
    description.polygon_mode = PolygonModeVk(state.rasterizer.polygon_mode);
    if (description.polygon_mode != VK_POLYGON_MODE_FILL && !features.fillModeNonSolid) {
        NameOnce("point and line polygon modes: the device lacks them; filled instead");
        description.polygon_mode = VK_POLYGON_MODE_FILL;
    }
    description.blend_constants = state.blend_constant;

    // Indices: a quad list is drawn as triangles; 8-bit indices widen (Vulkan 1.1 has none).
    const bool quads = draw.topology == gpu::Topology::Quads;
    std::vector<u32> indices;
    if (draw.Indexed() || quads) {
        if (u64{draw.count} * 4 > kLargestUpload) {
            NameOnce(fmt::format("a draw of {} indices: beyond what nxhost reads; not drawn",
                                 draw.count));
            return false;
        }
        indices = ReadIndices(draw);
        if (quads) {
            indices = QuadsToTriangles(indices);
        }
    }
    // The last vertex and instance read, for how much of each stream to copy.
    u64 last_vertex = u64{draw.first} + draw.count - 1;
    if (!indices.empty()) {
        last_vertex = *std::max_element(indices.begin(), indices.end());
        if (draw.Indexed()) {
            last_vertex += draw.base_vertex;
        }
    }
    const u64 last_instance = u64{draw.base_instance} + draw.instance_count - 1;

    // Vertex input: each attribute the vertex stage reads, from its stream or from zeros.
    const shader::GraphicsProgram& vertex = description.stages[0]->program;
    std::vector<VkBuffer> vertex_buffers;
    std::vector<VkDeviceSize> vertex_offsets;
    std::map<u32, u32> binding_of_stream;
    std::optional<u32> zero_binding;
    const auto zeros = [&]() {
        if (!zero_binding) {
            const UploadSlice upload = uploads_->Allocate(16);
            std::memset(upload.data, 0, 16);
            zero_binding = static_cast<u32>(description.bindings.size());
            description.bindings.push_back({*zero_binding, 0, VK_VERTEX_INPUT_RATE_VERTEX});
            vertex_buffers.push_back(upload.buffer);
            vertex_offsets.push_back(upload.offset);
        }
        return *zero_binding;
    };
    for (const shader::StageVarying& input : vertex.layout.inputs) {
        if (input.location >= gpu::kVertexAttributes) {
            continue;
        }
        const gpu::VertexAttribute& attribute = state.attributes[input.location];
        const gpu::VertexStream& stream = state.streams[attribute.stream];
        const auto format = VertexFormatVk(attribute.components, attribute.type);
        if (attribute.constant || !stream.enabled || !format) {
            if (!attribute.constant && stream.enabled) {
                NameOnce(fmt::format(
                    "vertex attribute format (components {}, type {}): reads zeros",
                    static_cast<u32>(attribute.components), static_cast<u32>(attribute.type)));
            }
            // Zeros of the numbers the stage's input takes (Vulkan matches them).
            const VkFormat zero_format =
                input.type == shader::AttributeType::Sint   ? VK_FORMAT_R32G32B32A32_SINT
                : input.type == shader::AttributeType::Uint ? VK_FORMAT_R32G32B32A32_UINT
                                                            : VK_FORMAT_R32G32B32A32_SFLOAT;
            description.attributes.push_back({input.location, zeros(), zero_format, 0});
            continue;
        }
        if (attribute.swap_r_and_b) {
            NameOnce("vertex attributes with R and B swapped: read unswapped");
        }
        const u64 last = stream.per_instance ? last_instance : last_vertex;
        const VkVertexInputRate rate =
            stream.per_instance ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
        // The stream's bytes up to its last element the draw reads (and 64 past it for the
        // attributes' offsets), within its size.
        const auto read_stream = [&]() {
            u64 bytes = (last + 1) * stream.stride + 64;
            if (stream.size != 0) {
                bytes = std::min(bytes, stream.size);
            }
            bytes = std::min(bytes, kLargestUpload);
            const UploadSlice upload = uploads_->Allocate(bytes);
            std::memset(upload.data, 0, bytes);
            draw.memory->Read(stream.address, {upload.data, bytes}, "a draw's vertex stream");
            return std::pair{upload, bytes};
        };
        if (stream.per_instance && stream.divisor > 1) {
            NameOnce(fmt::format("an instance divisor of {}: read as 1", stream.divisor));
        }
        if (attribute.components == gpu::VertexComponents::A8) {
            const u64 elements = std::min(last + 1, kLargestUpload / 4);
            const auto [source, bytes] = read_stream();
            const UploadSlice expanded = uploads_->Allocate(elements * 4);
            ExpandAlphaOnly({source.data, bytes}, stream.stride, attribute.offset, elements,
                            expanded.data);
            const u32 binding = static_cast<u32>(description.bindings.size());
            description.bindings.push_back({binding, 4, rate});
            vertex_buffers.push_back(expanded.buffer);
            vertex_offsets.push_back(expanded.offset);
            description.attributes.push_back({input.location, binding, *format, 0});
            continue;
        }
        auto [found, added] = binding_of_stream.try_emplace(
            attribute.stream, static_cast<u32>(description.bindings.size()));
        if (added) {
            const auto [upload, bytes] = read_stream();
            description.bindings.push_back({found->second, stream.stride, rate});
            vertex_buffers.push_back(upload.buffer);
            vertex_offsets.push_back(upload.offset);
        }
        description.attributes.push_back(
            {input.location, found->second, *format, attribute.offset});
    }

    const GraphicsPipeline& pipeline = graphics_->Get(description);

    // Descriptor sets: each stage's constant banks and textures (texture uploads are recorded
    // here, before the render pass).
    std::vector<VkDescriptorSet> sets;
    for (std::size_t i = 0; i < description.stages.size(); ++i) {
        const GraphicsShader& stage = *description.stages[i];
        const VkDescriptorSet set = uploads_->AllocateSet(pipeline.set_layouts[i]);
        sets.push_back(set);
        std::vector<VkDescriptorBufferInfo> buffers;
        std::vector<VkDescriptorImageInfo> images;
        buffers.reserve(stage.program.layout.constant_banks.size());
        images.reserve(stage.program.layout.images.size());
        std::vector<VkWriteDescriptorSet> writes;
        std::map<u32, std::vector<u32>> banks;  // each bank's words, for the texture handles
        for (const shader::ConstantBankBinding& bank : stage.program.layout.constant_banks) {
            bool bound = false;
            std::vector<u32> words = ReadConstants(draw, stage.kind, bank.bank, bank.bytes, bound);
            if (!bound) {
                NameOnce(fmt::format(
                    "a {} program reads constant bank {}, which nothing binds: "
                    "it reads zeros",
                    stage.kind == gpu::ShaderStageKind::Fragment ? "fragment" : "vertex",
                    bank.bank));
            }
            const UploadSlice upload = uploads_->Allocate(bank.bytes);
            std::memcpy(upload.data, words.data(), bank.bytes);
            banks[bank.bank] = std::move(words);
            buffers.push_back({upload.buffer, upload.offset, bank.bytes});
            auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
            write.dstSet = set;
            write.dstBinding = bank.binding;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
            write.pBufferInfo = &buffers.back();
            writes.push_back(write);
        }
        for (const shader::ImageBinding& image : stage.program.layout.images) {
            if (image.kind != shader::ImageKind::Sampled) {
                NameOnce("storage images in graphics programs: not drawn");
                return false;
            }
            u32 handle = 0;
            const auto bank = banks.find(image.handle_bank);
            if (bank != banks.end() && image.handle_offset / 4 < bank->second.size()) {
                handle = bank->second[image.handle_offset / 4];
            } else {
                bool bound = false;
                const auto words = ReadConstants(draw, stage.kind, image.handle_bank,
                                                 image.handle_offset + 4, bound);
                handle = words.back();
            }
            std::string why;
            const auto texture =
                gpu::ReadBoundTexture(state.texture_pools, *draw.memory, handle, &why);
            if (!texture) {
                NameOnce(fmt::format("a texture of handle {:#x}: {}: not drawn", handle, why));
                return false;
            }
            const CachedTexture* cached =
                textures_->Get(draw.memory, texture->header_words, state.texture_pools.layout,
                               Commands(), submission_);
            if (!cached) {
                return false;  // the texture cache named why
            }
            const bool arrayed = cached->view_type == VK_IMAGE_VIEW_TYPE_2D_ARRAY ||
                                 cached->view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY ||
                                 cached->view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
            const VkImageView view = arrayed == image.arrayed
                                         ? cached->view
                                         : (image.arrayed ? cached->array_view : VK_NULL_HANDLE);
            if (view == VK_NULL_HANDLE) {
                NameOnce(fmt::format(
                    "a texture whose header says {}arrayed sampled as {}arrayed: not drawn",
                    arrayed ? "" : "not ", image.arrayed ? "" : "not "));
                return false;
            }
            images.push_back(
                {samplers_->Get(texture->sampler_words), view, VK_IMAGE_LAYOUT_GENERAL});
            auto write = VulkanStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
            write.dstSet = set;
            write.dstBinding = image.binding;
            write.descriptorCount = 1;
            write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            write.pImageInfo = &images.back();
            writes.push_back(write);
        }
        vkUpdateDescriptorSets(context_.device, static_cast<u32>(writes.size()), writes.data(), 0,
                               nullptr);
    }
    std::optional<UploadSlice> index_upload;
    if (!indices.empty()) {
        index_upload = uploads_->Allocate(indices.size() * 4);
        std::memcpy(index_upload->data, indices.data(), indices.size() * 4);
    }

    // The commands.
    VkCommandBuffer commands = Commands();
    Barrier(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
    auto begin = VulkanStruct<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
    begin.renderPass = description.render_pass;
    begin.framebuffer = DrawFramebuffer(description.render_pass, views, width, height);
    begin.renderArea = {{0, 0}, {width, height}};
    const u32 query = samples_queries_used_;
    if (counted) {
        vkCmdResetQueryPool(commands, samples_pool_, query, 1);
    }
    vkCmdBeginRenderPass(commands, &begin, VK_SUBPASS_CONTENTS_INLINE);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.pipeline);
    if (counted) {
        vkCmdBeginQuery(commands, samples_pool_, query, VK_QUERY_CONTROL_PRECISE_BIT);
        ++samples_queries_used_;
    }
    vkCmdSetViewport(commands, 0, static_cast<u32>(viewports.size()), viewports.data());
    vkCmdSetScissor(commands, 0, static_cast<u32>(scissors.size()), scissors.data());
    if (!vertex_buffers.empty()) {
        vkCmdBindVertexBuffers(commands, 0, static_cast<u32>(vertex_buffers.size()),
                               vertex_buffers.data(), vertex_offsets.data());
    }
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.layout, 0,
                            static_cast<u32>(sets.size()), sets.data(), 0, nullptr);
    if (index_upload) {
        vkCmdBindIndexBuffer(commands, index_upload->buffer, index_upload->offset,
                             VK_INDEX_TYPE_UINT32);
        vkCmdDrawIndexed(commands, static_cast<u32>(indices.size()), draw.instance_count, 0,
                         draw.Indexed() ? static_cast<s32>(draw.base_vertex) : 0,
                         draw.base_instance);
    } else {
        vkCmdDraw(commands, draw.count, draw.instance_count, draw.first, draw.base_instance);
    }
    if (counted) {
        vkCmdEndQuery(commands, samples_pool_, query);
    }
    vkCmdEndRenderPass(commands);
    Barrier(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
    const gpu::Rect area{0, 0, width, height};
    for (CachedSurface* target : targets) {
        auto& changed = target->changed[0];
        changed = changed
                      ? gpu::Rect{0, 0, std::max(changed->x1, width), std::max(changed->y1, height)}
                      : area;
    }
    return true;
}

}  // namespace video
