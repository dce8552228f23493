#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "shader/compute.h"

namespace video {

struct ComputeDeviceOptions {
    // Which physical device: an index or a substring of its name. Empty: the environment's
    // NXHOST_VULKAN_DEVICE, else the first discrete GPU, else an integrated one, else any
    // other (lavapipe, the CPU device of mesa-vulkan-drivers).
    std::string device;
};

// Descriptor kinds of set 0: buffers (DispatchBuffer) and images (DispatchImage).
enum class BufferKind { Uniform, Storage, StorageTexelBuffer, SampledImage, StorageImage };

// Texel components: 32-bit floats, unsigned or signed integers, or 8-bit unsigned normalised
// (4 channels only: R8G8B8A8_UNORM).
enum class ImageTexels { Float, Uint, Sint, Unorm8 };

// One binding of descriptor set 0, backed by host bytes: uploaded before the dispatch; a
// storage buffer's (and a storage texel buffer's) bytes are replaced by the device's after it.
// A storage texel buffer is viewed as texels of `texels` with `channels` components.
struct DispatchBuffer {
    u32 binding = 0;
    BufferKind kind = BufferKind::Storage;
    std::vector<u8>* bytes = nullptr;
    ImageTexels texels = ImageTexels::Uint;
    u32 channels = 1;
};

// A combined image sampler or a storage image of descriptor set 0, backed by host texels:
// uploaded before the dispatch; a storage image's texels are replaced by the device's after it.
// One mip level and one layer (an arrayed view has that one layer).
enum class ImageAddress { ClampToEdge, Repeat, MirroredRepeat, ClampToBorder };
struct DispatchImage {
    u32 binding = 0;
    bool storage = false;
    shader::ImageDim dim = shader::ImageDim::D2;
    bool arrayed = false;
    std::array<u32, 3> size{1, 1, 1};
    ImageTexels texels = ImageTexels::Float;
    u32 channels = 4;  // 1, 2 or 4
    bool linear_filter = false;
    ImageAddress address = ImageAddress::ClampToEdge;
    bool normalized = true;
    std::vector<u8>* bytes = nullptr;  // x fastest, then rows, then slices
};

struct ComputeDispatch {
    std::span<const u32> spirv;
    std::string entry_point = "main";
    std::vector<DispatchBuffer> buffers;
    std::vector<DispatchImage> images;
    std::array<u32, 3> groups{1, 1, 1};
    // Every subgroup exactly 32 invocations wide (CUDA's warp), as code using warp
    // intrinsics needs; a device that cannot give that is an error.
    bool require_32_wide_subgroups = false;
    // The same dispatch this many times in one submission, each after the previous one's
    // writes (for timing; buffers are read back after the last).
    u32 repeat = 1;
};

struct DispatchResult {
    // GPU time of all `repeat` dispatches together, when the queue has timestamps.
    std::optional<u64> gpu_time_ns;
    bool pipeline_was_cached = false;
};

// A Vulkan device for compute work, without a window. Dispatch is serialised internally.
class ComputeDevice {
public:
    // Throws base::Error when there is no usable Vulkan 1.1 device or the choice matches none.
    static std::unique_ptr<ComputeDevice> Open(const ComputeDeviceOptions& options = {});
    ~ComputeDevice();
    ComputeDevice(const ComputeDevice&) = delete;
    ComputeDevice& operator=(const ComputeDevice&) = delete;

    // What the translator may rely on, from the features and extensions enabled.
    const shader::TargetProfile& Target() const;
    const std::string& Name() const;    // "NVIDIA GeForce RTX 3080", "llvmpipe (LLVM 15...)"
    const std::string& Driver() const;  // driver name and version info, for logs and results
    bool HasTimestamps() const;

    // Uploads, builds (or reuses) the pipeline, dispatches, waits and reads back. Throws
    // base::Error on bad SPIR-V, bad group counts, missing features or a failed Vulkan call.
    DispatchResult Dispatch(const ComputeDispatch& dispatch);
    std::size_t CachedPipelines() const;

    struct Impl;

private:
    explicit ComputeDevice(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace video
