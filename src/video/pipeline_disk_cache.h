#pragma once

// The driver's own pipeline cache (VkPipelineCache) kept on disk between runs, so that a second
// start builds the pipelines it built before from the driver's cache instead of compiling them
// again. One file per device and driver, beside the shader cache's entries:
//   0  u8[8]  magic "nxpipes\0"
//   8  u32    format version (kPipelineCacheFormatVersion)
//  12  u64    length of the driver's data (exactly the bytes after this header)
//  20  u64    XXH3-64 of the driver's data
//  28         the driver's data (vkGetPipelineCacheData), whose own header (Vulkan spec 10.7.4:
//             header size, version one, vendor and device id, the pipelineCacheUUID) must
//             name this device before a byte of it reaches the driver.
// A file that is missing, damaged or another device's is named in the log and an empty cache is
// started; the file is written atomically when the host GPU closes.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "base/types.h"

namespace video {

inline constexpr u32 kPipelineCacheFormatVersion = 1;
inline constexpr std::size_t kPipelineCacheHeaderBytes = 28;

// The file's name for this device and driver: its vendor, device and pipelineCacheUUID.
std::string PipelineCacheFileName(const VkPhysicalDeviceProperties& device);

// The file's bytes for the driver's data.
std::vector<u8> EncodePipelineCacheFile(std::span<const u8> driver_data);
// The driver's data in a file, checked: throws base::Error saying what is wrong (short, magic,
// version, length, checksum, the driver header's size, version, vendor, device or UUID).
std::vector<u8> DecodePipelineCacheFile(std::span<const u8> file,
                                        const VkPhysicalDeviceProperties& device);

class PipelineDiskCache {
public:
    // `folder`: where the file lives (none: a cache in memory only).
    PipelineDiskCache(VkDevice device, const VkPhysicalDeviceProperties& properties,
                      std::optional<std::filesystem::path> folder);
    ~PipelineDiskCache();  // saves, then destroys the cache
    PipelineDiskCache(const PipelineDiskCache&) = delete;
    PipelineDiskCache& operator=(const PipelineDiskCache&) = delete;

    VkPipelineCache Get() const { return cache_; }
    // Bytes of driver data loaded at the start (0: started empty).
    u64 LoadedBytes() const { return loaded_bytes_; }
    // Writes the driver's current data to the file (atomically); logs and goes on when it cannot.
    void Save();
    std::optional<std::filesystem::path> Path() const;

private:
    VkDevice device_;
    VkPhysicalDeviceProperties properties_;
    std::optional<std::filesystem::path> folder_;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    u64 loaded_bytes_ = 0;
};

}  // namespace video
