#include "video_test_support.h"

#include <cstring>
#include <filesystem>
#include <string>

#include "base/file.h"
#include "video/spirv_module.h"

namespace video::testing {

std::vector<u32> LoadKernel(std::string_view name) {
    const std::filesystem::path path =
        std::filesystem::path(NXHOST_VIDEO_KERNEL_DIR) / (std::string(name) + ".spv");
    return SpirvWordsFromBytes(base::ReadFile(path), path.string());
}

ComputeDevice& SharedDevice() {
    static const std::unique_ptr<ComputeDevice> device = ComputeDevice::Open();
    return *device;
}

std::vector<u8> WordBytes(const std::vector<u32>& words) {
    std::vector<u8> bytes(words.size() * 4);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

std::vector<u32> BytesWords(const std::vector<u8>& bytes) {
    std::vector<u32> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), words.size() * 4);
    return words;
}

}  // namespace video::testing
