// The pipeline cache file (video/pipeline_disk_cache.h): the driver's data comes back only for
// the device that made it, and every damaged file is refused with its reason, never handed to
// the driver. Files are made here from a driver header written by hand (Vulkan spec,
// VkPipelineCacheHeaderVersionOne).

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include <xxhash.h>

#include "base/error.h"
#include "video/pipeline_disk_cache.h"

namespace {

using namespace video;

VkPhysicalDeviceProperties Device(u32 vendor = 0x10de, u32 device = 0x2335, u8 uuid_seed = 7) {
    VkPhysicalDeviceProperties properties{};
    properties.vendorID = vendor;
    properties.deviceID = device;
    for (u32 i = 0; i < VK_UUID_SIZE; ++i) {
        properties.pipelineCacheUUID[i] = static_cast<u8>(uuid_seed + 13 * i);
    }
    return properties;
}

// What a driver's vkGetPipelineCacheData gives: its header for `device`, then `body` bytes.
std::vector<u8> DriverData(const VkPhysicalDeviceProperties& device, u32 body = 40) {
    std::vector<u8> data(16 + VK_UUID_SIZE + body);
    const u32 words[4] = {16 + VK_UUID_SIZE, VK_PIPELINE_CACHE_HEADER_VERSION_ONE, device.vendorID,
                          device.deviceID};
    std::memcpy(data.data(), words, sizeof(words));
    std::memcpy(data.data() + 16, device.pipelineCacheUUID, VK_UUID_SIZE);
    for (u32 i = 0; i < body; ++i) {
        data[16 + VK_UUID_SIZE + i] = static_cast<u8>(i * 31 + 5);
    }
    return data;
}

std::string ErrorOf(std::span<const u8> file, const VkPhysicalDeviceProperties& device) {
    try {
        DecodePipelineCacheFile(file, device);
        return "(no error)";
    } catch (const base::Error& error) {
        return error.what();
    }
}

// Gives the file a checksum and length that agree with its data again, so that what follows is
// checked by the driver header's own checks.
void FixUp(std::vector<u8>& file) {
    const u64 length = file.size() - kPipelineCacheHeaderBytes;
    std::memcpy(file.data() + 12, &length, 8);
    const u64 sum = XXH3_64bits(file.data() + kPipelineCacheHeaderBytes, length);
    std::memcpy(file.data() + 20, &sum, 8);
}

TEST(PipelineDiskCache, TheDriversDataComesBackForItsDevice) {
    const std::vector<u8> data = DriverData(Device());
    const std::vector<u8> file = EncodePipelineCacheFile(data);
    EXPECT_EQ(file.size(), kPipelineCacheHeaderBytes + data.size());
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(file.data()), 7), "nxpipes");
    EXPECT_EQ(DecodePipelineCacheFile(file, Device()), data);
}

TEST(PipelineDiskCache, TheFileIsNamedByVendorDeviceAndCacheUuid) {
    VkPhysicalDeviceProperties device = Device(0x10de, 0x2335, 0);
    EXPECT_EQ(PipelineCacheFileName(device),
              "vulkan-10de-2335-000d1a2734414e5b6875828f9ca9b6c3.pipelines");
    device.pipelineCacheUUID[15] ^= 1;
    EXPECT_NE(PipelineCacheFileName(device),
              "vulkan-10de-2335-000d1a2734414e5b6875828f9ca9b6c3.pipelines");
}

TEST(PipelineDiskCache, AnotherDevicesOrDriversDataIsRefused) {
    const std::vector<u8> file = EncodePipelineCacheFile(DriverData(Device()));
    for (const VkPhysicalDeviceProperties& other :
         {Device(0x1002), Device(0x10de, 0x2336), Device(0x10de, 0x2335, 8)}) {
        EXPECT_NE(ErrorOf(file, other).find("made by device 10de:2335 cache"), std::string::npos)
            << ErrorOf(file, other);
    }
}

TEST(PipelineDiskCache, EveryTruncationAndFlippedByteIsRefused) {
    const std::vector<u8> file = EncodePipelineCacheFile(DriverData(Device()));
    for (std::size_t size = 0; size < file.size(); ++size) {
        EXPECT_NE(ErrorOf(std::span(file).first(size), Device()), "(no error)") << size;
    }
    for (std::size_t at = 0; at < file.size(); ++at) {
        std::vector<u8> flipped = file;
        flipped[at] ^= 0x10;
        EXPECT_NE(ErrorOf(flipped, Device()), "(no error)") << at;
    }
}

// Behind a valid checksum: the driver's header is checked before the driver sees a byte.
TEST(PipelineDiskCache, TheDriversHeaderIsCheckedBehindAValidChecksum) {
    const auto with = [](auto change) {
        std::vector<u8> file = EncodePipelineCacheFile(DriverData(Device()));
        change(file);
        FixUp(file);
        return ErrorOf(file, Device());
    };
    const std::size_t driver = kPipelineCacheHeaderBytes;
    EXPECT_EQ(with([&](std::vector<u8>& f) { f[driver] = 4; }),
              "the driver's header claims 4 bytes");
    EXPECT_EQ(with([&](std::vector<u8>& f) { f[driver + 1] = 1; }),
              "the driver's header claims 288 bytes");
    EXPECT_EQ(with([&](std::vector<u8>& f) { f[driver + 4] = 2; }),
              "the driver's header is of version 2");
    EXPECT_EQ(with([&](std::vector<u8>& f) { f.resize(driver + 20); }),
              "the driver's data is 20 bytes, shorter than its header");
    EXPECT_EQ(with([](std::vector<u8>& f) { f[8] = 9; }), "format version 9, this build reads 1");
    EXPECT_EQ(with([](std::vector<u8>& f) { f[0] = 'X'; }),
              "not an nxhost pipeline cache (wrong magic)");
}

}  // namespace
