#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"
#include "cuda_runner/buffer_compare.h"
#include "cuda_runner/kernel_runner.h"

namespace cuda_runner {

// What an out or inout buffer must hold after the launch.
struct ExpectedBuffer {
    u32 parameter = 0;  // index into launch.arguments
    std::filesystem::path file;
    std::vector<u8> bytes;
    CompareSpec compare;
    std::string where;  // "int32_ops.run:9", for messages
};

// `global NAME FILE`: a module-scope variable (__constant__ / __device__) set before the launch.
struct ManifestGlobal {
    std::string symbol;
    std::filesystem::path file;
    std::vector<u8> bytes;
    std::string where;
};

// A launch manifest of the CUDA reference runs (tests/shader/cuda/runs/README.md).
struct LaunchManifest {
    std::filesystem::path path;
    std::filesystem::path cubin;  // resolved: relative to the manifest folder's parent
    std::string kernel;
    KernelLaunch launch;  // arguments hold their files' bytes (zeros for `out`); globals too
    std::vector<ExpectedBuffer> expected;
    std::vector<ManifestGlobal> globals;
    std::string description;  // the leading comment, without '#'
};

// Reads a manifest and every file it names (relative to its folder). Throws base::Error naming
// the manifest's file and line on anything malformed: unknown directives, missing files,
// expected files of the wrong size, compare specs that do not parse for their buffer.
LaunchManifest ReadLaunchManifest(const std::filesystem::path& path);

// The same from text; files are still found next to `path`.
LaunchManifest ParseLaunchManifest(std::string_view text, const std::filesystem::path& path);

}  // namespace cuda_runner
