#include "video/pipeline_disk_cache.h"

#include <array>
#include <cstring>

#include <fmt/format.h>
#include <xxhash.h>

#include "base/byte_writer.h"
#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "video/vulkan_result.h"
#include "video/vulkan_struct.h"

namespace video {
namespace {

constexpr std::array<u8, 8> kMagic{'n', 'x', 'p', 'i', 'p', 'e', 's', 0};
// The driver's header (Vulkan spec, VkPipelineCacheHeaderVersionOne): u32 header size, u32
// header version, u32 vendor id, u32 device id, u8[VK_UUID_SIZE] pipelineCacheUUID.
constexpr std::size_t kDriverHeaderBytes = 16 + VK_UUID_SIZE;

template <typename T>
T Read(std::span<const u8> bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

std::string Hex(std::span<const u8> bytes) {
    std::string text;
    for (const u8 byte : bytes) {
        text += fmt::format("{:02x}", byte);
    }
    return text;
}

}  // namespace

std::string PipelineCacheFileName(const VkPhysicalDeviceProperties& device) {
    return fmt::format("vulkan-{:04x}-{:04x}-{}.pipelines", device.vendorID, device.deviceID,
                       Hex(device.pipelineCacheUUID));
}

std::vector<u8> EncodePipelineCacheFile(std::span<const u8> driver_data) {
    base::ByteWriter file;
    file.WriteBytes(0, kMagic);
    file.Write(8, kPipelineCacheFormatVersion);
    file.Write(12, u64{driver_data.size()});
    file.Write(20, u64{XXH3_64bits(driver_data.data(), driver_data.size())});
    file.WriteBytes(kPipelineCacheHeaderBytes, driver_data);
    return file.Take();
}

std::vector<u8> DecodePipelineCacheFile(std::span<const u8> file,
                                        const VkPhysicalDeviceProperties& device) {
    if (file.size() < kPipelineCacheHeaderBytes) {
        base::Fail("{} bytes, shorter than the {}-byte header", file.size(),
                   kPipelineCacheHeaderBytes);
    }
    if (std::memcmp(file.data(), kMagic.data(), kMagic.size()) != 0) {
        base::Fail("not an nxhost pipeline cache (wrong magic)");
    }
    if (const u32 version = Read<u32>(file, 8); version != kPipelineCacheFormatVersion) {
        base::Fail("format version {}, this build reads {}", version, kPipelineCacheFormatVersion);
    }
    const std::span<const u8> data = file.subspan(kPipelineCacheHeaderBytes);
    if (const u64 length = Read<u64>(file, 12); length != data.size()) {
        base::Fail("{} bytes of driver data announced, {} there", length, data.size());
    }
    if (Read<u64>(file, 20) != XXH3_64bits(data.data(), data.size())) {
        base::Fail("checksum mismatch");
    }
    if (data.size() < kDriverHeaderBytes) {
        base::Fail("the driver's data is {} bytes, shorter than its header", data.size());
    }
    const u32 header_bytes = Read<u32>(data, 0);
    if (header_bytes < kDriverHeaderBytes || header_bytes > data.size()) {
        base::Fail("the driver's header claims {} bytes", header_bytes);
    }
    if (const u32 version = Read<u32>(data, 4); version != VK_PIPELINE_CACHE_HEADER_VERSION_ONE) {
        base::Fail("the driver's header is of version {}", version);
    }
    const u32 vendor = Read<u32>(data, 8);
    const u32 device_id = Read<u32>(data, 12);
    const std::span<const u8> uuid = data.subspan(16, VK_UUID_SIZE);
    if (vendor != device.vendorID || device_id != device.deviceID ||
        std::memcmp(uuid.data(), device.pipelineCacheUUID, VK_UUID_SIZE) != 0) {
        base::Fail("made by device {:04x}:{:04x} cache {}, not this {:04x}:{:04x} cache {}", vendor,
                   device_id, Hex(uuid), device.vendorID, device.deviceID,
                   Hex(device.pipelineCacheUUID));
    }
    return {data.begin(), data.end()};
}

PipelineDiskCache::PipelineDiskCache(VkDevice device, const VkPhysicalDeviceProperties& properties,
                                     std::optional<std::filesystem::path> folder)
    : device_(device), properties_(properties), folder_(std::move(folder)) {
    std::vector<u8> initial;
    if (const auto path = Path(); path && std::filesystem::exists(*path)) {
        try {
            initial = DecodePipelineCacheFile(base::ReadFile(*path), properties_);
        } catch (const base::Error& error) {
            LOG_WARNING("video", "pipeline cache {} not used ({}); starting an empty one",
                        path->string(), error.what());
        }
    }
    auto info =
        VulkanStruct<VkPipelineCacheCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO);
    info.initialDataSize = initial.size();
    info.pInitialData = initial.empty() ? nullptr : initial.data();
    CheckVulkan(vkCreatePipelineCache(device_, &info, nullptr, &cache_), "vkCreatePipelineCache");
    loaded_bytes_ = initial.size();
    if (loaded_bytes_ != 0) {
        LOG_INFO("video", "pipeline cache: {} bytes of the driver's loaded from {}", loaded_bytes_,
                 Path()->string());
    }
}

PipelineDiskCache::~PipelineDiskCache() {
    Save();
    vkDestroyPipelineCache(device_, cache_, nullptr);
}

std::optional<std::filesystem::path> PipelineDiskCache::Path() const {
    if (!folder_) {
        return std::nullopt;
    }
    return *folder_ / PipelineCacheFileName(properties_);
}

void PipelineDiskCache::Save() {
    const auto path = Path();
    if (!path) {
        return;
    }
    try {
        std::size_t size = 0;
        CheckVulkan(vkGetPipelineCacheData(device_, cache_, &size, nullptr),
                    "vkGetPipelineCacheData");
        std::vector<u8> data(size);
        CheckVulkan(vkGetPipelineCacheData(device_, cache_, &size, data.data()),
                    "vkGetPipelineCacheData");
        data.resize(size);
        std::filesystem::create_directories(*folder_);
        base::WriteFileAtomic(*path, EncodePipelineCacheFile(data));
    } catch (const std::exception& error) {
        LOG_WARNING("video", "pipeline cache not saved to {}: {}", path->string(), error.what());
    }
}

}  // namespace video
