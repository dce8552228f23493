#include "video/spirv_module.h"

#include <cstring>
#include <string>

#include <fmt/format.h>
#include <vulkan/vulkan_core.h>
#include <spirv-tools/libspirv.hpp>

#include "base/error.h"

namespace video {
namespace {

// From the SPIR-V specification: the magic number, the header's five words, and the
// opcodes and enumerants read here.
constexpr u32 kMagic = 0x07230203;
constexpr u32 kMagicOtherByteOrder = 0x03022307;
constexpr std::size_t kHeaderWords = 5;
constexpr u32 kOpEntryPoint = 15;
constexpr u32 kOpExecutionMode = 16;
constexpr u32 kExecutionModelGLCompute = 5;
constexpr u32 kExecutionModeLocalSize = 17;

// A literal string operand: UTF-8 bytes up to a 0 byte, packed little-endian into words.
std::string_view LiteralString(std::span<const u32> operands) {
    const auto* chars = reinterpret_cast<const char*>(operands.data());
    return {chars, strnlen(chars, operands.size() * 4)};
}

spv_target_env TargetEnvironment(u32 vulkan_api_version) {
    if (vulkan_api_version >= VK_API_VERSION_1_3) {
        return SPV_ENV_VULKAN_1_3;
    }
    if (vulkan_api_version >= VK_API_VERSION_1_2) {
        return SPV_ENV_VULKAN_1_2;
    }
    return SPV_ENV_VULKAN_1_1;
}

}  // namespace

std::vector<u32> SpirvWordsFromBytes(std::span<const u8> bytes, std::string_view source) {
    if (bytes.size() % 4 != 0) {
        base::Fail("SPIR-V {}: {} bytes is not a whole number of 32-bit words", source,
                   bytes.size());
    }
    std::vector<u32> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), bytes.size());
    try {
        CheckSpirvHeader(words);
    } catch (const base::Error& error) {
        base::Fail("{} ({})", error.what(), source);
    }
    return words;
}

void CheckSpirvHeader(std::span<const u32> words) {
    if (words.size() < kHeaderWords) {
        base::Fail("SPIR-V module of {} words is shorter than its {}-word header", words.size(),
                   kHeaderWords);
    }
    if (words[0] == kMagicOtherByteOrder) {
        base::Fail("SPIR-V module is in the other byte order (magic {:#010x})", words[0]);
    }
    if (words[0] != kMagic) {
        base::Fail("not a SPIR-V module: magic number {:#010x}, expected {:#010x}", words[0],
                   kMagic);
    }
}

void ValidateSpirv(std::span<const u32> words, u32 vulkan_api_version) {
    CheckSpirvHeader(words);
    spvtools::SpirvTools tools(TargetEnvironment(vulkan_api_version));
    std::string messages;
    tools.SetMessageConsumer([&messages](spv_message_level_t, const char*,
                                         const spv_position_t& position, const char* message) {
        messages +=
            fmt::format("{}word {}: {}", messages.empty() ? "" : "; ", position.index, message);
    });
    if (!tools.Validate(words.data(), words.size())) {
        base::Fail("invalid SPIR-V module: {}", messages);
    }
}

std::optional<std::array<u32, 3>> SpirvLocalSize(std::span<const u32> words,
                                                 std::string_view entry_point) {
    CheckSpirvHeader(words);
    std::optional<u32> entry_id;
    std::optional<std::array<u32, 3>> local_size;
    for (std::size_t at = kHeaderWords; at < words.size();) {
        const u32 count = words[at] >> 16;
        const u32 opcode = words[at] & 0xffff;
        if (count == 0 || at + count > words.size()) {
            base::Fail("SPIR-V instruction at word {} has a bad length {}", at, count);
        }
        const auto operands = words.subspan(at + 1, count - 1);
        if (opcode == kOpEntryPoint && operands.size() >= 3 &&
            operands[0] == kExecutionModelGLCompute &&
            LiteralString(operands.subspan(2)) == entry_point) {
            entry_id = operands[1];
        }
        // Execution modes follow every entry point in a module's layout.
        if (opcode == kOpExecutionMode && entry_id && operands.size() == 5 &&
            operands[0] == *entry_id && operands[1] == kExecutionModeLocalSize) {
            local_size = std::array<u32, 3>{operands[2], operands[3], operands[4]};
        }
        at += count;
    }
    if (!entry_id) {
        base::Fail("SPIR-V module has no GLCompute entry point named '{}'", entry_point);
    }
    return local_size;
}

}  // namespace video
