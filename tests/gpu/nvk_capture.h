#pragma once

// A capture of Mesa NVK's submissions (tests/gpu/nvk/nvk_capture_format.md, made by
// tests/gpu/nvk/nvk_capture.so): its records in order. ReadNvkCapture checks every length and
// field and throws base::Error naming the file, the record and what is wrong.

#include <string>
#include <variant>
#include <vector>

#include "base/types.h"

namespace gpu_test {

struct NvkBufferObject {  // GEM_NEW
    u32 handle = 0;
    u32 domain = 0;
    u64 size = 0;
};
struct NvkClose {  // GEM_CLOSE
    u32 handle = 0;
};
struct NvkBind {  // one VM_BIND operation
    static constexpr u32 kMap = 0;
    static constexpr u32 kUnmap = 1;
    static constexpr u32 kSparse = 1u << 8;
    u32 op = 0;
    u32 flags = 0;  // the low byte: the PTE kind
    u32 handle = 0;
    u64 address = 0;
    u64 object_offset = 0;
    u64 size = 0;
};
struct NvkWrite {  // bytes the CPU wrote into an object
    u32 handle = 0;
    u64 offset = 0;
    std::vector<u8> bytes;
};
struct NvkPush {
    u64 address = 0;
    u32 bytes = 0;
    u32 flags = 0;
};
struct NvkExec {  // one submission
    u32 channel = 0;
    std::vector<NvkPush> pushes;
};

using NvkRecord = std::variant<NvkBufferObject, NvkClose, NvkBind, NvkWrite, NvkExec>;

inline constexpr u32 kNvkCaptureVersion = 1;

std::vector<NvkRecord> ParseNvkCapture(const std::vector<u8>& file, const std::string& name);
std::vector<NvkRecord> ReadNvkCapture(const std::string& path);

}  // namespace gpu_test
